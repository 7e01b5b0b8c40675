import Testing
@testable import Markup

struct FootnoteTests {
    static func ref(_ number: Int, _ count: Int = 1, prefix: String = "") -> String {
        let id = "\(prefix)fnref-\(number)" + (count > 1 ? "-\(count)" : "")
        return "<sup class=\"footnote-ref\"><a href=\"#\(prefix)fn-\(number)\" id=\"\(id)\" data-footnote-ref>\(number)</a></sup>"
    }

    static func back(_ number: Int, _ count: Int = 1, prefix: String = "") -> String {
        let suffix = count > 1 ? "-\(count)" : ""
        let superscript = count > 1 ? "<sup class=\"footnote-ref\">\(count)</sup>" : ""
        return "<a href=\"#\(prefix)fnref-\(number)\(suffix)\" class=\"footnote-backref\" data-footnote-backref "
            + "data-footnote-backref-idx=\"\(number)\(suffix)\" aria-label=\"Back to reference \(number)\(suffix)\">↩\(superscript)</a>"
    }

    static let open = "<section class=\"footnotes\" data-footnotes>\n<ol>\n"
    static let close = "</ol>\n</section>\n"

    /// GitHub's spec example of footnotes: two notes, one of several
    /// paragraphs with indented continuation and code.
    @Test func specExampleWithSeveralParagraphs() {
        let markdown = "Here is a simple footnote[^1].\n\nA footnote can also have multiple lines[^2].\n\n"
            + "[^1]: My reference.\n[^2]: Every new line should be prefixed with 2 spaces.\n"
            + "    This allows you to have a footnote with multiple lines.\n"
        let document = Document(markdown: markdown, options: MarkdownOptions(smartPunctuation: false))
        #expect(document.html == "<p>Here is a simple footnote\(Self.ref(1)).</p>\n"
            + "<p>A footnote can also have multiple lines\(Self.ref(2)).</p>\n" + Self.open
            + "<li id=\"fn-1\">\n<p>My reference. \(Self.back(1))</p>\n</li>\n"
            + "<li id=\"fn-2\">\n<p>Every new line should be prefixed with 2 spaces.\n"
            + "This allows you to have a footnote with multiple lines. \(Self.back(2))</p>\n</li>\n" + Self.close)
    }

    @Test func indentedContinuationParagraphsAndCode() {
        let markdown = "Text[^note].\n\n[^note]: First paragraph.\n\n    Second paragraph with a [link](/x).\n\n        let code = 1\n\nAfter.\n"
        let document = Document(markdown: markdown)
        #expect(document.html == "<p>Text\(Self.ref(1)).</p>\n<p>After.</p>\n" + Self.open
            + "<li id=\"fn-1\">\n<p>First paragraph.</p>\n<p>Second paragraph with a <a href=\"/x\">link</a>.</p>\n"
            + "<pre><code>let code = 1\n</code></pre>\n<p>\(Self.back(1))</p>\n</li>\n" + Self.close)
        #expect(document.links.map(\.line) == [5])
        #expect(document.links.map(\.column) == [29])
    }

    @Test func notesAreNumberedInReferenceOrderAndRepeatedReferencesGetBackLinks() {
        let markdown = "A[^b] B[^a] C[^b].\n\n[^a]: Note a.\n\n[^b]: Note b.\n"
        let document = Document(markdown: markdown)
        #expect(document.html == "<p>A\(Self.ref(1)) B\(Self.ref(2)) C\(Self.ref(1, 2)).</p>\n" + Self.open
            + "<li id=\"fn-1\">\n<p>Note b. \(Self.back(1)) \(Self.back(1, 2))</p>\n</li>\n"
            + "<li id=\"fn-2\">\n<p>Note a. \(Self.back(2))</p>\n</li>\n" + Self.close)
    }

    @Test func referenceWithoutDefinitionStaysText() {
        let document = Document(markdown: "No note[^missing] here.\n")
        #expect(document.html == "<p>No note[^missing] here.</p>\n")
    }

    @Test func unreferencedDefinitionIsDropped() {
        let document = Document(markdown: "Text.\n\n[^1]: Never used.\n")
        #expect(document.html == "<p>Text.</p>\n")
    }

    /// cmark alone would read this definition as a link definition and
    /// turn every `[^1]` into a link to it.
    @Test func definitionThatLooksLikeALinkDefinition() {
        let document = Document(markdown: "See[^1].\n\n[^1]: https://example.org\n")
        #expect(document.html == "<p>See\(Self.ref(1)).</p>\n" + Self.open
            + "<li id=\"fn-1\">\n<p><a href=\"https://example.org\">https://example.org</a> \(Self.back(1))</p>\n</li>\n" + Self.close)
    }

    @Test func labelsMatchInAnyLetterCase() {
        let document = Document(markdown: "x[^Note]\n\n[^note]: n\n")
        #expect(document.html == "<p>x\(Self.ref(1))</p>\n" + Self.open + "<li id=\"fn-1\">\n<p>n \(Self.back(1))</p>\n</li>\n" + Self.close)
    }

    @Test func escapedAndCodeMarkersStayText() {
        let document = Document(markdown: "a \\[^1] b `[^1]` c\n\n```\n[^1]\n```\n\n[^1]: n\n")
        #expect(document.html == "<p>a [^1] b <code>[^1]</code> c</p>\n<pre><code>[^1]\n</code></pre>\n")
    }

    @Test func definitionOnTheLineAfterAParagraphStartsANote() {
        let document = Document(markdown: "Text[^1] here\n[^1]: The note.\n")
        #expect(document.html == "<p>Text\(Self.ref(1)) here</p>\n" + Self.open
            + "<li id=\"fn-1\">\n<p>The note. \(Self.back(1))</p>\n</li>\n" + Self.close)
    }

    @Test func referenceInATableCell() {
        let document = Document(markdown: "| a | b |\n|---|---|\n| x[^1] | y |\n\n[^1]: In a cell.\n")
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
            + "<td>x\(Self.ref(1))</td>\n<td>y</td>\n</tr>\n</tbody>\n</table>\n" + Self.open
            + "<li id=\"fn-1\">\n<p>In a cell. \(Self.back(1))</p>\n</li>\n" + Self.close)
    }

    @Test func noteReferringToAnotherNote() {
        let document = Document(markdown: "a[^1]\n\n[^1]: one[^2]\n\n[^2]: two\n")
        #expect(document.html == "<p>a\(Self.ref(1))</p>\n" + Self.open
            + "<li id=\"fn-1\">\n<p>one\(Self.ref(2)) \(Self.back(1))</p>\n</li>\n"
            + "<li id=\"fn-2\">\n<p>two \(Self.back(2))</p>\n</li>\n" + Self.close)
    }

    @Test func idPrefixKeepsIDsApartOnAListPage() {
        var options = MarkdownOptions()
        options.footnoteIDPrefix = "post-7-"
        let document = Document(markdown: "a[^1]\n\n[^1]: n\n", options: options)
        #expect(document.html == "<p>a\(Self.ref(1, prefix: "post-7-"))</p>\n" + Self.open
            + "<li id=\"post-7-fn-1\">\n<p>n \(Self.back(1, prefix: "post-7-"))</p>\n</li>\n" + Self.close)
    }

    @Test func headingsAvoidFootnoteIDs() {
        let document = Document(markdown: "# Fn 1\n\na[^1]\n\n[^1]: n\n")
        #expect(document.headings.map(\.id) == ["fn-1-1"])
    }

    @Test func plainTextHasTheNoteTextWithoutMarkers() {
        let document = Document(markdown: "Claim[^1] made.\n\n[^1]: Source of the claim.\n")
        #expect(document.plainText == "Claim made.\nSource of the claim.")
        #expect(document.html.hasPrefix("<p>Claim\(Self.ref(1)) made.</p>\n"))
    }

    /// List pages show summaries without the notes: the references would
    /// link nowhere and give two summaries the same ids.
    @Test func summaryLeavesReferencesOut() {
        let first = Document(markdown: "Claim[^1] made.\n\n[^1]: Source.\n")
        #expect(first.summaryHTML == "<p>Claim made.</p>\n")
        let marked = Document(markdown: "Intro[^a].\n\nMore[^b].\n\n<!--more-->\n\nRest.\n\n[^a]: A.\n\n[^b]: B.\n")
        #expect(marked.summaryHTML == "<p>Intro.</p>\n<p>More.</p>\n")
        #expect(marked.html.hasPrefix("<p>Intro\(Self.ref(1)).</p>\n<p>More\(Self.ref(2)).</p>\n"))
    }

    @Test func switchedOffFootnotesAreCommonMark() {
        var options = MarkdownOptions()
        options.footnotes = false
        let document = Document(markdown: "See[^1].\n\n[^1]: https://example.org\n", options: options)
        #expect(document.html == "<p>See<a href=\"https://example.org\">^1</a>.</p>\n")
    }
}

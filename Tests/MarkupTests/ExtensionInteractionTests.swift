import Testing
@testable import Markup

/// The extensions together, and with the older ones (tables,
/// strikethrough, anchors, raw HTML).
struct ExtensionInteractionTests {
    static let plain = MarkdownOptions(smartPunctuation: false)

    @Test func autolinkInATableCell() {
        let document = Document(markdown: "| site |\n|---|\n| www.a.org |\n", options: Self.plain)
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th>site</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
            + "<td><a href=\"http://www.a.org\">www.a.org</a></td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func autolinkInsideLinkTextDoesNotNest() {
        let document = Document(markdown: "[see https://a.org/x here](https://b.org) and [**www.c.org**][r]\n\n[r]: /r\n", options: Self.plain)
        #expect(document.html == "<p><a href=\"https://b.org\">see https://a.org/x here</a> and "
            + "<a href=\"/r\"><strong>www.c.org</strong></a></p>\n")
        #expect(document.links.map(\.url) == ["https://b.org", "/r"])
    }

    @Test func autolinkInsideAFootnoteAndStrikethrough() {
        let document = Document(markdown: "x[^1] ~~www.old.org~~\n\n[^1]: See https://a.org.\n", options: Self.plain)
        #expect(document.html == "<p>x\(FootnoteTests.ref(1)) <del><a href=\"http://www.old.org\">www.old.org</a></del></p>\n"
            + FootnoteTests.open + "<li id=\"fn-1\">\n<p>See <a href=\"https://a.org\">https://a.org</a>. "
            + "\(FootnoteTests.back(1))</p>\n</li>\n" + FootnoteTests.close)
    }

    @Test func footnoteReferenceInAHeadingWithAttributes() {
        let document = Document(markdown: "## Title[^1] {#t}\n\n[^1]: n\n")
        #expect(document.html == "<h2 id=\"t\">Title\(FootnoteTests.ref(1))</h2>\n" + FootnoteTests.open
            + "<li id=\"fn-1\">\n<p>n \(FootnoteTests.back(1))</p>\n</li>\n" + FootnoteTests.close)
        #expect(document.headings == [Heading(level: 2, title: "Title", id: "t")])
    }

    @Test func taskListInsideAnAlert() {
        let document = Document(markdown: "> [!IMPORTANT]\n> - [ ] back up\n")
        #expect(document.html == "<div class=\"alert alert-important\">\n<p class=\"alert-title\">Important</p>\n"
            + "<ul>\n<li><input disabled=\"\" type=\"checkbox\"> back up</li>\n</ul>\n</div>\n")
    }

    @Test func definitionListInsideAListItem() {
        let document = Document(markdown: "- Term\n  : Def\n")
        #expect(document.html == "<ul>\n<li>\n<dl>\n<dt>Term</dt>\n<dd>Def</dd>\n</dl>\n</li>\n</ul>\n")
    }

    @Test func rawHTMLOffEscapesTagsButExtensionsStillWork() {
        let document = Document(markdown: "- [x] <b>bold</b> www.a.org\n", options: Self.plain)
        #expect(document.html == "<ul>\n<li><input checked=\"\" disabled=\"\" type=\"checkbox\"> &lt;b&gt;bold&lt;/b&gt; "
            + "<a href=\"http://www.a.org\">www.a.org</a></li>\n</ul>\n")
    }

    @Test func summaryMarkerWithFootnotes() {
        let document = Document(markdown: "Intro[^1].\n\n<!--more-->\n\nRest.\n\n[^1]: n\n")
        #expect(document.summaryHTML == "<p>Intro.</p>\n")
        #expect(document.html.hasSuffix(FootnoteTests.close))
    }

    /// Joining text nodes and the other passes leave a document without
    /// extension syntax exactly as without the extensions.
    @Test func documentsWithoutExtensionSyntaxAreUnchanged() {
        let markdown = "# Title\n\nA [link](/x) and `code` and *em* [ref].\n\n> quote\n\n- item\n\n[ref]: /r\n"
        var off = MarkdownOptions()
        off.footnotes = false
        off.taskLists = false
        off.autolinks = false
        off.headingAttributes = false
        off.alerts = false
        off.definitionLists = false
        #expect(Document(markdown: markdown).html == Document(markdown: markdown, options: off).html)
    }
}

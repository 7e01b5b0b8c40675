import Testing
@testable import Markup

/// HTML the program makes reaches the page through placeholders, even with
/// the author's raw HTML escaped.
struct TrustedHTMLTests {
    let figure = "<figure><img src=\"a.png\"></figure>"

    func html(_ markdown: String, _ fragments: [String]) -> String {
        Document(markdown: markdown, trustedHTML: fragments).html
    }

    @Test func aPlaceholderAloneInAParagraphBecomesABlock() {
        let markdown = "Before.\n\n\(TrustedHTML.placeholder(0))\n\nAfter <b>.\n"
        #expect(html(markdown, [figure]) == "<p>Before.</p>\n\(figure)\n<p>After &lt;b&gt;.</p>\n")
    }

    @Test func placeholdersOnTheFirstAndLastLinesOfAParagraphLeaveIt() {
        let markdown = "\(TrustedHTML.placeholder(0))\nInside *text*.\n\(TrustedHTML.placeholder(1))\n"
        #expect(html(markdown, ["<details>", "</details>"]) == "<details>\n<p>Inside <em>text</em>.</p>\n</details>\n")
        let two = "\(TrustedHTML.placeholder(0))\n\(TrustedHTML.placeholder(1))\n"
        #expect(html(two, ["<a>", "<b>"]) == "<a>\n<b>\n")
    }

    @Test func aPlaceholderInsideALineStaysInline() {
        let markdown = "See \(TrustedHTML.placeholder(0)) here.\n"
        #expect(html(markdown, ["<span class=\"x\">1</span>"]) == "<p>See <span class=\"x\">1</span> here.</p>\n")
    }

    @Test func placeholdersAreNotPlainTextAndUnknownNumbersStayText() {
        let document = Document(markdown: "One \(TrustedHTML.placeholder(0)) two \(TrustedHTML.placeholder(7)).\n", trustedHTML: ["<br>"])
        #expect(document.html == "<p>One <br> two \(TrustedHTML.placeholder(7)).</p>\n")
        #expect(document.plainText == "One  two \(TrustedHTML.placeholder(7)).")
        let withoutFragments = Document(markdown: "Text \(TrustedHTML.placeholder(0))\n")
        #expect(withoutFragments.html == "<p>Text \(TrustedHTML.placeholder(0))</p>\n")
    }

    @Test func theFirstParagraphRemovedLeavesNoSummary() {
        let document = Document(markdown: "\(TrustedHTML.placeholder(0))\n\nText.\n", trustedHTML: [figure])
        #expect(document.html == "\(figure)\n<p>Text.</p>\n")
        #expect(document.summaryHTML == "")
    }
}

/// The first raw HTML that is escaped is reported with its place.
struct RawHTMLPlaceTests {
    @Test func theFirstTagIsFoundWithItsPlace() {
        let document = Document(
            markdown: "Text <!-- note --> and <span class=\"x\">a</span>.\n\n<div>\nblock\n</div>\n", firstLineNumber: 5)
        #expect(document.firstRawHTML == RawHTMLPlace(line: 5, column: 24, tag: "<span class=\"x\">"))
        let block = Document(markdown: "Text.\n\n  <div class=\"note\">\nblock\n</div>\n")
        #expect(block.firstRawHTML == RawHTMLPlace(line: 3, column: 3, tag: "<div class=\"note\">"))
    }

    @Test func commentsAndAllowedHTMLAreNotReported() {
        #expect(Document(markdown: "<!-- a comment -->\n\nText.\n").firstRawHTML == nil)
        #expect(Document(markdown: "<b>bold</b>\n", options: .commonMark).firstRawHTML == nil)
    }
}

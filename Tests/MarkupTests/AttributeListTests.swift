import Testing
@testable import Markup

/// kramdown attribute lists give the element before them attributes.
struct AttributeListTests {
    func html(_ markdown: String) -> String { Document(markdown: markdown).html }

    @Test func afterAnImage() {
        #expect(html("![Logo](a.png){: width=\"300\" height='100' .center #logo} text\n")
            == "<p><img src=\"a.png\" alt=\"Logo\" id=\"logo\" class=\"center\" width=\"300\" height=\"100\" /> text</p>\n")
        #expect(html("![Logo](a.png \"Old\"){: alt=\"Tom & \\\"Jerry\\\"\" title=\"T\"}\n")
            == "<p><img src=\"a.png\" alt=\"Tom &amp; &quot;Jerry&quot;\" title=\"T\" /></p>\n")
    }

    @Test func afterALinkAnOpeningTargetIsDropped() {
        let document = Document(markdown: "Intro.\n\nSee [Docs](https://x.org){:target=\"\\_blank\"} and [more](b.html){: .ext title=\"B\"}.\n", firstLineNumber: 4)
        #expect(document.html == "<p>Intro.</p>\n<p>See <a href=\"https://x.org\">Docs</a> and <a href=\"b.html\" title=\"B\" class=\"ext\">more</a>.</p>\n")
        #expect(document.firstDroppedAttribute == DroppedAttribute(key: "target", line: 6, column: 26))
    }

    @Test func onTheLineAfterAParagraphOrAHeading() {
        let document = Document(markdown: "## Title\n{: #custom .big}\n\nSome *text*.\n{: .note}\n")
        #expect(document.html == "<h2 id=\"custom\" class=\"big\">Title</h2>\n<p class=\"note\">Some <em>text</em>.</p>\n")
        #expect(document.headings == [Heading(level: 2, title: "Title", id: "custom")])
        #expect(document.summaryHTML == "<p class=\"note\">Some <em>text</em>.</p>\n")
    }

    @Test func onTheLineAfterAListOrAQuotation() {
        #expect(html("* a\n* b\n{: .steps}\n") == "<ul class=\"steps\">\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(html("> Careful.\n{: .prompt-warning }\n") == "<blockquote class=\"prompt-warning\">\n<p>Careful.</p>\n</blockquote>\n")
        #expect(html("> Careful.\n> {: .inside}\n") == "<blockquote>\n<p class=\"inside\">Careful.</p>\n</blockquote>\n")
        #expect(html("1. a\n\n   b\n   {: .para}\n") == "<ol>\n<li>\n<p>a</p>\n<p class=\"para\">b</p>\n</li>\n</ol>\n")
        // A tight list's paragraph has no tag of its own: the list is left as it is.
        #expect(html("* *a*\n  {: .para}\n") == "<ul>\n<li><em>a</em></li>\n</ul>\n")
    }

    @Test func onTheLineAfterACodeBlockOrATable() {
        #expect(html("```\nlet x = 1\n```\n{: .wide}\n") == "<pre class=\"wide\"><code>let x = 1\n</code></pre>\n")
        #expect(html("| a |\n| - |\n| 1 |\n\n{: .data}\n").hasPrefix("<table class=\"data\">\n"))
        #expect(html("| a | b |\n| - | - |\n| 1 | 2 |\n{: .data}\n")
            == "<table class=\"data\">\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n")
    }

    struct ClassedHighlighter: CodeHighlighter {
        func highlightedBlock(code: String, language: String?, info: String) -> String {
            "<pre class=\"code\" data-lang=\"\(language ?? "")\"><code>" + code + "</code></pre>\n"
        }
    }

    @Test func classesJoinTheClassOfTheElementAndTitlesReplaceTheWrittenOne() {
        let code = Document(markdown: "```swift\nx\n```\n{: .wide #listing}\n", highlighter: ClassedHighlighter())
        #expect(code.html == "<pre class=\"wide code\" data-lang=\"swift\" id=\"listing\"><code>x\n</code></pre>\n")
        #expect(html("[a](b.html \"Old\"){: title=\"New\" .x}\n") == "<p><a href=\"b.html\" title=\"New\" class=\"x\">a</a></p>\n")
    }

    @Test func whatIsNotAnAttributeListStaysText() {
        #expect(html("* TOC\n{:toc}\n") == "<ul>\n<li>TOC\n{:toc}</li>\n</ul>\n")
        #expect(html("A {: .x} word.\n") == "<p>A {: .x} word.</p>\n")
        #expect(html("`{: .x}`\n") == "<p><code>{: .x}</code></p>\n")
        #expect(Document(markdown: "Text\n{: .x}\n", options: .commonMark).html == "<p>Text\n{: .x}</p>\n")
    }

    @Test func parsing() {
        #expect(AttributeList.parse("{: .a .b #c width=\"1\" onclick='x' Title=t }") == AttributeList(
            id: "c", classes: ["a", "b"], values: [.init(key: "width", value: "1"), .init(key: "title", value: "t")],
            droppedKeys: ["onclick"]))
        #expect(AttributeList.parse("{:toc}") == nil)
        #expect(AttributeList.parse("{::options parse_block_html=\"true\" /}") == nil)
        #expect(AttributeList.parse("{: }") == nil)
        #expect(AttributeList.parse("{: width=\"open}") == nil)
    }
}

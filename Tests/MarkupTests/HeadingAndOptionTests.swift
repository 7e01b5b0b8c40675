import Testing
@testable import Markup

struct HeadingAnchorTests {
    @Test func headingsCarryTransliteratedIDs() {
        let document = Document(markdown: "# Kỹ thuật\n\n## Önümde sokaklar\n")
        #expect(document.html == "<h1 id=\"ky-thuat\">Kỹ thuật</h1>\n<h2 id=\"onumde-sokaklar\">Önümde sokaklar</h2>\n")
    }

    @Test func repeatedHeadingsGetNumberedIDs() {
        let document = Document(markdown: "## Notes\n\n## Notes\n\n## Notes\n")
        #expect(document.html == "<h2 id=\"notes\">Notes</h2>\n<h2 id=\"notes-1\">Notes</h2>\n<h2 id=\"notes-2\">Notes</h2>\n")
    }

    @Test func numberedIDSkipsAnIDAlreadyTaken() {
        let document = Document(markdown: "# A 1\n\n# A\n\n# A\n")
        #expect(document.headings.map(\.id) == ["a-1", "a", "a-2"])
    }

    @Test func reservedIDsAreSkippedLikeRepeatedOnes() {
        var options = MarkdownOptions()
        options.reservedIDs = ["main", "search", "main-1"]
        let document = Document(markdown: "# Main\n\n## Search\n\n## Main\n\n## Notes\n", options: options)
        #expect(document.html == "<h1 id=\"main-2\">Main</h1>\n<h2 id=\"search-1\">Search</h2>\n"
            + "<h2 id=\"main-3\">Main</h2>\n<h2 id=\"notes\">Notes</h2>\n")
    }

    @Test func reservedSectionIDIsSkippedForHeadingsWithoutLetters() {
        let document = Document(markdown: "# !!!\n", options: MarkdownOptions(reservedIDs: ["section"]))
        #expect(document.headings.map(\.id) == ["section-1"])
    }

    @Test func headingWithoutLettersIsCalledSection() {
        let document = Document(markdown: "# !!!\n")
        #expect(document.html == "<h1 id=\"section\">!!!</h1>\n")
    }

    @Test func headingKeepsInlineMarkupAndTitleIsPlain() {
        let document = Document(markdown: "### Using `map` with *closures*\n")
        #expect(document.html == "<h3 id=\"using-map-with-closures\">Using <code>map</code> with <em>closures</em></h3>\n")
        #expect(document.headings == [Heading(level: 3, title: "Using map with closures", id: "using-map-with-closures")])
    }

    @Test func setextHeadingsGetIDsToo() {
        let document = Document(markdown: "Title\n=====\n")
        #expect(document.html == "<h1 id=\"title\">Title</h1>\n")
    }

    @Test func anchorsCanBeSwitchedOff() {
        var options = MarkdownOptions()
        options.headingAnchors = false
        let document = Document(markdown: "# Kỹ thuật\n", options: options)
        #expect(document.html == "<h1>Kỹ thuật</h1>\n")
        #expect(document.headings == [Heading(level: 1, title: "Kỹ thuật", id: "")])
    }

    @Test func tableOfContentsNestsByLevel() {
        let document = Document(markdown: "# A\n## B\n### C\n## D\n# E\n")
        let toc = document.tableOfContents
        #expect(toc.map(\.heading.title) == ["A", "E"])
        #expect(toc[0].children.map(\.heading.title) == ["B", "D"])
        #expect(toc[0].children[0].children.map(\.heading.id) == ["c"])
        #expect(toc[1].children.isEmpty)
    }
}

struct MarkdownOptionTests {
    @Test func smartPunctuationIsOnByDefault() {
        let document = Document(markdown: "\"Swift\" -- it's fast...\n")
        #expect(document.html == "<p>“Swift” – it’s fast…</p>\n")
    }

    @Test func smartPunctuationCanBeSwitchedOff() {
        var options = MarkdownOptions()
        options.smartPunctuation = false
        let document = Document(markdown: "\"Swift\" -- it's fast...\n", options: options)
        #expect(document.html == "<p>&quot;Swift&quot; -- it's fast...</p>\n")
    }

    @Test func hardLineBreaksKeepThePoemsLines() {
        var options = MarkdownOptions()
        options.hardLineBreaks = true
        let document = Document(markdown: "Önümde sokaklar\nArkamda yollar\n", options: options)
        #expect(document.html == "<p>Önümde sokaklar<br />\nArkamda yollar</p>\n")
    }

    @Test func softLineBreaksByDefault() {
        let document = Document(markdown: "one\ntwo\n")
        #expect(document.html == "<p>one\ntwo</p>\n")
    }

    @Test func rawInlineHTMLIsEscapedByDefault() {
        let document = Document(markdown: "An Array<Int> and <b>bold</b>\n")
        #expect(document.html == "<p>An Array&lt;Int&gt; and &lt;b&gt;bold&lt;/b&gt;</p>\n")
    }

    @Test func rawHTMLBlockIsEscapedByDefault() {
        let document = Document(markdown: "<div class=\"x\">\nhi\n</div>\n")
        #expect(document.html == "<p>&lt;div class=&quot;x&quot;&gt;\nhi\n&lt;/div&gt;</p>\n")
    }

    @Test func htmlCommentsAreDroppedWhenRawHTMLIsOff() {
        let document = Document(markdown: "a <!-- note --> b\n\n<!-- hidden -->\n\nc\n")
        #expect(document.html == "<p>a  b</p>\n<p>c</p>\n")
    }

    @Test func rawHTMLPassesWhenAllowed() {
        var options = MarkdownOptions()
        options.allowsRawHTML = true
        let document = Document(markdown: "<div class=\"x\">\nhi\n</div>\n\nAn <b>bold</b> word\n", options: options)
        #expect(document.html == "<div class=\"x\">\nhi\n</div>\n<p>An <b>bold</b> word</p>\n")
    }
}

struct CodeBlockTests {
    struct BracketHighlighter: CodeHighlighter {
        func highlightedBlock(code: String, language: String?, info: String) -> String {
            "<pre data-lang=\"\(language ?? "none")\" data-info=\"\(info)\">[\(code)]</pre>\n"
        }
    }

    @Test func defaultHighlighterGivesCmarksOwnOutput() {
        let document = Document(markdown: "```swift\nlet a = \"<b>\" && b\n```\n")
        #expect(document.html == "<pre><code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot; &amp;&amp; b\n</code></pre>\n")
    }

    @Test func indentedCodeHasNoLanguage() {
        let document = Document(markdown: "    x < y\n")
        #expect(document.html == "<pre><code>x &lt; y\n</code></pre>\n")
    }

    @Test func highlighterReceivesLanguageAndFullInfo() {
        let document = Document(
            markdown: "```swift title=\"a.swift\"\nprint(1)\n```\n\n```\nplain\n```\n",
            highlighter: BracketHighlighter())
        #expect(document.html == "<pre data-lang=\"swift\" data-info=\"swift title=\"a.swift\"\">[print(1)\n]</pre>\n<pre data-lang=\"none\" data-info=\"\">[plain\n]</pre>\n")
    }

    @Test func codeBlockInListItemGoesThroughHighlighter() {
        let document = Document(markdown: "- item\n\n  ```js\n  x\n  ```\n", highlighter: BracketHighlighter())
        #expect(document.html == "<ul>\n<li>\n<p>item</p>\n<pre data-lang=\"js\" data-info=\"js\">[x\n]</pre>\n</li>\n</ul>\n")
    }
}

struct LinkResolverTests {
    static let resolver: @Sendable (String) -> String? = { destination in
        switch destination {
        case "closures.md": return "/posts/closures/"
        case "../posts/closures.md#captures": return "/posts/closures/#captures"
        default: return nil
        }
    }

    @Test func linksToMarkdownFilesAreRewritten() {
        let document = Document(
            markdown: "See [closures](closures.md) and [captures](../posts/closures.md#captures).\n",
            linkResolver: Self.resolver)
        #expect(document.html == "<p>See <a href=\"/posts/closures/\">closures</a> and <a href=\"/posts/closures/#captures\">captures</a>.</p>\n")
        #expect(document.links.map(\.destination) == ["closures.md", "../posts/closures.md#captures"])
        #expect(document.links.map(\.url) == ["/posts/closures/", "/posts/closures/#captures"])
    }

    @Test func resolverReturningNilLeavesTheLink() {
        let document = Document(markdown: "[x](missing.md)\n", linkResolver: Self.resolver)
        #expect(document.html == "<p><a href=\"missing.md\">x</a></p>\n")
    }

    /// Links and images relative to the document are offered to the
    /// resolver (a file of the site it may publish elsewhere); those with
    /// a scheme, from the root or to a fragment are not.
    @Test func onlyMarkdownFilesAndRelativeDestinationsAreOfferedToTheResolver() {
        let document = Document(
            markdown: "[a](https://example.com/closures.md) [b](/about/) [c](#top) [d](mailto:x@example.org) "
                + "[e](//cdn.example.org/x.png) [f](image.png) ![g](../photos/g.jpg)\n",
            linkResolver: { "/changed/" + $0 })
        #expect(document.html == "<p><a href=\"https://example.com/closures.md\">a</a> <a href=\"/about/\">b</a> "
            + "<a href=\"#top\">c</a> <a href=\"mailto:x@example.org\">d</a> <a href=\"//cdn.example.org/x.png\">e</a> "
            + "<a href=\"/changed/image.png\">f</a> <img src=\"/changed/../photos/g.jpg\" alt=\"g\" /></p>\n")
        #expect(document.images.map(\.url) == ["/changed/../photos/g.jpg"])
    }

    @Test func documentRelativeDestinations() {
        #expect(LinkDestination.isDocumentRelative("photo.jpg"))
        #expect(LinkDestination.isDocumentRelative("../images/a.png?v=1#x"))
        #expect(LinkDestination.isDocumentRelative("a/b:c.png"))
        #expect(!LinkDestination.isDocumentRelative(""))
        #expect(!LinkDestination.isDocumentRelative("/images/a.png"))
        #expect(!LinkDestination.isDocumentRelative("//host/a.png"))
        #expect(!LinkDestination.isDocumentRelative("#part"))
        #expect(!LinkDestination.isDocumentRelative("?page=2"))
        #expect(!LinkDestination.isDocumentRelative("https://example.org/a.png"))
        #expect(!LinkDestination.isDocumentRelative("data:image/png;base64,AAAA"))
    }

    @Test func markdownFileDetection() {
        #expect(LinkDestination.pointsToMarkdownFile("a.md"))
        #expect(LinkDestination.pointsToMarkdownFile("../x/A.MD?x=1#y"))
        #expect(LinkDestination.pointsToMarkdownFile("notes.markdown"))
        #expect(!LinkDestination.pointsToMarkdownFile("mailto:a.md"))
        #expect(!LinkDestination.pointsToMarkdownFile("//host/a.md"))
        #expect(!LinkDestination.pointsToMarkdownFile("a.mdx"))
    }
}

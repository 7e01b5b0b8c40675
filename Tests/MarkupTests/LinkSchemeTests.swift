import Testing
@testable import Markup

/// Links and images whose URL would run script (`javascript:`, `vbscript:`,
/// `data:text/html`) are shown as their text, whatever the raw HTML
/// setting; the others are kept as written.
struct LinkSchemeTests {
    static let plain = MarkdownOptions(smartPunctuation: false)

    static func html(_ markdown: String, options: MarkdownOptions = plain) -> String {
        Document(markdown: markdown, options: options).html
    }

    @Test func javascriptLinkBecomesItsText() {
        #expect(Self.html("[x](javascript:alert(1))\n") == "<p>x</p>\n")
    }

    @Test func schemeInMixedCaseIsRefused() {
        #expect(Self.html("[x](JaVaScRiPt:alert(1))\n") == "<p>x</p>\n")
    }

    @Test func schemeWrittenWithEntitiesIsRefused() {
        #expect(Self.html("[x](&#106;avascript:alert(1))\n") == "<p>x</p>\n")
        #expect(Self.html("[x](javascript&#58;alert(1))\n") == "<p>x</p>\n")
    }

    @Test func tabsNewlinesAndControlsInTheSchemeAreIgnored() {
        #expect(Self.html("[x](java&#9;script:alert(1))\n") == "<p>x</p>\n")
        #expect(Self.html("[x](java&#10;script:alert(1))\n") == "<p>x</p>\n")
        #expect(Self.html("[x](<java\tscript:alert(1)>)\n") == "<p>x</p>\n")
        #expect(Self.html("[x](&#1;javascript:alert(1))\n") == "<p>x</p>\n")
        #expect(Self.html("[x](< javascript:alert(1)>)\n") == "<p>x</p>\n")
    }

    @Test func referenceDefinitionIsRefused() {
        #expect(Self.html("[x][evil] and [evil]\n\n[evil]: javascript:alert(1)\n") == "<p>x and evil</p>\n")
    }

    @Test func autolinkIsRefused() {
        #expect(Self.html("<javascript:alert(1)>\n") == "<p>javascript:alert(1)</p>\n")
    }

    @Test func vbscriptIsRefused() {
        #expect(Self.html("[x](vbscript:msgbox(1))\n") == "<p>x</p>\n")
    }

    @Test func dataHTMLLinkIsRefused() {
        #expect(Self.html("[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)\n") == "<p>x</p>\n")
    }

    @Test func imageWithScriptSourceBecomesItsAltText() {
        #expect(Self.html("![a *b*](javascript:alert(1))\n") == "<p>a <em>b</em></p>\n")
        #expect(Self.html("![a](data:text/html,<script>alert(1)</script>)\n") == "<p>a</p>\n")
        #expect(Self.html("![a](data:image/svg+xml;base64,PHN2Zz4=)\n") == "<p>a</p>\n")
    }

    @Test func imageDataOfARasterTypeIsKept() {
        #expect(Self.html("![dot](data:image/png;base64,iVBORw0KGgo=)\n")
            == "<p><img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"dot\" /></p>\n")
        #expect(Self.html("![dot](DATA:Image/WebP;base64,UklGRg==)\n")
            == "<p><img src=\"DATA:Image/WebP;base64,UklGRg==\" alt=\"dot\" /></p>\n")
        #expect(Self.html("[dot](data:image/png;base64,iVBORw0KGgo=)\n") == "<p>dot</p>\n", "a link may not be data")
    }

    @Test func safeSchemesAndRelativeURLsAreKept() {
        let markdown = "[a](https://x.org/) [b](http://x.org/) [c](mailto:me@x.org) [d](tel:+15550100) "
            + "[e](ftp://x.org/f) [f](/posts/) [g](../a.md) [h](photo.jpg) [i](//x.org/) [j](#part) [k](?q=1) "
            + "[l]() [m](foo\\):) [n](sms:+15550100) [o](irc://irc.x.org/#c) [p](ircs://x.org/) [q](xmpp:me@x.org)\n"
        #expect(Self.html(markdown)
            == "<p><a href=\"https://x.org/\">a</a> <a href=\"http://x.org/\">b</a> <a href=\"mailto:me@x.org\">c</a> "
            + "<a href=\"tel:+15550100\">d</a> <a href=\"ftp://x.org/f\">e</a> <a href=\"/posts/\">f</a> "
            + "<a href=\"../a.md\">g</a> <a href=\"photo.jpg\">h</a> <a href=\"//x.org/\">i</a> <a href=\"#part\">j</a> "
            + "<a href=\"?q=1\">k</a> <a href=\"\">l</a> <a href=\"foo):\">m</a> <a href=\"sms:+15550100\">n</a> "
            + "<a href=\"irc://irc.x.org/#c\">o</a> <a href=\"ircs://x.org/\">p</a> <a href=\"xmpp:me@x.org\">q</a></p>\n")
    }

    @Test func madeUpSchemesAreRefused() {
        #expect(Self.html("[a](file:///etc/passwd) [b](gopher://x.org/) <made-up:x>\n") == "<p>a b made-up:x</p>\n")
    }

    @Test func summaryHasNoRefusedLink() {
        let document = Document(markdown: "[x](javascript:alert(1)) and ![y](vbscript:z)\n\nMore.\n", options: Self.plain)
        #expect(document.summaryHTML == "<p>x and y</p>\n")
        let marked = Document(markdown: "[x](javascript:alert(1))\n\n<!--more-->\n\nMore.\n", options: Self.plain)
        #expect(marked.summaryHTML == "<p>x</p>\n")
    }

    @Test func refusedLinksAreReportedWithTheirPlacesAndLeftOutOfTheLinks() {
        let document = Document(
            markdown: "Hi [x](javascript:a) [ok](/b/)\n  ![i](vbscript:c)\n\n<javascript:d>\n",
            options: Self.plain, firstLineNumber: 5)
        #expect(document.refusedLinks == [
            RefusedLink(url: "javascript:a", isImage: false, line: 5, column: 4),
            RefusedLink(url: "vbscript:c", isImage: true, line: 6, column: 3),
            RefusedLink(url: "javascript:d", isImage: false, line: 8, column: 1),
        ])
        #expect(document.links.map(\.url) == ["/b/"])
        #expect(document.images.isEmpty)
    }

    @Test func autolinkOnALaterLineOrInAListIsPlacedAtItsBracket() {
        let document = Document(
            markdown: "Hi\nand <javascript:a> <https://x.org/>\n\n- x <javascript:b>\n  y <javascript:c>\n", options: Self.plain)
        #expect(document.refusedLinks.map { [$0.line, $0.column] } == [[2, 5], [4, 5], [5, 5]])
        #expect(document.links.map { [$0.line, $0.column] } == [[2, 20]])
    }

    @Test func linkInATableCellIsRefusedAtItsPlace() {
        let document = Document(markdown: "| a | b |\n|---|---|\n| 1 | [x](javascript:a) |\n", options: Self.plain)
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n"
            + "<tbody>\n<tr>\n<td>1</td>\n<td>x</td>\n</tr>\n</tbody>\n</table>\n")
        #expect(document.refusedLinks == [RefusedLink(url: "javascript:a", isImage: false, line: 3, column: 7)])
    }

    @Test func rawHTMLAllowedKeepsTheWritersTagsButStillRefusesMarkdownLinks() {
        var options = Self.plain
        options.allowsRawHTML = true
        #expect(Self.html("<a href=\"javascript:a()\">raw</a> [x](javascript:b)\n", options: options)
            == "<p><a href=\"javascript:a()\">raw</a> x</p>\n")
    }

    @Test func attributeListOnARefusedLinkIsDropped() {
        #expect(Self.html("[x](javascript:a){: .c} ![y](javascript:b){: width=\"3\"}\n") == "<p>x y</p>\n")
    }

    @Test func resolverMayNotMakeAScriptLink() {
        let document = Document(markdown: "[x](a.md)\n", options: Self.plain, linkResolver: { _ in "javascript:a" })
        #expect(document.html == "<p><a href=\"a.md\">x</a></p>\n")
    }
}

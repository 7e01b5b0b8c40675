import Testing
@testable import Markup

/// GitHub's spec examples of extended autolinks, and where they must not
/// apply.
struct AutolinkTests {
    static let plain = MarkdownOptions(smartPunctuation: false)

    static func html(_ markdown: String) -> String {
        Document(markdown: markdown, options: plain).html
    }

    @Test func wwwLinks() {
        #expect(Self.html("www.commonmark.org\n") == "<p><a href=\"http://www.commonmark.org\">www.commonmark.org</a></p>\n")
        #expect(Self.html("Visit www.commonmark.org/help for more information.\n")
            == "<p>Visit <a href=\"http://www.commonmark.org/help\">www.commonmark.org/help</a> for more information.</p>\n")
    }

    @Test func trailingPunctuation() {
        #expect(Self.html("Visit www.commonmark.org.\n\nVisit www.commonmark.org/a.b.\n")
            == "<p>Visit <a href=\"http://www.commonmark.org\">www.commonmark.org</a>.</p>\n"
            + "<p>Visit <a href=\"http://www.commonmark.org/a.b\">www.commonmark.org/a.b</a>.</p>\n")
    }

    @Test func parentheses() {
        let markdown = "www.google.com/search?q=Markup+(business)\n\nwww.google.com/search?q=Markup+(business)))\n\n"
            + "(www.google.com/search?q=Markup+(business))\n\n(www.google.com/search?q=Markup+(business)\n"
        let link = "<a href=\"http://www.google.com/search?q=Markup+(business)\">www.google.com/search?q=Markup+(business)</a>"
        #expect(Self.html(markdown) == "<p>\(link)</p>\n<p>\(link)))</p>\n<p>(\(link))</p>\n<p>(\(link)</p>\n")
        #expect(Self.html("www.google.com/search?q=(business))+ok\n")
            == "<p><a href=\"http://www.google.com/search?q=(business))+ok\">www.google.com/search?q=(business))+ok</a></p>\n")
    }

    @Test func entityLikeEnding() {
        #expect(Self.html("www.google.com/search?q=commonmark&hl=en\n\nwww.google.com/search?q=commonmark&hl;\n")
            == "<p><a href=\"http://www.google.com/search?q=commonmark&amp;hl=en\">www.google.com/search?q=commonmark&amp;hl=en</a></p>\n"
            + "<p><a href=\"http://www.google.com/search?q=commonmark\">www.google.com/search?q=commonmark</a>&amp;hl;</p>\n")
    }

    @Test func lessThanEndsTheLink() {
        #expect(Self.html("www.commonmark.org/he<lp\n")
            == "<p><a href=\"http://www.commonmark.org/he\">www.commonmark.org/he</a>&lt;lp</p>\n")
    }

    @Test func httpLinks() {
        #expect(Self.html("http://commonmark.org\n\n(Visit https://encrypted.google.com/search?q=Markup+(business))\n\nAnonymous FTP is available at ftp://foo.bar.baz.\n")
            == "<p><a href=\"http://commonmark.org\">http://commonmark.org</a></p>\n"
            + "<p>(Visit <a href=\"https://encrypted.google.com/search?q=Markup+(business)\">https://encrypted.google.com/search?q=Markup+(business)</a>)</p>\n"
            + "<p>Anonymous FTP is available at <a href=\"ftp://foo.bar.baz\">ftp://foo.bar.baz</a>.</p>\n")
    }

    @Test func emailLinks() {
        #expect(Self.html("foo@bar.baz\n") == "<p><a href=\"mailto:foo@bar.baz\">foo@bar.baz</a></p>\n")
        #expect(Self.html("hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.\n")
            == "<p>hello@mail+xyz.example isn't valid, but <a href=\"mailto:hello+xyz@mail.example\">hello+xyz@mail.example</a> is.</p>\n")
        #expect(Self.html("a.b-c_d@a.b\n\na.b-c_d@a.b.\n\na.b-c_d@a.b-\n\na.b-c_d@a.b_\n")
            == "<p><a href=\"mailto:a.b-c_d@a.b\">a.b-c_d@a.b</a></p>\n<p><a href=\"mailto:a.b-c_d@a.b\">a.b-c_d@a.b</a>.</p>\n"
            + "<p>a.b-c_d@a.b-</p>\n<p>a.b-c_d@a.b_</p>\n")
        #expect(Self.html("user@localhost and a@b.c1\n") == "<p>user@localhost and a@b.c1</p>\n")
    }

    @Test func underscoresInTheLastSegmentsAreNoDomain() {
        #expect(Self.html("www.a_b.c and www.x.y_z\n") == "<p>www.a_b.c and www.x.y_z</p>\n")
    }

    @Test func notInsideLinksCodeOrRawHTML() {
        #expect(Self.html("[www.example.com](https://x.org) `https://a.org` <https://b.org>\n")
            == "<p><a href=\"https://x.org\">www.example.com</a> <code>https://a.org</code> <a href=\"https://b.org\">https://b.org</a></p>\n")
        var options = Self.plain
        options.allowsRawHTML = true
        #expect(Document(markdown: "<a href=\"/x\">www.example.com</a> www.c.org\n", options: options).html
            == "<p><a href=\"/x\">www.example.com</a> <a href=\"http://www.c.org\">www.c.org</a></p>\n")
    }

    @Test func afterEmphasisDelimitersAndInsideEmphasis() {
        #expect(Self.html("*www.a.org* (https://b.org)\n")
            == "<p><em><a href=\"http://www.a.org\">www.a.org</a></em> (<a href=\"https://b.org\">https://b.org</a>)</p>\n")
        #expect(Self.html("xwww.a.org\n") == "<p>xwww.a.org</p>\n")
    }

    @Test func linksAreReportedWithTheirPositions() {
        let document = Document(markdown: "Intro\n\nSee https://example.org/a now.\n", options: Self.plain)
        #expect(document.links == [LinkReference(destination: "https://example.org/a", url: "https://example.org/a", line: 3, column: 5)])
    }

    @Test func switchedOff() {
        var options = Self.plain
        options.autolinks = false
        #expect(Document(markdown: "www.a.org\n", options: options).html == "<p>www.a.org</p>\n")
    }
}

extension AutolinkTests {
    @Test func schemesInAnyLetterCaseWWWInLowercase() {
        #expect(Self.html("HTTPS://A.org WWW.b.org\n")
            == "<p><a href=\"HTTPS://A.org\">HTTPS://A.org</a> WWW.b.org</p>\n")
        #expect(Self.html("https;//a.org wwwxb.org http://-x.org\n") == "<p>https;//a.org wwwxb.org http://-x.org</p>\n")
        #expect(Self.html("http://localhost:8080/x\n") == "<p><a href=\"http://localhost:8080/x\">http://localhost:8080/x</a></p>\n")
    }
}

import Foundation
import Testing
@testable import DespinaKit

/// Links and images that would run script, in a whole site: each is shown
/// as its text with a warning at its place, and no page, summary or feed
/// has a `javascript:`, `vbscript:` or `data:` URL.
@Suite struct ScriptLinkSiteTests {
    /// A body with every kind of script link, its first paragraph (the
    /// summary on list pages) among them. It starts on line 8 of the posts
    /// below.
    static let payloads = """
        [a](javascript:alert(1)) [b](JaVaScRiPt:alert(2)) [c](&#106;avascript:alert(3))
        [d][evil] <javascript:alert(4)> [e](vbscript:msgbox(5))
        [f](data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==) ![g](javascript:alert(7)) [h](java&#9;script:alert(8))

        More: [safe](https://example.org/) ![i](data:text/html,<b>x</b>) [j](javascript:alert(9)).

        [evil]: javascript:alert(10)

        """

    /// A post with the payloads in its body, a tag and a series.
    static func post(_ name: String) -> String {
        "---\ntitle: \(name)\ndate: 2020-05-01\ntags: [risky]\nseries: Risks\ndescription: \"\"\n---\n" + payloads
    }

    /// The warnings for `path` holding ``post(_:)``, in order.
    static func warnings(for path: String) -> [String] {
        let reason = "the only schemes linked are http, https, mailto, tel, sms, ftp, irc, ircs and xmpp, "
            + "since others (such as javascript:) can run script"
        let link = "is shown as its text, not as a link: \(reason)"
        let image = "is shown as its alt text: \(reason) (an image may also be data:image/png, gif, jpeg or webp)"
        return [
            "\(path):8:1: warning: the link 'javascript:alert(1)' \(link)",
            "\(path):8:26: warning: the link 'JaVaScRiPt:alert(2)' \(link)",
            "\(path):8:51: warning: the link 'javascript:alert(3)' \(link)",
            "\(path):9:1: warning: the link 'javascript:alert(10)' \(link)",
            "\(path):9:11: warning: the link 'javascript:alert(4)' \(link)",
            "\(path):9:33: warning: the link 'vbscript:msgbox(5)' \(link)",
            "\(path):10:1: warning: the link 'data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==' \(link)",
            "\(path):10:65: warning: the image 'javascript:alert(7)' \(image)",
            "\(path):10:91: warning: the link 'java\tscript:alert(8)' \(link)",
            "\(path):12:36: warning: the image 'data:text/html,<b>x</b>' \(image)",
            "\(path):12:66: warning: the link 'javascript:alert(9)' \(link)",
        ]
    }

    /// The URL attributes of `html` whose value, trimmed, starts with a
    /// scheme that runs script or carries a document.
    static func scriptURLs(inHTML html: String) -> [String] {
        let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "data", "cite", "background", "srcset"]
        return HTMLAttributeScanner.attributes(in: Array(html.utf8))
            .filter { urlAttributes.contains($0.name) && isScriptURL($0.value) }
            .map { "<\($0.element) \($0.name)=\"\($0.value)\">" }
    }

    /// Whether `url`, without the controls and spaces a browser ignores,
    /// starts with `javascript:`, `vbscript:` or `data:`, in any case.
    static func isScriptURL(_ url: String) -> Bool {
        let significant = String(url.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
        return ["javascript:", "vbscript:", "data:"].contains { significant.hasPrefix($0) }
    }

    func build(_ fileSystem: MemoryFileSystem, log: Logger = .silent) throws {
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: log)).build(options)
    }

    @Test func eachScriptLinkIsShownAsTextWithAWarningAtItsPlace() throws {
        let recorder = LogRecorder()
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": "baseURL: https://example.org/\n",
            "/site/Content/posts/risky.md": Self.post("Risky"),
        ])
        try build(fileSystem, log: recorder.logger)
        #expect(recorder.warnings == Self.warnings(for: "Content/posts/risky.md"))
        let page = try fileSystem.text(of: "/site/Output/posts/risky/index.html")
        #expect(page.contains("<p>a b c\nd javascript:alert(4) e\nf g h</p>\n"
            + "<p>More: <a href=\"https://example.org/\">safe</a> i j.</p>\n"))
        #expect(Self.scriptURLs(inHTML: page) == [])
    }

    @Test func summariesAndFeedsHaveNoScriptURL() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": "baseURL: https://example.org/\n",
            "/site/Content/posts/risky.md": Self.post("Risky"),
        ])
        try build(fileSystem)
        for page in ["index.html", "tags/risky/index.html", "series/risks/index.html", "archive/index.html"] {
            let html = try fileSystem.text(of: "/site/Output/" + page)
            #expect(Self.scriptURLs(inHTML: html) == [], "\(page)")
        }
        let home = try fileSystem.text(of: "/site/Output/index.html")
        #expect(home.contains("<div class=\"summary-text\" lang=\"en\"><p>a b c\nd javascript:alert(4) e\nf g h</p>\n</div>"))
        for feed in ["rss.xml", "atom.xml", "tags/risky/rss.xml", "tags/risky/atom.xml"] {
            let texts = try #require(XMLTexts(parsing: try fileSystem.contents(of: "/site/Output/" + feed)), "\(feed) parses")
            let html = texts.texts.joined()
            #expect(html.contains("<p>a b c\nd javascript:alert(4) e\nf g h</p>"), "\(feed)")
            #expect(Self.scriptURLs(inHTML: html) == [], "\(feed)")
            #expect(!texts.attributes.contains(where: Self.isScriptURL), "\(feed)")
        }
        for feed in ["feed.json", "tags/risky/feed.json"] {
            let object = try JSONSerialization.jsonObject(with: Data(try fileSystem.contents(of: "/site/Output/" + feed)))
            let items = (object as? [String: Any])?["items"] as? [[String: Any]] ?? []
            #expect(items.count == 1)
            for item in items {
                #expect(Self.scriptURLs(inHTML: item["content_html"] as? String ?? "") == [], "\(feed)")
            }
        }
    }

    @Test func figureShortcodeLeavesOutScriptURLsWithAWarning() throws {
        let recorder = LogRecorder()
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": "baseURL: https://example.org/\n",
            "/site/Content/posts/figure.md": "---\ntitle: Figure\ndate: 2020-05-01\n---\nIntro.\n\n"
                + "{{< figure src=\"javascript:alert(1)\" link=\"JaVaScRiPt:alert(2)\" caption=\"C\" attr=\"A\" attrlink=\"vbscript:x\" >}}\n",
        ])
        try build(fileSystem, log: recorder.logger)
        let page = try fileSystem.text(of: "/site/Output/posts/figure/index.html")
        #expect(page.contains("<p>Intro.</p>\n<figure><img alt=\"C\"><figcaption><p>CA</p></figcaption></figure>\n"))
        #expect(Self.scriptURLs(inHTML: page) == [])
        #expect(recorder.warnings == [
            "Content/posts/figure.md:7:1: warning: Hugo shortcode {{< figure >}} leaves out 'javascript:alert(1)' and "
                + "'JaVaScRiPt:alert(2)' and 'vbscript:x': the only schemes linked are http, https, mailto, tel, sms, "
                + "ftp, irc, ircs and xmpp, since others (such as javascript:) can run script",
        ])
    }
}

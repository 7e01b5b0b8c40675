import Foundation
import Markup
import Testing
@testable import DespinaKit

/// What a site adds to the built-in theme without copying it: its own CSS
/// after the theme's, its own lines in every page's head; and what the
/// theme shows of the configuration and of posts in other languages.
@Suite struct ThemeExtensionTests {
    /// A post in Vietnamese on an English site, in a series and with a tag,
    /// so that every page kind is made.
    static let posts: [String: String] = [
        "/site/Content/posts/pho.md": """
        ---
        title: Phở
        date: 2025-11-26 10:00
        lang: vi
        tags: [food]
        series: Noodles
        description: Một bát phở.
        ---

        Nước dùng.

        ## Cách nấu

        Nấu lâu.
        """,
        "/site/Content/about.md": "---\ntitle: About\n---\n\nMe.\n",
    ]

    func build(_ files: [String: String], config: String = "title: T\nlanguage: en\nauthor: Ada\n") throws -> MemoryFileSystem {
        var all = Self.posts.merging(files) { _, new in new }
        all["/site/despina.yml"] = config
        let fileSystem = MemoryFileSystem(files: all)
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .build(options)
        return fileSystem
    }

    /// Every page that uses the layout, one of each kind.
    static let pageKinds = [
        "index.html", "posts/pho/index.html", "about/index.html", "tags/index.html", "tags/food/index.html",
        "archive/index.html", "series/index.html", "series/noodles/index.html", "search/index.html", "404.html",
    ]

    /// The `<head>` of a page, from `<head>` to `</head>`.
    func head(of page: String) -> Substring {
        guard let start = page.range(of: "<head>"), let end = page.range(of: "</head>") else { return "" }
        return page[start.lowerBound..<end.upperBound]
    }

    @Test func aSitesCustomCSSComesAfterTheThemesStylesheetsWhichStay() throws {
        let rule = ".post-title { color: rebeccapurple; }\n"
        let fileSystem = try build(["/site/Templates/assets/custom.css": rule])
        #expect(try fileSystem.text(of: "/site/Output/assets/custom.css") == rule)
        let style = Theme.builtin.assets["assets/style.css"] ?? []
        #expect(!style.isEmpty)
        #expect(try fileSystem.contents(of: "/site/Output/assets/style.css") == style)
        for path in Self.pageKinds {
            let links = head(of: try fileSystem.text(of: "/site/Output/" + path))
                .split(separator: "\n").filter { $0.hasPrefix("<link rel=\"stylesheet\"") }
            #expect(links == [
                "<link rel=\"stylesheet\" href=\"/assets/style.css\">",
                "<link rel=\"stylesheet\" href=\"/assets/highlight.css\">",
                "<link rel=\"stylesheet\" href=\"/assets/custom.css\">",
            ], "\(path)")
        }
    }

    @Test func withoutCustomCSSNoPageLinksIt() throws {
        let fileSystem = try build([:])
        #expect(!fileSystem.exists("/site/Output/assets/custom.css"))
        for path in Self.pageKinds {
            #expect(!(try fileSystem.text(of: "/site/Output/" + path)).contains("custom.css"), "\(path)")
        }
    }

    @Test func aSitesHeadExtraPartialEndsTheHeadOfEveryPageKind() throws {
        let fileSystem = try build([
            "/site/Templates/head-extra.mustache": "<meta name=\"x-kind\" content=\"{{page.kind}}\">\n",
        ])
        let kinds = ["home", "post", "page", "tags", "tag", "archive", "seriesIndex", "series", "search", "notFound"]
        for (path, kind) in zip(Self.pageKinds, kinds) {
            #expect(head(of: try fileSystem.text(of: "/site/Output/" + path))
                .hasSuffix("<meta name=\"x-kind\" content=\"\(kind)\">\n</head>"), "\(path)")
        }
    }

    @Test func theBuiltInHeadExtraPartialWritesNothing() throws {
        let page = try build([:]).text(of: "/site/Output/about/index.html")
        #expect(head(of: page).hasSuffix("<link rel=\"alternate\" type=\"application/feed+json\" title=\"T\" href=\"/feed.json\">\n</head>"))
    }

    @Test func theFooterNamesTheAuthorAndLeavesTheCopyrightOutWithoutOne() throws {
        let named = try build([:]).text(of: "/site/Output/index.html")
        #expect(named.contains("<footer class=\"site-footer\">\n<p>© 2025 Ada</p>\n"))
        let anonymous = try build([:], config: "title: T\nauthor: \"\"\n").text(of: "/site/Output/index.html")
        #expect(anonymous.contains("<footer class=\"site-footer\">\n<p class=\"feed-links\">"))
        #expect(!anonymous.contains("©"))
    }

    /// The meta line of a Vietnamese post on an English list is English,
    /// like the list around it; the post's own page keeps its language.
    @Test func listsShowDatesInThePagesLanguage() throws {
        let fileSystem = try build([:])
        for path in ["index.html", "tags/food/index.html", "series/noodles/index.html"] {
            let page = try fileSystem.text(of: "/site/Output/" + path)
            #expect(page.contains("""
                <a href="/posts/pho/" lang="vi">Phở</a></h2>
                <p class="post-meta">
                <span class="visually-hidden">Published</span> <time datetime="2025-11-26T10:00:00Z">November 26, 2025</time>
                <span class="meta-sep" aria-hidden="true">·</span> <span class="reading-time">1 min read</span>
                """), "\(path)")
            #expect(!page.contains("tháng"), "\(path)")
        }
        #expect(try fileSystem.text(of: "/site/Output/archive/index.html").contains(
            "<li><time datetime=\"2025-11-26T10:00:00Z\">November 26, 2025</time> <a href=\"/posts/pho/\" lang=\"vi\">Phở</a></li>"))
        #expect(try fileSystem.text(of: "/site/Output/posts/pho/index.html").contains(
            "<time datetime=\"2025-11-26T10:00:00Z\">26 tháng 11, 2025</time>\n<span class=\"meta-sep\" aria-hidden=\"true\">·</span> <span class=\"reading-time\">1 phút đọc</span>"))
    }

    /// A heading links to itself on the post's page, labelled in the post's
    /// language; the feeds and the search index take the text without it.
    @Test func headingsLinkToThemselvesOnlyOnTheirPage() throws {
        let fileSystem = try build([:])
        let page = try fileSystem.text(of: "/site/Output/posts/pho/index.html")
        #expect(page.contains(
            "<h2 id=\"cach-nau\">Cách nấu <a class=\"heading-anchor\" href=\"#cach-nau\" aria-label=\"Liên kết đến mục này\">#</a></h2>"))
        for feed in ["rss.xml", "atom.xml", "feed.json"] {
            let text = try fileSystem.text(of: "/site/Output/" + feed)
            #expect(text.contains("Cách nấu"), "\(feed)")
            #expect(!text.contains("heading-anchor"), "\(feed)")
        }
        for file in try fileSystem.visibleFiles(below: "/site/Output/search") {
            #expect(!(try fileSystem.text(of: "/site/Output/search/" + file)).contains("heading-anchor"), "\(file)")
        }
    }

    @Test func headingLinksGoInsideEachHeadingWithAnID() {
        let html = "<h2 id=\"a\">A</h2>\n<p>x</p>\n<h3 id=\"b&amp;c\">B <em>c</em></h3>\n<h2>No id</h2>\n"
        let headings = [
            Heading(level: 2, title: "A", id: "a"), Heading(level: 3, title: "B c", id: "b&c"),
            Heading(level: 2, title: "No id", id: ""),
        ]
        let linked = HeadingLinkedHTML(UTF8Text(html), headings: headings, label: "Link \"here\"").interpolatedText
        #expect(linked == """
            <h2 id="a">A <a class="heading-anchor" href="#a" aria-label="Link &quot;here&quot;">#</a></h2>
            <p>x</p>
            <h3 id="b&amp;c">B <em>c</em> <a class="heading-anchor" href="#b&amp;c" aria-label="Link &quot;here&quot;">#</a></h3>
            <h2>No id</h2>

            """)
    }
}

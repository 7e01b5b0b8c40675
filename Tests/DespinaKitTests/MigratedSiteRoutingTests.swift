import Foundation
import Testing
@testable import DespinaKit

/// URLs as Jekyll and Hugo make them, and the front matter of posts copied
/// in from them: a moved blog keeps its old URLs.
@Suite struct MigratedSiteRoutingTests {
    func build(_ files: [String: String], config: String? = nil) throws -> (MemoryFileSystem, SiteBuilder.Result, LogRecorder) {
        var files = files
        if let config { files["/site/despina.yml"] = config }
        let fileSystem = MemoryFileSystem(files: files)
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        let log = LogRecorder()
        let result = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: log.logger))
            .run(options)
        return (fileSystem, result, log)
    }

    func pages(in fileSystem: MemoryFileSystem, below folder: String) -> [String] {
        fileSystem.allFiles.filter { $0.hasPrefix("/site/Output/\(folder)") && $0.hasSuffix(".html") }
            .map { String($0.dropFirst("/site/Output/".count)) }.sorted()
    }

    @Test func hugoYearFoldersKeepTheirPathAndRelativeAliasesStandBesideThePage() throws {
        let (fileSystem, _, _) = try build([
            "/site/Content/blog/2022/community-day.md": "---\ntitle: Community day\ndate: 2022-05-01\n---\nA.\n",
            "/site/Content/blog/2023/community-day.md":
                "---\ntitle: Community day\ndate: 2023-05-01\naliases: [old-name]\n---\nB.\n",
            "/site/Content/blog/2023/trip/index.md": "---\ntitle: Trip\ndate: 2023-06-01\nslug: Our Trip\n---\nC.\n",
        ], config: "conventions: hugo\npermalink: /:folders/:slugorfilename/\n")
        #expect(pages(in: fileSystem, below: "blog/") == [
            "blog/2022/community-day/index.html", "blog/2023/community-day/index.html",
            "blog/2023/old-name/index.html", "blog/2023/our-trip/index.html", "blog/index.html",
        ])
    }

    @Test func hugoSectionPatternsApplyToTheirSectionOnly() throws {
        let (fileSystem, _, _) = try build([
            "/site/Content/blog/_posts/2024/x.md": "---\ntitle: X\ndate: 2024-01-02T10:00:00-08:00\nslug: Build-CI\n---\nA.\n",
            "/site/Content/news/y.md": "---\ntitle: Y Y\ndate: 2024-03-04\n---\nB.\n",
        ], config: """
            conventions: hugo
            timeZone: UTC
            permalink: /:folders/:slugorfilename/
            permalinks:
              blog: /:section/:year/:month/:day/:slug/
            """)
        #expect(pages(in: fileSystem, below: "blog/") == ["blog/2024/01/02/build-ci/index.html", "blog/index.html"])
        #expect(pages(in: fileSystem, below: "news/") == ["news/index.html", "news/y/index.html"])
    }

    @Test func jekyllPermalinksKeepDotsAndCaseAndEndInHTML() throws {
        let (fileSystem, _, _) = try build([
            "/site/Content/posts/2016-03-21-release-2.2-notes.md": "---\ncategory: Release Notes\n---\nA.\n",
            "/site/Content/posts/weekly/2019-01-07-Weekly-Update.markdown": "---\ncategories: news updates\n---\nB.\n",
        ], config: "conventions: jekyll\npermalink: /:year/:title:output_ext\n")
        #expect(pages(in: fileSystem, below: "201") == ["2016/release-2.2-notes.html", "2019/Weekly-Update.html"])
        let page = String(decoding: try fileSystem.contents(of: "/site/Output/2019/Weekly-Update.html"), as: UTF8.self)
        #expect(page.contains("<h1 class=\"post-title\">Weekly Update</h1>") || page.contains(">Weekly Update<"))
        #expect(pages(in: fileSystem, below: "tags/") == [
            "tags/index.html", "tags/news/index.html", "tags/release-notes/index.html", "tags/updates/index.html",
        ])
    }

    @Test func jekyllStyleNamesWorkAsTheSitePattern() throws {
        let (fileSystem, _, _) = try build([
            "/site/Content/posts/2014-05-06-jekyll-turns-2-0-0.markdown": "---\ncategories: [Releases]\n---\nA.\n",
        ], config: "conventions: jekyll\npermalink: pretty\n")
        #expect(pages(in: fileSystem, below: "releases/") == ["releases/2014/05/06/jekyll-turns-2-0-0/index.html"])
    }

    @Test func hugoTakesTheURLsDayAsTheDateIsWrittenJekyllAndDespinaInTheSitesZone() throws {
        let post = "---\ntitle: Etcd\ndate: 2025-05-15T16:00:00-08:00\n---\nA.\n"
        let pattern = "timeZone: UTC\npermalink: /:year/:month/:day/:slug/\n"
        for (conventions, day) in [("hugo", "15"), ("jekyll", "16"), ("despina", "16")] {
            let (fileSystem, _, _) = try build(["/site/Content/posts/etcd.md": post], config: "conventions: \(conventions)\n" + pattern)
            #expect(pages(in: fileSystem, below: "2025/") == ["2025/05/\(day)/etcd/index.html"], "\(conventions)")
            // The date is shown as the URL has it.
            let page = String(decoding: try fileSystem.contents(of: "/site/Output/2025/05/\(day)/etcd/index.html"), as: UTF8.self)
            let shown = conventions == "hugo" ? "2025-05-15T16:00:00-08:00\">May 15, 2025" : "2025-05-16T00:00:00Z\">May 16, 2025"
            #expect(page.contains(shown), "\(conventions): \(page)")
        }
    }

    @Test func redirectsOfTheSiteAreRedirectPages() throws {
        let (fileSystem, _, _) = try build([
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: [news]\n---\nA.\n",
        ], config: "redirects:\n  /categories/news/: /tags/news/\n  /categories/: /tags/\n")
        let page = String(decoding: try fileSystem.contents(of: "/site/Output/categories/news/index.html"), as: UTF8.self)
        #expect(page.contains("/tags/news/"))
        #expect(fileSystem.exists("/site/Output/categories/index.html"))
    }

    @Test(arguments: [
        ("redirects:\n  /tags/: /x/", "despina.yml:2:3: error: the redirect from '/tags/' would replace a page the site makes itself"),
        ("redirects:\n  /posts/a/: /x/", "despina.yml:2:3: error: the redirect from '/posts/a/' would replace Content/posts/a.md"),
        ("redirects:\n  /old/: 5", "despina.yml:2:10: error: 'redirects./old/' must be the path it redirects to, such as /tags/news/"),
    ])
    func aRedirectThatCannotBeIsAnErrorAtItsLine(text: String, diagnostic: String) throws {
        do {
            _ = try build(["/site/Content/posts/a.md": "---\ntitle: A\n---\nA.\n"], config: text + "\n")
            Issue.record("the build should fail")
        } catch let failure as BuildFailure {
            #expect(failure.diagnostics.map(\.description) == [diagnostic])
        }
    }

    @Test func siteParametersReachTheTemplates() throws {
        let (fileSystem, _, _) = try build([
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\nA.\n",
            "/site/Templates/post.mustache": "{{site.params.repository}} {{site.params.version}}",
        ], config: "params:\n  repository: https://example.org/code\n  version: 4.4\n")
        #expect(String(decoding: try fileSystem.contents(of: "/site/Output/posts/a/index.html"), as: UTF8.self)
            == "https://example.org/code 4.4")
    }

    @Test func aSummarysLinksToPartsOfThePostLeadToThePost() throws {
        let (fileSystem, _, _) = try build([
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\nSee [setup](#setup).\n\n## Setup\n\nText.\n",
        ], config: "baseURL: https://example.org/blog/\n")
        let home = String(decoding: try fileSystem.contents(of: "/site/Output/index.html"), as: UTF8.self)
        #expect(home.contains("<a href=\"/blog/posts/a/#setup\">setup</a>"), "\(home)")
        let post = String(decoding: try fileSystem.contents(of: "/site/Output/posts/a/index.html"), as: UTF8.self)
        #expect(post.contains("<a href=\"#setup\">setup</a>"))
    }

    @Test func aPostsFootnotesAreReadWithoutAWarningUnlessTheyAreOff() throws {
        let post = "---\ntitle: A\ndate: 2024-01-01\n---\nText[^n].\n\n[^n]: The note.\n"
        let (fileSystem, result, _) = try build(["/site/Content/posts/a.md": post])
        #expect(result.summary.warnings.isEmpty, "\(result.summary.warnings)")
        let page = String(decoding: try fileSystem.contents(of: "/site/Output/posts/a/index.html"), as: UTF8.self)
        #expect(page.contains("<section class=\"footnotes\" data-footnotes>"))
        #expect(!page.contains("[^n]"))
        let (_, off, _) = try build(["/site/Content/posts/a.md": post], config: "markdown:\n  footnotes: false\n")
        #expect(off.summary.warnings.map(\.description) == [
            "Content/posts/a.md:7:1: warning: footnotes are off (markdown.footnotes); the note [^n] is shown as text where it is written",
        ])
    }

    @Test func anEmptyTagIsIgnored() throws {
        let (fileSystem, _, _) = try build([
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ntags: [\"\", \" \", swift]\n---\nA.\n",
        ])
        #expect(pages(in: fileSystem, below: "tags/") == ["tags/index.html", "tags/swift/index.html"])
    }

    @Test func anUnknownLayoutWarnsOnceWithTheNumberOfPosts() throws {
        var files: [String: String] = [:]
        for index in 1...3 {
            files["/site/Content/posts/p\(index).md"] = "---\ntitle: P\(index)\ndate: 2024-01-0\(index)\nlayout: custom/post\n---\nA.\n"
        }
        let (_, result, _) = try build(files)
        let layoutWarnings = result.summary.warnings.filter { $0.message.hasPrefix("unknown layout") }
        #expect(layoutWarnings.map(\.description) == [
            "Content/posts/p1.md:4:9: warning: unknown layout 'custom/post'; using 'post' (layouts: page, poem, post) "
                + "(the same in 3 files; shown once)",
        ])
    }

    @Test func aKeyRepeatedWithTheSameValueBuildsWithAWarning() throws {
        let (_, result, _) = try build([
            "/site/Content/posts/a.md": "---\ntitle: A\npublished: true\ndate: 2024-01-01\npublished: true\n---\nA.\n",
        ])
        #expect(result.summary.warnings.map(\.description) == [
            "Content/posts/a.md:5:1: warning: the key 'published' is written again with the same value (first on line 3); "
                + "the second is ignored",
        ])
    }

    @Test(arguments: [
        ("conventions: wordpress", "despina.yml:1:14: error: unknown conventions 'wordpress'; use one of despina, hugo, jekyll"),
        ("permalinks:\n  blog: /:yaer/", "despina.yml:2:9: error: unknown token ':yaer' in the permalink '/:yaer/'; did you mean ':year'?"),
        ("permalinks:\n  blog: 5", "despina.yml:2:9: error: 'permalinks.blog' must be a URL pattern such as /:section/:year/:slug/"),
        ("pagePermalink: /:pth/", "despina.yml:1:16: error: unknown token ':pth' in the permalink '/:pth/';"),
    ])
    func badPermalinkSettingsAreErrorsAtTheirPlace(text: String, diagnostic: String) throws {
        do {
            _ = try build(["/site/Content/posts/a.md": "A.\n"], config: text + "\n")
            Issue.record("the build should fail")
        } catch let failure as BuildFailure {
            #expect(failure.diagnostics.map(\.description).first?.hasPrefix(diagnostic) == true, "\(failure.diagnostics)")
        }
    }
}

import Foundation
import Testing
@testable import DespinaKit

/// Hugo's page bundles: a folder with an `index.md` is one page, named
/// after the folder, with its images published beside it.
@Suite struct PageBundleTests {
    let post = "---\ntitle: A trip\ndate: 2020-01-15\ndescription: Where we went.\n---\n\n![Cover](cover.jpg)\n\n![Map](images/map.png)\n"

    func build(
        _ files: [String: String], config: String? = nil, log: Logger = .silent
    ) throws -> (fileSystem: MemoryFileSystem, result: SiteBuilder.Result) {
        var files = files
        if let config { files["/site/despina.yml"] = config }
        let fileSystem = MemoryFileSystem(files: files)
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        let result = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: log))
            .run(options)
        return (fileSystem, result)
    }

    /// The files written below `Output/` that are not the site's own pages.
    func copiedFiles(in fileSystem: MemoryFileSystem) -> [String] {
        fileSystem.allFiles.filter { $0.hasPrefix("/site/Output/") && !$0.hasSuffix(".html") && !$0.hasSuffix(".xml")
            && !$0.hasSuffix(".json") && !$0.hasSuffix(".txt") && !$0.contains("/assets/") && !$0.contains("/search/")
            && !$0.contains("/.despina") }
    }

    @Test func theScannerMarksTheBundlePageAndItsFiles() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/trip/index.md": "",
            "/site/Content/posts/trip/cover.jpg": "",
            "/site/Content/posts/trip/images/map.png": "",
            "/site/Content/posts/trip/notes.md": "",
            "/site/Content/posts/plain.md": "",
            "/site/Content/images/logo.png": "",
            "/site/Content/about/index.md": "",
        ])
        let scan = try ContentScanner(fileSystem: fileSystem, siteDirectory: "/site").scan()
        let described = scan.files.map { file in
            let bundle = file.bundle.map { " in \($0.folder) as \($0.pathInFolder) of \($0.indexFile)" } ?? ""
            return "\(file.contentPath) \(file.role)\(bundle)"
        }
        #expect(described == [
            "about/index.md page in about as index.md of Content/about/index.md",
            "images/logo.png asset",
            "posts/plain.md post(section: \"posts\")",
            "posts/trip/cover.jpg asset in posts/trip as cover.jpg of Content/posts/trip/index.md",
            "posts/trip/images/map.png asset in posts/trip as images/map.png of Content/posts/trip/index.md",
            "posts/trip/index.md post(section: \"posts\") in posts/trip as index.md of Content/posts/trip/index.md",
            "posts/trip/notes.md post(section: \"posts\")",
        ])
    }

    @Test func aBundleIsPublishedUnderItsFoldersNameWithItsFilesBesideIt() throws {
        let (fileSystem, result) = try build([
            "/site/Content/posts/trip/index.md": post,
            "/site/Content/posts/trip/cover.jpg": "jpeg",
            "/site/Content/posts/trip/images/map.png": "png",
            "/site/Content/posts/plain.md": "---\ntitle: Plain\ndate: 2020-01-01\n---\n\nText.\n",
            "/site/Content/images/logo.png": "logo",
        ])
        #expect(result.model.posts.map(\.path) == ["/posts/trip/", "/posts/plain/"])
        #expect(result.model.posts.map(\.identifier) == ["posts/trip", "posts/plain"])
        #expect(copiedFiles(in: fileSystem) == [
            "/site/Output/images/logo.png",
            "/site/Output/posts/trip/cover.jpg",
            "/site/Output/posts/trip/images/map.png",
        ])
        #expect(try fileSystem.text(of: "/site/Output/posts/trip/cover.jpg") == "jpeg")
        let html = try fileSystem.text(of: "/site/Output/posts/trip/index.html")
        #expect(html.contains("<img src=\"/posts/trip/cover.jpg\" alt=\"Cover\" />"))
        #expect(html.contains("<img src=\"/posts/trip/images/map.png\" alt=\"Map\" />"))
    }

    /// A bundle's image written relative to its page shows on every page
    /// and in the feeds that carry the post, not only on its own page.
    @Test func aBundlesImagesShowInSummariesAndFeedsToo() throws {
        let (fileSystem, _) = try build([
            "/site/Content/posts/trip/index.md": "---\ntitle: A trip\ndate: 2020-01-15\n---\n\n![Cover](cover.jpg) We went north.\n",
            "/site/Content/posts/trip/cover.jpg": "jpeg",
        ], config: "baseURL: https://example.org/blog/\n")
        let image = "<img src=\"/blog/posts/trip/cover.jpg\" alt=\"Cover\" />"
        #expect(try fileSystem.text(of: "/site/Output/posts/trip/index.html").contains(image))
        #expect(try fileSystem.text(of: "/site/Output/index.html").contains(image))
        #expect(try fileSystem.text(of: "/site/Output/rss.xml").contains("src=&quot;https://example.org/blog/posts/trip/cover.jpg&quot;"))
        #expect(try fileSystem.text(of: "/site/Output/feed.json").contains("src=\\\"https://example.org/blog/posts/trip/cover.jpg\\\""))
    }

    /// A link or image relative to the Markdown file, as a Markdown preview
    /// reads it, goes to where that file is published; anything else
    /// relative is left as written.
    @Test func linksRelativeToTheFileReachTheFilesOfContent() throws {
        let (fileSystem, result) = try build([
            "/site/Content/posts/plain.md": """
                ---
                title: Plain
                date: 2020-01-01
                ---

                ![Logo](../images/logo.png) [the file](../files/notes%20v2.pdf#page=2) \
                [about](../about/) ![gone](missing.png) [query](../images/logo.png?v=2)
                """,
            "/site/Content/images/logo.png": "logo",
            "/site/Content/files/notes v2.pdf": "pdf",
        ])
        #expect(result.summary.warnings.isEmpty)
        let html = try fileSystem.text(of: "/site/Output/posts/plain/index.html")
        #expect(html.contains("<img src=\"/images/logo.png\" alt=\"Logo\" />"))
        #expect(html.contains("<a href=\"/files/notes%20v2.pdf#page=2\">the file</a>"))
        #expect(html.contains("<a href=\"../about/\">about</a>"))
        #expect(html.contains("<img src=\"missing.png\" alt=\"gone\" />"))
        #expect(html.contains("<a href=\"../images/logo.png?v=2\">query</a>"))
    }

    /// A post rendered while a file it links to was missing is rendered
    /// again once the file is there, as a clean build would, also by the
    /// preview, which remembers the last build's URLs.
    @Test(arguments: [false, true])
    func aFileAddedLaterIsLinkedByTheNextBuild(remembering: Bool) throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/plain.md": "---\ntitle: Plain\ndate: 2020-01-01\n---\n\n![Logo](../images/logo.png)\n",
        ])
        let memory = BuildMemory(watchesContent: false)
        func build(into output: String, clean: Bool = false) throws {
            var options = BuildOptions(siteDirectory: "/site")
            options.outputDirectory = output
            options.clean = clean
            if remembering && !clean { options.memory = memory }
            _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
                .run(options)
        }
        try build(into: "/site/Output")
        #expect(try fileSystem.text(of: "/site/Output/posts/plain/index.html").contains("src=\"../images/logo.png\""))
        try fileSystem.write(Array("logo".utf8), to: "/site/Content/images/logo.png")
        try build(into: "/site/Output")
        let page = try fileSystem.text(of: "/site/Output/posts/plain/index.html")
        #expect(page.contains("src=\"/images/logo.png\""))
        try build(into: "/clean/Output", clean: true)
        #expect(page == (try fileSystem.text(of: "/clean/Output/posts/plain/index.html")))
    }

    @Test func theFilesFollowThePageToItsPermalink() throws {
        let (fileSystem, result) = try build([
            "/site/Content/posts/2020-01-15-trip/index.md": "---\nslug: trip notes\n---\n\n![Cover](cover.jpg)\n",
            "/site/Content/posts/2020-01-15-trip/cover.jpg": "jpeg",
            "/site/Content/posts/elsewhere/index.md": "---\ntitle: Elsewhere\ndate: 2020-02-01\npermalink: /away.html\n---\n\nText.\n",
            "/site/Content/posts/elsewhere/photo.jpg": "photo",
        ], config: "permalink: /:year/:month/:slug/\n")
        #expect(result.model.posts.map(\.path) == ["/away.html", "/2020/01/trip-notes/"])
        #expect(result.model.posts.map(\.title) == ["Elsewhere", "Trip"])
        #expect(copiedFiles(in: fileSystem) == [
            "/site/Output/2020/01/trip-notes/cover.jpg",
            "/site/Output/photo.jpg",
        ])
    }

    @Test func aBundleDirectlyInContentIsAStandalonePage() throws {
        let (fileSystem, result) = try build([
            "/site/Content/about/index.md": "---\ntitle: About\n---\n\n![Me](me.jpg)\n",
            "/site/Content/about/me.jpg": "me",
        ])
        #expect(result.model.pages.map(\.path) == ["/about/"])
        #expect(result.model.posts.isEmpty)
        #expect(copiedFiles(in: fileSystem) == ["/site/Output/about/me.jpg"])
    }

    @Test func theFilesOfAnUnpublishedBundleStayUnpublished() throws {
        let (fileSystem, result) = try build([
            "/site/Content/posts/trip/index.md": "---\ntitle: Trip\ndate: 2020-01-01\ndraft: true\n---\n\nText.\n",
            "/site/Content/posts/trip/cover.jpg": "jpeg",
        ])
        #expect(result.model.posts.isEmpty)
        #expect(copiedFiles(in: fileSystem) == [])
    }

    @Test func aHugoListPageHeadsItsSectionsListAndTheHomeOneIsSkipped() throws {
        let recorder = LogRecorder()
        let (fileSystem, result) = try build([
            "/site/Content/_index.md": "---\ntitle: Home\n---\n",
            "/site/Content/posts/_index.md": "---\ntitle: All posts\ndescription: Every one.\n---\nNewest first.\n",
            "/site/Content/posts/banner.jpg": "banner",
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n\nText.\n",
            "/site/Content/posts/2024/_index.md": "---\ntitle: The year 2024\n---\n",
            "/site/Content/posts/2024/b.md": "---\ntitle: B\ndate: 2024-01-01\n---\n\nText.\n",
        ], log: recorder.logger)
        #expect(recorder.warnings == [
            "Content/_index.md: warning: Hugo's home list page _index.md is skipped: Despina makes the home page itself "
                + "(move its text into a page such as about.md to publish it)",
        ])
        #expect(result.model.posts.map(\.path) == ["/posts/b/", "/posts/a/"])
        #expect(result.model.pages.isEmpty, "a list page is no page of its own")
        #expect(result.model.sections.map { "\($0.path) \($0.title) \($0.posts)" } == [
            "/posts/ All posts [0, 1]", "/posts/2024/ The year 2024 [0]",
        ])
        let list = String(decoding: try fileSystem.contents(of: "/site/Output/posts/index.html"), as: UTF8.self)
        #expect(list.contains("<h1 class=\"page-title\">All posts</h1>\n<div class=\"section-intro\"><p>Newest first.</p>\n</div>"), "\(list)")
        #expect(list.contains("Every one."))
        #expect(list.contains(">A<") && list.contains(">B<"))
        let year = String(decoding: try fileSystem.contents(of: "/site/Output/posts/2024/index.html"), as: UTF8.self)
        #expect(year.contains(">B<") && !year.contains(">A<"))
        #expect(copiedFiles(in: fileSystem) == ["/site/Output/posts/banner.jpg"])
    }

    @Test func despinaCheckFindsTheBundlesImages() {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/trip/index.md": post + "\n![Lost](lost.jpg)\n",
            "/site/Content/posts/trip/cover.jpg": "jpeg",
            "/site/Content/posts/trip/images/map.png": "png",
        ])
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        let problems = SiteChecker(environment: environment).check(BuildOptions(siteDirectory: "/site"))
        #expect(problems.map(\.description) == [
            "Content/posts/trip/index.md:11:1: error: missing image 'lost.jpg' (no posts/trip/lost.jpg in the site)",
        ])
    }
}

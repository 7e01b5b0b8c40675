import Foundation
import Testing
@testable import DespinaKit

/// Files copied as they are from `Content/` may not take the place of a
/// file the site writes itself; `Content/robots.txt` replaces the site's.
@Suite struct CopiedFileTests {
    static let post = "---\ntitle: First\ndate: 2025-01-02\ntags: [swift]\n---\n\nHello.\n"
    static let robots = "User-agent: *\nDisallow: /drafts/\n"

    func build(_ fileSystem: MemoryFileSystem) throws -> SiteBuilder.Result {
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        return try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .run(options)
    }

    /// The failure's lines, or nil when the build succeeded.
    func failure(_ files: [String: String]) -> [String]? {
        do {
            _ = try build(MemoryFileSystem(files: files))
            return nil
        } catch let failure as BuildFailure {
            return failure.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aCopiedFileMayNotReplaceOneTheSiteWrites() {
        let site = ["/site/Content/posts/first.md": Self.post]
        #expect(failure(site.merging(["/site/Content/rss.xml": "<rss/>\n"]) { $1 }) == [
            "Content/rss.xml: error: the site writes 'rss.xml' itself; move or rename this file",
        ])
        #expect(failure(site.merging(["/site/Content/tags/swift/index.html": "<p>mine</p>\n"]) { $1 }) == [
            "Content/tags/swift/index.html: error: the site writes 'tags/swift/index.html' itself; move or rename this file",
        ])
        #expect(failure(site.merging(["/site/Content/search/extra.json": "{}\n"]) { $1 }) == [
            "Content/search/extra.json: error: the folder 'search/' holds the site's search index; move or rename this file",
        ])
        #expect(failure(site.merging(["/site/Content/index.html": "<p>home</p>\n", "/site/Content/404.html": "gone\n"]) { $1 }) == [
            "Content/404.html: error: the site writes '404.html' itself; move or rename this file",
            "Content/index.html: error: the site writes 'index.html' itself; move or rename this file",
        ])
        #expect(failure(site.merging(["/site/Content/assets/style.css": "body {}\n"]) { $1 }) == [
            "Content/assets/style.css: error: the site writes 'assets/style.css' itself; move or rename this file",
        ])
        #expect(failure(site.merging(["/site/Content/images/logo.png": "png", "/site/Content/tags/notes.txt": "n"]) { $1 }) == nil)
    }

    /// The writer's robots.txt is published instead of the site's, and stays
    /// so through rebuilds that keep or remake everything around it.
    @Test func contentRobotsReplacesTheSitesOwnThroughRebuilds() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/first.md": Self.post,
            "/site/Content/robots.txt": Self.robots,
        ])
        _ = try build(fileSystem)
        #expect(try fileSystem.text(of: "/site/Output/robots.txt") == Self.robots)

        try fileSystem.write(Array((Self.post + "More.\n").utf8), to: "/site/Content/posts/first.md")
        _ = try build(fileSystem)
        #expect(try fileSystem.text(of: "/site/Output/robots.txt") == Self.robots)
        #expect(try fileSystem.text(of: "/site/Output/posts/first/index.html").contains("More."))

        try fileSystem.write(Array("User-agent: *\nDisallow: /\n".utf8), to: "/site/Content/robots.txt")
        _ = try build(fileSystem)
        #expect(try fileSystem.text(of: "/site/Output/robots.txt") == "User-agent: *\nDisallow: /\n")

        try fileSystem.removeItem(at: "/site/Content/robots.txt")
        _ = try build(fileSystem)
        #expect(try fileSystem.text(of: "/site/Output/robots.txt").hasPrefix("User-agent: *\nAllow: /\nSitemap: "))
    }
}

/// The output folder takes one maker per file.
@Suite struct OutputFolderWriteTests {
    @Test func aSecondWriteOfOnePathIsRefused() throws {
        let fileSystem = MemoryFileSystem(files: [:])
        let output = OutputFolder(path: "/site/Output", fileSystem: fileSystem, manifestDirectory: "/site/.despina/output")
        try output.prepare(force: false)
        try output.write(Array("first".utf8), to: "robots.txt")
        #expect(throws: Diagnostic.self) { try output.write(Array("second".utf8), to: "robots.txt") }
        try output.write(Array("other".utf8), to: "posts/a/index.html")
        try output.commit()
        #expect(try fileSystem.text(of: "/site/Output/robots.txt") == "first")

        // The manifest records the bytes on disk, so the next build that
        // makes "second" writes it.
        let next = OutputFolder(path: "/site/Output", fileSystem: fileSystem, manifestDirectory: "/site/.despina/output")
        try next.prepare(force: false)
        try next.write(Array("second".utf8), to: "robots.txt")
        try next.write(Array("other".utf8), to: "posts/a/index.html")
        try next.commit()
        #expect(try fileSystem.text(of: "/site/Output/robots.txt") == "second")
    }
}

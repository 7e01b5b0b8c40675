import Foundation
import StaticServer
import Testing
@testable import DespinaKit

@Suite struct SiteCheckerTests {
    func check(_ files: [String: String], external: Bool = false) -> [String] {
        let fileSystem = MemoryFileSystem(files: files)
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        let diagnostics = SiteChecker(environment: environment).check(BuildOptions(siteDirectory: "/site"), external: external)
        // The check never writes into the site folder.
        #expect(fileSystem.allFiles == files.keys.sorted())
        return diagnostics.map(\.description)
    }

    @Test func reportsContentProblemsAtTheirSourcePositions() {
        let problems = check([
            "/site/Content/posts/a.md": """
            ---
            title: First
            date: 2020-01-01
            description: One.
            ---

            See [b](b.md#nowhere) and [gone](/posts/gone/).

            ![Lost](/images/lost.png)
            """,
            "/site/Content/posts/b.md": """
            ---
            title: Second
            date: 2020-01-02
            ---

            Text.
            """,
            "/site/Content/posts/c.md": """
            ---
            title: first
            date: 2020-01-03
            description: Same title as a.
            ---

            Text.
            """,
        ])
        #expect(problems == [
            "Content/posts/a.md:7:5: error: broken link 'b.md#nowhere': posts/b/index.html has no anchor 'nowhere'",
            "Content/posts/a.md:7:27: error: broken link '/posts/gone/' (no posts/gone/index.html in the site)",
            "Content/posts/a.md:9:1: error: missing image '/images/lost.png' (no images/lost.png in the site)",
            "Content/posts/b.md:1:1: warning: no description: feeds, search results and link previews will show the first paragraph",
            "Content/posts/c.md:1:1: warning: the title 'first' is also the title of Content/posts/a.md",
        ])
    }

    /// A missing image in a post without a description is also in its
    /// summary on the home page, and a link to a missing .md file was
    /// warned of by the build: each is reported once, at the post.
    @Test func aBrokenLinkOrMissingImageIsReportedOnce() {
        let problems = check([
            "/site/Content/posts/a.md": """
            ---
            title: First
            date: 2020-01-01
            ---

            ![A cat](cat.png) and [more](gone.md).
            """,
        ])
        #expect(problems == [
            "Content/posts/a.md:1:1: warning: no description: feeds, search results and link previews will show the first paragraph",
            "Content/posts/a.md:6:1: error: missing image 'cat.png' (no posts/a/cat.png in the site)",
            "Content/posts/a.md:6:23: error: broken link 'gone.md' (no posts/a/gone.md in the site)",
        ])
    }

    @Test func aCleanSiteHasNoProblems() {
        #expect(check([
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\ndescription: A.\n---\n\n[B](b.md)\n",
            "/site/Content/posts/b.md": "---\ntitle: B\ndate: 2020-01-02\ndescription: B.\n---\n\n## Part\n",
        ]) == [])
    }

    /// A site published under a path with an escape in it: its links keep
    /// the escape (a space is not allowed in a URL), and they are not broken.
    @Test func aBasePathWithAnEscapeStaysEscapedInLinks() throws {
        let files = [
            "/site/despina.yml": "baseURL: https://example.com/my%20blog/\n",
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\ndescription: A.\n---\n\n[B](b.md)\n",
            "/site/Content/posts/b.md": "---\ntitle: B\ndate: 2020-01-02\ndescription: B.\n---\n\nText.\n",
        ]
        #expect(check(files) == [])
        let fileSystem = MemoryFileSystem(files: files)
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        _ = try SiteBuilder(environment: environment).build(BuildOptions(siteDirectory: "/site"))
        let page = try fileSystem.text(of: "/site/Output/posts/a/index.html")
        #expect(page.contains("href=\"/my%20blog/posts/b/\""))
        #expect(!page.contains("/my blog/"))
    }

    @Test func aSiteThatDoesNotBuildGivesItsErrors() {
        #expect(check(["/site/Content/posts/a.md": "---\ntags: 5\n---\n"]).first?.hasPrefix("Content/posts/a.md:2:7: error:") == true)
    }

    @Test func externalLinksAreRequestedOnlyWhenAsked() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("<p>here</p>".utf8).write(to: URL(fileURLWithPath: root + "/alive.html"))
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.liveReload = false
        let server = StaticFileServer(root: URL(fileURLWithPath: root), configuration: configuration)
        try server.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let files = ["/site/Content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\ndescription: A.\n---\n\n[up](\(base)/alive.html) [down](\(base)/dead.html)\n"]
        #expect(check(files) == [])
        let column = 19 + base.count
        #expect(check(files, external: true) == [
            "Content/posts/a.md:7:\(column): warning: dead external link '\(base)/dead.html': HTTP 404",
        ])
    }

    @Test func aRedirectIntoTheLocalNetworkIsReportedAtTheLink() throws {
        let server = try ScriptedHTTPServer { _, send in
            _ = send("HTTP/1.1 302 Found\r\nLocation: http://192.168.0.1/setup\r\n\r\n")
        }
        let link = "http://127.0.0.1:\(server.port)/moved"
        let files = ["/site/Content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\ndescription: A.\n---\n\n[router](\(link))\n"]
        #expect(check(files, external: true) == [
            "Content/posts/a.md:7:1: warning: dead external link '\(link)': redirect to 'http://192.168.0.1/setup' refused: it leads from a loopback address to the private address 192.168.0.1",
        ])
        // Until here: a server let go after its last use stops accepting.
        withExtendedLifetime([server]) {}
    }
}

import Foundation
import Testing
@testable import DespinaKit
#if canImport(Glibc)
import Glibc
#endif

/// A minimal blocking client for one connection to the preview server.
final class LoopbackConnection {
    private let socketDescriptor: Int32
    private var received: [UInt8] = []

    init(port: UInt16) throws {
        socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw FileSystemError(path: "127.0.0.1:\(port)", reason: "cannot connect") }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socketDescriptor) }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(socketDescriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Reads until `marker` arrives or `seconds` pass; returns everything read so far.
    func read(until marker: String, seconds: Double) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            let text = String(decoding: received, as: UTF8.self)
            if text.contains(marker) { return text }
            let count = buffer.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { received += buffer[0..<count] } else if count == 0 { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}

@Suite(.serialized) struct PreviewServerTests {
    func makeSite() throws -> String {
        let site = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: site + "/Content/posts", withIntermediateDirectories: true)
        try "---\ntitle: Hello\ndate: 2020-01-01\n---\n\nFirst version.\n"
            .write(toFile: site + "/Content/posts/hello.md", atomically: true, encoding: .utf8)
        return site
    }

    func get(_ path: String, port: UInt16) throws -> String {
        let connection = try LoopbackConnection(port: port)
        connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return connection.read(until: "</html>", seconds: 5)
    }

    /// A page whose name was pointed at 127.0.0.1 (DNS rebinding) asks with
    /// its own name in `Host`: it gets 421, never the preview or its drafts.
    @Test func answersOnlyToItsOwnHostSoARebindingPageCannotReadDrafts() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try "---\ntitle: Secret plans\ndate: 2020-01-02\ndraft: true\n---\n\nNot yet public.\n"
            .write(toFile: site + "/Content/posts/plans.md", atomically: true, encoding: .utf8)
        var options = PreviewOptions(siteDirectory: site)
        options.port = 0
        options.includeDrafts = true
        let preview = PreviewServer(options: options, environment: BuildEnvironment(
            fileSystem: LocalFileSystem(), now: { fixedNow }, log: .silent))
        try preview.start()
        defer { preview.stop() }
        let port = preview.port

        #expect(try get("/posts/plans/", port: port).contains("Not yet public."))
        for host in ["rebound.example:\(port)", "rebound.example", "127.0.0.1.rebound.example:\(port)"] {
            let connection = try LoopbackConnection(port: port)
            connection.send("GET /posts/plans/ HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            let answer = connection.read(until: "names.\n", seconds: 5)
            #expect(answer.hasPrefix("HTTP/1.1 421 Misdirected Request\r\n"), "\(host)")
            #expect(answer.hasSuffix("\r\n\r\n421 Misdirected Request\nThis server answers to http://127.0.0.1:\(port)/, not to the host this request names.\n"))
            #expect(!answer.contains("Not yet public."))
        }
    }

    @Test func rebuildsAndReloadsOnSaveAndKeepsTheLastGoodSiteOnErrors() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        var options = PreviewOptions(siteDirectory: site)
        options.port = 0
        let preview = PreviewServer(options: options, environment: BuildEnvironment(
            fileSystem: LocalFileSystem(), now: { fixedNow }, log: .silent))
        try preview.start()
        defer { preview.stop() }
        #expect(!FileManager.default.fileExists(atPath: site + "/Output"), "the preview never writes Output/")

        let page = try get("/posts/hello/", port: preview.port)
        #expect(page.contains("First version."))
        #expect(page.contains("/__despina/events"), "the reload script is injected into served pages")
        let onDisk = try String(contentsOfFile: preview.outputDirectory + "/posts/hello/index.html", encoding: .utf8)
        #expect(!onDisk.contains("/__despina/events"), "the script is never written to disk")
        #expect(page.contains("href=\"http://127.0.0.1:\(preview.port)/posts/hello/\""), "links use the preview's address")

        let events = try LoopbackConnection(port: preview.port)
        events.send("GET /__despina/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(events.read(until: "retry:", seconds: 5).contains("text/event-stream"))

        try "---\ntitle: Hello\ndate: 2020-01-01\n---\n\nSecond version.\n"
            .write(toFile: site + "/Content/posts/hello.md", atomically: true, encoding: .utf8)
        #expect(events.read(until: "event: reload", seconds: 10).contains("event: reload"))
        #expect(try get("/posts/hello/", port: preview.port).contains("Second version."))

        try "---\ntitle: [\n---\n".write(toFile: site + "/Content/posts/broken.md", atomically: true, encoding: .utf8)
        let afterError = events.read(until: "event: build-error", seconds: 10)
        #expect(afterError.contains("event: build-error\ndata: Content/posts/broken.md:3:1: error:"))
        #expect(try get("/posts/hello/", port: preview.port).contains("Second version."), "the last good site stays served")
    }

    /// A build under way when the preview stops ends before `stop` returns:
    /// nothing writes into the site after it. Here the build under way is
    /// the one that makes the search index a reload put off, which starts
    /// right after the reload is sent.
    @Test func stopWaitsForTheBuildUnderWay() throws {
        let site = try makeSite()
        // Enough posts that the index takes a while to make.
        for number in 1...400 {
            try "---\ntitle: Post \(number)\ndate: 2020-02-01\n---\n\n\(String(repeating: "Words of post \(number). ", count: 200))\n"
                .write(toFile: site + "/Content/posts/post-\(number).md", atomically: true, encoding: .utf8)
        }
        var options = PreviewOptions(siteDirectory: site)
        options.port = 0
        let preview = PreviewServer(options: options, environment: BuildEnvironment(
            fileSystem: LocalFileSystem(), now: { fixedNow }, log: .silent))
        try preview.start()
        let events = try LoopbackConnection(port: preview.port)
        events.send("GET /__despina/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = events.read(until: "retry:", seconds: 5)
        try "---\ntitle: Hello\ndate: 2020-01-01\n---\n\nSecond version.\n"
            .write(toFile: site + "/Content/posts/hello.md", atomically: true, encoding: .utf8)
        #expect(events.read(until: "event: reload", seconds: 10).contains("event: reload"))
        preview.stop()
        try FileManager.default.removeItem(atPath: site)
        usleep(1_000_000)
        #expect(!FileManager.default.fileExists(atPath: site), "a build wrote into the site after stop() returned")
    }

    /// Waits until `condition` holds, for at most `seconds`.
    func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    func startPreview(of site: String) throws -> PreviewServer {
        var options = PreviewOptions(siteDirectory: site)
        options.port = 0
        let preview = PreviewServer(options: options, environment: BuildEnvironment(
            fileSystem: LocalFileSystem(), now: { fixedNow }, log: .silent))
        try preview.start()
        return preview
    }

    /// `mv Content Content.old && cp -a Content.old Content`: the preview
    /// watches the new folder, so a post added to it, and an edit of an
    /// old one, are served after the rebuild.
    @Test func aReplacedContentFolderIsWatchedAnew() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let preview = try startPreview(of: site)
        defer { preview.stop() }
        #expect(try get("/posts/hello/", port: preview.port).contains("First version."))

        let manager = FileManager.default
        try manager.moveItem(atPath: site + "/Content", toPath: site + "/Content.old")
        try manager.copyItem(atPath: site + "/Content.old", toPath: site + "/Content")
        try "---\ntitle: Added\ndate: 2020-01-02\n---\n\nA new post.\n"
            .write(toFile: site + "/Content/posts/added.md", atomically: true, encoding: .utf8)
        #expect(try wait(seconds: 10) { try get("/posts/added/", port: preview.port).contains("A new post.") })

        try "---\ntitle: Hello\ndate: 2020-01-01\n---\n\nEdited in the new folder.\n"
            .write(toFile: site + "/Content/posts/hello.md", atomically: true, encoding: .utf8)
        #expect(try wait(seconds: 10) { try get("/posts/hello/", port: preview.port).contains("Edited in the new folder.") })
    }

    /// A link to a file outside the site is never in the preview's folder
    /// (the build leaves it out, and copies what it publishes as bytes, so
    /// the folder holds no link at all), so the server has nothing to serve.
    @Test func aLinkOutOfTheSiteIsNotServed() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: site + "/Content/passwd.txt", withDestinationPath: "/etc/passwd")
        try manager.createSymbolicLink(atPath: site + "/Content/posts/passwd.md", withDestinationPath: "/etc/passwd")
        let preview = try startPreview(of: site)
        defer { preview.stop() }
        #expect(try get("/posts/hello/", port: preview.port).contains("First version."))
        #expect(try get("/passwd.txt", port: preview.port).hasPrefix("HTTP/1.1 404"))
        #expect(try get("/posts/passwd/", port: preview.port).hasPrefix("HTTP/1.1 404"))
        let files = try LocalFileSystem().visibleFiles(below: preview.outputDirectory)
        #expect(!files.isEmpty)
        #expect(files.allSatisfy { LocalFileSystem().info(at: preview.outputDirectory + "/" + $0)?.kind == .file })
    }
    /// A preview of `site` on a free port whose log is kept.
    func startRecordedPreview(
        of site: String, _ adjust: (inout PreviewOptions) -> Void = { _ in }
    ) throws -> (preview: PreviewServer, log: LogRecorder) {
        var options = PreviewOptions(siteDirectory: site)
        options.port = 0
        adjust(&options)
        let log = LogRecorder()
        let preview = PreviewServer(options: options, environment: BuildEnvironment(
            fileSystem: LocalFileSystem(), now: { fixedNow }, log: log.logger))
        try preview.start()
        return (preview, log)
    }

    /// `--no-reload`: pages are served as they were built, and there is no
    /// event stream to hold a connection open.
    @Test func withoutLiveReloadPagesAreServedAsBuilt() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let (preview, _) = try startRecordedPreview(of: site) { $0.liveReload = false }
        defer { preview.stop() }
        let page = try get("/posts/hello/", port: preview.port)
        #expect(page.contains("First version."))
        #expect(!page.contains("/__despina/events"))
        let onDisk = try String(contentsOfFile: preview.outputDirectory + "/posts/hello/index.html", encoding: .utf8)
        #expect(page.hasSuffix("\r\n\r\n" + onDisk))
        #expect(try get("/__despina/events", port: preview.port).hasPrefix("HTTP/1.1 404"))
    }

    /// `--output DIR` and `--base-url URL`: the preview is built where it is
    /// told, with the links a phone on the network would follow.
    @Test func buildsIntoTheGivenFolderWithTheGivenBaseURL() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let (preview, _) = try startRecordedPreview(of: site) {
            $0.outputDirectory = site + "/public"
            $0.baseURL = "http://192.168.1.20:8080/"
        }
        defer { preview.stop() }
        #expect(preview.outputDirectory == site + "/public")
        #expect(FileManager.default.fileExists(atPath: site + "/public/posts/hello/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site + "/" + PreviewServer.folder + "/posts/hello/index.html"))
        let page = try get("/posts/hello/", port: preview.port)
        #expect(page.contains("href=\"http://192.168.1.20:8080/posts/hello/\""))
    }

    /// A base URL with a path: the preview serves the site there, so its
    /// links lead to its pages, as they will where it is published.
    @Test func servesTheSiteUnderThePathOfItsBaseURL() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let (preview, _) = try startRecordedPreview(of: site) { $0.baseURL = "http://localhost:8080/blog/" }
        defer { preview.stop() }
        #expect(preview.address == "http://127.0.0.1:\(preview.port)/blog/")
        let home = try get("/blog/", port: preview.port)
        #expect(home.hasPrefix("HTTP/1.1 200"))
        #expect(home.contains("href=\"/blog/posts/hello/\""))
        #expect(try get("/blog/posts/hello/", port: preview.port).contains("First version."))
        #expect(try get("/posts/hello/", port: preview.port).hasPrefix("HTTP/1.1 404"))
    }

    /// A change is built twice (pages, then the search index); the second
    /// build meets the same warning and must not print it again.
    @Test func printsEachWarningOncePerRebuild() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let post = site + "/Content/posts/liquid.md"
        try "---\ntitle: Liquid\ndate: 2020-01-02\n---\n\n{{ page.url }}\n".write(toFile: post, atomically: true, encoding: .utf8)
        let (preview, log) = try startRecordedPreview(of: site)
        defer { preview.stop() }
        let warning = "Content/posts/liquid.md:6:1: warning: Liquid output {{ page.url }} is not supported; it is shown as text"
        #expect(log.warnings == [warning])
        #expect(log.lines.contains { $0.0 == .info && $0.1.hasPrefix("Built 2 posts and 0 pages (") }, "the first build's line")

        try "---\ntitle: Liquid\ndate: 2020-01-02\n---\n\n{{ page.url }}\n\nEdited.\n"
            .write(toFile: post, atomically: true, encoding: .utf8)
        #expect(wait(seconds: 10) { log.lines.contains { $0.1.hasPrefix("Search index updated in ") } })
        #expect(log.warnings == [warning, warning])
    }

    /// `sed -i` writes `sedXXXXXX` and renames it over the post; Vim probes
    /// with `4913` and keeps a swap file; Emacs leaves `#post#` and `post~`.
    /// Only the post is a change, and a burst of such files alone is none.
    @Test func editorTemporaryFilesAreNotChanges() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let (preview, log) = try startRecordedPreview(of: site)
        defer { preview.stop() }
        func changes() -> [String] { log.lines.map(\.1).filter { $0.hasPrefix("Changed: ") } }

        let posts = site + "/Content/posts/"
        try "---\ntitle: Hello\ndate: 2020-01-01\n---\n\nSecond version.\n"
            .write(toFile: posts + "sedkJd6xr", atomically: false, encoding: .utf8)
        #expect(rename(posts + "sedkJd6xr", posts + "hello.md") == 0)
        #expect(try wait(seconds: 10) { try get("/posts/hello/", port: preview.port).contains("Second version.") })
        #expect(changes() == ["Changed: Content/posts/hello.md"])

        for name in ["4913", ".hello.md.swp", "#hello.md#", "hello.md~", "upload.tmp"] {
            try "x".write(toFile: posts + name, atomically: false, encoding: .utf8)
            try FileManager.default.removeItem(atPath: posts + name)
        }
        usleep(500_000)
        #expect(changes() == ["Changed: Content/posts/hello.md"], "no rebuild for temporary files alone")
    }
}

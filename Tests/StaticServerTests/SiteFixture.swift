import Foundation
import StaticServer

/// A throwaway site folder with a secret file beside it, and a running server.
final class SiteFixture {
    static let secret = "TOP SECRET: must never be served"
    static let indexPage = "<!doctype html>\n<html><head><title>Home</title></head><body><h1>Home</h1></body></html>\n"
    static let notFoundPage = "<html><body><p>Nothing here.</p></body></html>\n"

    let base: URL
    let root: URL
    let server: StaticFileServer

    init(configuration: ServerConfiguration = ServerConfiguration(port: 0), withNotFoundPage: Bool = true) throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("despina-server-\(UUID().uuidString)")
        root = base.appendingPathComponent("site")
        server = StaticFileServer(root: root, configuration: configuration)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Self.secret.write(to: base.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)

        try write("index.html", Self.indexPage)
        try write("posts/index.html", "<html><body>Posts</body></html>")
        try write("posts/first.html", "<html><BODY>First</BODY></html>")
        try write("nobody.html", "<p>No body tag</p>")
        try write("empty/readme.txt", "no index here")
        try write(".hidden", "hidden")
        try write("style.css", "body { color: black; }\n")
        if withNotFoundPage { try write("404.html", Self.notFoundPage) }
        for name in ["app.js", "data.json", "feed.xml", "logo.svg", "image.png", "photo.jpg", "photo.jpeg",
                     "anim.gif", "pic.webp", "favicon.ico", "font.woff2", "notes.txt", "paper.pdf", "blob.unknown"] {
            try write(name, "content of \(name)")
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("escape").path, withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("escape-dir").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("inside").path, withDestinationPath: "style.css")

        try server.start()
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: base)
    }

    func write(_ relativePath: String, _ text: String) throws {
        try write(relativePath, Array(text.utf8))
    }

    func write(_ relativePath: String, _ bytes: [UInt8]) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func client(timeout: Double = 5) throws -> RawHTTPClient {
        try RawHTTPClient(port: server.port, timeout: timeout)
    }

    /// The page as served when live reload is on.
    static func injected(_ page: String) -> String {
        String(decoding: LiveReload.inject(into: Array(page.utf8)), as: UTF8.self)
    }
}

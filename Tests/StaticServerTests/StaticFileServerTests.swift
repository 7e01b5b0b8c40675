import Foundation
import StaticServer
import Testing

@Suite("StaticFileServer over real sockets")
struct StaticFileServerTests {
    @Test func servesTheIndexPageWithTheScriptInjected() throws {
        let site = try SiteFixture()
        let response = try site.client().request("/")
        let expectedBody = SiteFixture.injected(SiteFixture.indexPage)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Content-Length") == String(expectedBody.utf8.count))
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.text == expectedBody)
        #expect(response.text.hasSuffix(LiveReload.scriptElement + "</body></html>\n"))
    }

    @Test(arguments: [
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/data.json", "application/json"), ("/feed.xml", "application/xml; charset=utf-8"),
        ("/logo.svg", "image/svg+xml"), ("/image.png", "image/png"), ("/photo.jpg", "image/jpeg"),
        ("/photo.jpeg", "image/jpeg"), ("/anim.gif", "image/gif"), ("/pic.webp", "image/webp"),
        ("/favicon.ico", "image/x-icon"), ("/font.woff2", "font/woff2"),
        ("/notes.txt", "text/plain; charset=utf-8"), ("/paper.pdf", "application/pdf"),
        ("/blob.unknown", "application/octet-stream"),
    ])
    func servesOtherFilesUnchangedWithTheirType(_ path: String, type: String) throws {
        let site = try SiteFixture()
        let response = try site.client().request(path)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == type)
        #expect(response.text == "content of \(path.dropFirst())")
        #expect(response.header("Content-Length") == String(response.body.count))
    }

    @Test func injectsIntoHTMLOnly() throws {
        let site = try SiteFixture()
        let client = try site.client()
        let css = try client.request("/style.css")
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.text == "body { color: black; }\n")
        #expect(try client.request("/posts/first.html").text == "<html><BODY>First" + LiveReload.scriptElement + "</BODY></html>")
        #expect(try client.request("/nobody.html").text == "<p>No body tag</p>" + LiveReload.scriptElement)
    }

    @Test func leavesPagesAloneWhenLiveReloadIsOff() throws {
        let site = try SiteFixture(configuration: ServerConfiguration(port: 0, liveReload: false))
        let client = try site.client()
        let page = try client.request("/")
        #expect(page.text == SiteFixture.indexPage)
        #expect(page.header("Content-Length") == String(SiteFixture.indexPage.utf8.count))
        #expect(try client.request(LiveReload.eventsPath).status == 404)
    }

    /// A site whose links are made for a path is served under it; what
    /// lies outside it is not found, and the top of the server leads to it.
    @Test func servesTheSiteUnderItsBasePath() throws {
        var configuration = ServerConfiguration(port: 0, liveReload: false)
        configuration.basePath = "blog"
        #expect(configuration.basePath == "/blog/")
        let site = try SiteFixture(configuration: configuration)
        let client = try site.client()
        #expect(try client.request("/blog/").text == SiteFixture.indexPage)
        #expect(try client.request("/blog/posts/first.html?x=1").text == "<html><BODY>First</BODY></html>")
        let folder = try client.request("/blog/posts?page=2")
        #expect(folder.status == 301)
        #expect(folder.header("Location") == "/blog/posts/?page=2")
        for top in ["/", "/blog"] {
            let redirect = try client.request(top)
            #expect(redirect.status == 301, "\(top)")
            #expect(redirect.header("Location") == "/blog/", "\(top)")
        }
        for outside in ["/posts/first.html", "/blogger/", "/index.html"] {
            #expect(try client.request(outside).status == 404, "\(outside)")
        }
        #expect(try site.client().request("/blog/../secret.txt").status == 400)
    }

    /// A second server on a port another one holds names the port and the
    /// address, instead of "bind failed: Address already in use".
    @Test func aBusyPortIsNamedWithItsAddress() throws {
        let site = try SiteFixture()
        let second = StaticFileServer(root: site.root, configuration: ServerConfiguration(port: site.server.port))
        #expect(throws: ServerError.addressInUse(host: "127.0.0.1", port: site.server.port)) { try second.start() }
        #expect(ServerError.addressInUse(host: "127.0.0.1", port: 8080).description
            == "port 8080 is already in use on 127.0.0.1")
    }

    @Test func servesFolderIndexesAndRedirectsToTheSlashForm() throws {
        let site = try SiteFixture()
        let client = try site.client()
        let redirect = try client.request("/posts?page=2")
        #expect(redirect.status == 301)
        #expect(redirect.header("Location") == "/posts/?page=2")
        let index = try client.request("/posts/")
        #expect(index.status == 200)
        #expect(index.text == "<html><body>Posts" + LiveReload.scriptElement + "</body></html>")
    }

    @Test func answersMissingPagesWithTheSite404Page() throws {
        let site = try SiteFixture()
        let client = try site.client()
        for path in ["/missing", "/empty/", "/.hidden"] {
            let response = try client.request(path)
            #expect(response.status == 404)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(response.text == SiteFixture.injected(SiteFixture.notFoundPage))
            #expect(response.header("ETag") == nil)
        }
    }

    @Test func answersMissingPagesWithPlainTextWithoutA404Page() throws {
        let site = try SiteFixture(withNotFoundPage: false)
        let response = try site.client().request("/missing")
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(response.text == "404 Not Found\n")
    }

    @Test func revalidatesWithEntityTags() throws {
        let site = try SiteFixture()
        let client = try site.client()
        let first = try client.request("/style.css")
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))

        let unchanged = try client.request("/style.css", headers: ["If-None-Match: \"other\", \(tag)"])
        #expect(unchanged.status == 304)
        #expect(unchanged.body.isEmpty)
        #expect(unchanged.header("ETag") == tag)
        #expect(unchanged.header("Content-Length") == nil)

        #expect(try client.request("/style.css", headers: ["If-None-Match: W/\(tag)"]).status == 304)
        #expect(try client.request("/style.css", headers: ["If-None-Match: *"]).status == 304)
        #expect(try client.request("/style.css", headers: ["If-None-Match: \"other\""]).status == 200)

        try site.write("style.css", "body { color: red; }\n")
        let changed = try client.request("/style.css", headers: ["If-None-Match: \(tag)"])
        #expect(changed.status == 200)
        #expect(changed.text == "body { color: red; }\n")
        #expect(changed.header("ETag") != tag)
    }

    @Test func answersHeadWithHeadersOnly() throws {
        let site = try SiteFixture()
        let client = try site.client()
        let head = try client.request("/", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(SiteFixture.injected(SiteFixture.indexPage).utf8.count))
        #expect(head.body.isEmpty)
        // The next response on the same connection starts right away: no body was sent.
        let next = try client.request("/notes.txt")
        #expect(next.status == 200)
        #expect(next.text == "content of notes.txt")
    }

    @Test func keepsTheConnectionAliveAndHonoursClose() throws {
        let site = try SiteFixture()
        let client = try site.client()
        #expect(try client.request("/notes.txt").text == "content of notes.txt")
        let css = try client.request("/style.css")
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.text == "body { color: black; }\n")
        let last = try client.request("/notes.txt", headers: ["Connection: close"])
        #expect(last.header("Connection") == "close")
        #expect(last.text == "content of notes.txt")
        #expect(client.isClosedByServer())
    }

    @Test func closesAfterAnHTTP10ResponseUnlessAskedToKeepAlive() throws {
        let site = try SiteFixture()
        let client = try site.client()
        try client.send("GET /notes.txt HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let kept = try client.readResponse()
        #expect(kept.header("Connection") == "keep-alive")
        try client.send("GET /notes.txt HTTP/1.0\r\n\r\n")
        #expect(try client.readResponse().text == "content of notes.txt")
        #expect(client.isClosedByServer())
    }

    @Test func answersPipelinedRequestsInOrder() throws {
        let site = try SiteFixture()
        let client = try site.client()
        try client.send(
            "GET /notes.txt HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "HEAD /style.css HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "GET /missing HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "GET /app.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(try client.readResponse().text == "content of notes.txt")
        let head = try client.readResponse(bodyless: true)
        #expect(head.header("Content-Type") == "text/css; charset=utf-8")
        #expect(try client.readResponse().status == 404)
        #expect(try client.readResponse().text == "content of app.js")
        #expect(client.isClosedByServer())
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "get"])
    func refusesOtherMethodsAndCloses(_ method: String) throws {
        let site = try SiteFixture()
        let client = try site.client()
        try client.send("\(method) / HTTP/1.1\r\nHost: localhost\r\n\r\nGET /notes.txt HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(response.header("Connection") == "close")
        #expect(response.text == "405 Method Not Allowed\n")
        // The request behind it is not answered: the connection is closed.
        #expect(client.isClosedByServer())
    }

    @Test(arguments: [
        ("/../secret.txt", 400, "400 Bad Request\n"),
        ("/%2e%2e/secret.txt", 400, "400 Bad Request\n"),
        ("/a%00b", 400, "400 Bad Request\n"),
    ])
    func refusedTargetsCloseTheirConnection(_ target: String, status: Int, body: String) throws {
        let site = try SiteFixture()
        let client = try site.client()
        try client.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\nGET /notes.txt HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.header("Connection") == "close")
        #expect(response.text == body)
        #expect(client.isClosedByServer())
    }

    @Test func aMissingPageKeepsTheConnection() throws {
        let site = try SiteFixture()
        let client = try site.client()
        let missing = try client.request("/nowhere/")
        #expect(missing.status == 404)
        #expect(missing.header("Connection") == nil)
        #expect(try client.request("/notes.txt").text == "content of notes.txt")
    }

    @Test func skipsASmallRequestBodyAndRefusesChunkedOnes() throws {
        let site = try SiteFixture()
        let client = try site.client()
        try client.send("GET /app.js HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhelloGET /notes.txt HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try client.readResponse().text == "content of app.js")
        #expect(try client.readResponse().text == "content of notes.txt")
        try client.send("POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        let refused = try client.readResponse()
        #expect(refused.status == 501)
        #expect(refused.header("Connection") == "close")
        #expect(client.isClosedByServer())
    }

    @Test func assemblesRequestsThatArriveInPieces() throws {
        let site = try SiteFixture()
        let client = try site.client()
        try client.send("GET /app.js HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.05)
        try client.send("hel")
        Thread.sleep(forTimeInterval: 0.05)
        try client.send("lo")
        #expect(try client.readResponse().text == "content of app.js")
        for byte in "GET /notes.txt HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8 {
            try client.send(bytes: [byte])
        }
        #expect(try client.readResponse().text == "content of notes.txt")
    }

    @Test func answersPipelinedRequestsSplitAnywhere() throws {
        let site = try SiteFixture()
        let client = try site.client()
        let requests = Array((
            "GET /notes.txt HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "GET /x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\n\r\n\r\n\r\n"
                + "\r\nHEAD /app.js HTTP/1.1\nHost: localhost\n\n").utf8)
        var generator = SplitMix64(seed: 42)
        for _ in 0..<20 {
            var offset = 0
            while offset < requests.count {
                let length = min(requests.count - offset, 1 + Int(generator.next() % 24))
                try client.send(bytes: Array(requests[offset..<(offset + length)]))
                offset += length
            }
            #expect(try client.readResponse().text == "content of notes.txt")
            #expect(try client.readResponse().status == 404)
            #expect(try client.readResponse(bodyless: true).header("Content-Length") == "17")
        }
    }

    @Test func refusesMalformedRequestsAndCloses() throws {
        let site = try SiteFixture()
        let client = try site.client()
        try client.send("GARBAGE\r\n\r\n")
        #expect(try client.readResponse().status == 400)
        #expect(client.isClosedByServer())
    }

    @Test func limitsTheRequestLineAndHeaders() throws {
        let site = try SiteFixture(configuration: ServerConfiguration(port: 0, maxRequestLineBytes: 100, maxHeaderBytes: 200))
        let longLine = try site.client()
        try longLine.send("GET /" + String(repeating: "a", count: 200) + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try longLine.readResponse().status == 414)
        #expect(longLine.isClosedByServer())

        let bigHeaders = try site.client()
        try bigHeaders.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Filler: " + String(repeating: "b", count: 300) + "\r\n\r\n")
        #expect(try bigHeaders.readResponse().status == 431)
        #expect(bigHeaders.isClosedByServer())

        // A request line of exactly 100 bytes is still served.
        #expect(try site.client().request("/" + String(repeating: "a", count: 100 - 14)).status == 404)
        #expect(try site.client().request("/" + String(repeating: "a", count: 101 - 14)).status == 414)
    }

    @Test(arguments: [
        ("/../secret.txt", 400), ("/../etc/passwd", 400), ("/%2e%2e/%2e%2e/etc/passwd", 400),
        ("/%2e%2e/secret.txt", 400), ("/..%2fsecret.txt", 400), ("/%2e%2e%5csecret.txt", 400),
        ("/..\\secret.txt", 400), ("/a%00b", 400), ("/%zz", 400), ("/%c0%ae%c0%ae/secret.txt", 400),
        ("http://127.0.0.1/../secret.txt", 400), ("/escape", 404), ("/escape-dir/secret.txt", 404),
    ])
    func neverServesAnythingOutsideTheRoot(_ target: String, status: Int) throws {
        let site = try SiteFixture()
        let response = try site.client().request(target)
        #expect(response.status == status)
        #expect(!response.text.contains("TOP SECRET"))
    }

    @Test func streamsLargeFiles() throws {
        let site = try SiteFixture()
        var generator = SplitMix64(seed: 7)
        let bytes = (0..<(3 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        try site.write("big.bin", bytes)
        let client = try site.client()
        let response = try client.request("/big.bin")
        #expect(response.header("Content-Length") == String(bytes.count))
        #expect(response.body == bytes)
        let head = try client.request("/big.bin", method: "HEAD")
        #expect(head.header("Content-Length") == String(bytes.count))
        #expect(head.header("Content-Type") == "application/octet-stream")
        #expect(try client.request("/notes.txt").text == "content of notes.txt")
    }

    @Test func closesIdleConnections() throws {
        let site = try SiteFixture(configuration: ServerConfiguration(port: 0, idleTimeout: .milliseconds(300)))
        let silent = try site.client(timeout: 3)
        #expect(silent.isClosedByServer())

        let used = try site.client(timeout: 3)
        #expect(try used.request("/notes.txt").status == 200)
        #expect(used.isClosedByServer())
    }

    @Test func closesClientsThatStopReading() throws {
        let site = try SiteFixture(configuration: ServerConfiguration(port: 0, idleTimeout: .milliseconds(300)))
        let size = 32 << 20
        try site.write("huge.bin", [UInt8](repeating: 0x61, count: size))
        let reader = try RawHTTPClient(port: site.server.port, timeout: 3, receiveBufferSize: 4096)
        try reader.send("GET /huge.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(throws: RawHTTPClient.Failure.self) { try reader.readResponse() }
    }

    @Test func closesClientsThatTrickleTheirHeaders() throws {
        let site = try SiteFixture(configuration: ServerConfiguration(port: 0, idleTimeout: .seconds(30), headerTimeout: .milliseconds(300)))
        let slow = try site.client(timeout: 3)
        try slow.send("GET / HTTP/1.1\r\nHost: localhost\r\n")
        Thread.sleep(forTimeInterval: 0.1)
        try slow.send("X-A: 1\r\n")
        #expect(slow.isClosedByServer())
    }

    @Test func boundsTheNumberOfConnections() throws {
        let site = try SiteFixture(configuration: ServerConfiguration(port: 0, maxConnections: 2))
        let first = try site.client()
        let second = try site.client()
        #expect(try first.request("/notes.txt").status == 200)
        #expect(try second.request("/notes.txt").status == 200)

        let third = try site.client(timeout: 0.5)
        try third.send("GET /notes.txt HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(third.receivesNothing())

        _ = try first.request("/notes.txt", headers: ["Connection: close"])
        #expect(first.isClosedByServer())
        third.setReadTimeout(5)
        #expect(try third.readResponse().text == "content of notes.txt")
    }

    @Test func sendsReloadEventsToStreamClients() throws {
        let site = try SiteFixture()
        let stream = try site.client()
        try stream.send("GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        let head = try stream.readResponse()
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/event-stream")
        #expect(head.header("Content-Length") == nil)
        #expect(try stream.read(through: "\n\n") == "retry: 1000\n\n")

        site.server.broadcastReload()
        #expect(try stream.read(through: "\n\n") == "event: reload\ndata: reload\n\n")

        // Ordinary requests keep working beside the stream.
        #expect(try site.client().request("/notes.txt").status == 200)
    }

    @Test func sendsBuildErrorsAndReplaysThemUntilTheNextReload() throws {
        let site = try SiteFixture()
        let stream = try site.client()
        try stream.send("GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = try stream.readResponse()
        _ = try stream.read(through: "\n\n")

        site.server.broadcastError(message: "Content/posts/x.md:3:7: error: <b>bad</b>\r\nsecond line")
        let expected = "event: build-error\ndata: Content/posts/x.md:3:7: error: <b>bad</b>\ndata: second line\n\n"
        #expect(try stream.read(through: "\n\n") == expected)

        // A page opened while the error stands sees it at once.
        let late = try openStream(site)
        #expect(try late.read(through: "\n\n") == expected)

        site.server.broadcastReload()
        #expect(try stream.read(through: "\n\n") == "event: reload\ndata: reload\n\n")
        #expect(try late.read(through: "\n\n") == "event: reload\ndata: reload\n\n")

        let afterReload = try openStream(site, timeout: 0.5)
        #expect(afterReload.receivesNothing())
    }

    /// Opens an event stream and reads past its head and preamble.
    private func openStream(_ site: SiteFixture, timeout: Double = 5) throws -> RawHTTPClient {
        let stream = try site.client(timeout: timeout)
        try stream.send("GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        stream.setReadTimeout(5)
        _ = try stream.readResponse()
        #expect(try stream.read(through: "\n\n") == "retry: 1000\n\n")
        stream.setReadTimeout(timeout)
        return stream
    }

    @Test func swapsTheRootWhileServing() throws {
        let site = try SiteFixture()
        let client = try site.client()
        #expect(try client.request("/notes.txt").text == "content of notes.txt")
        let next = site.base.appendingPathComponent("next")
        try FileManager.default.createDirectory(at: next, withIntermediateDirectories: true)
        try Data("new notes".utf8).write(to: next.appendingPathComponent("notes.txt"))
        site.server.setRoot(next)
        #expect(try client.request("/notes.txt").text == "new notes")
        #expect(try client.request("/style.css").status == 404)
    }

    @Test func stopsListeningAndClosesConnections() throws {
        let site = try SiteFixture()
        let port = site.server.port
        let client = try site.client()
        #expect(try client.request("/notes.txt").status == 200)
        site.server.stop()
        #expect(client.isClosedByServer())
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: port) }
        site.server.stop()
    }

    @Test func refusesToStartTwice() throws {
        let site = try SiteFixture()
        #expect(throws: ServerError.alreadyRunning) { try site.server.start() }
    }

    @Test func listensOnLocalhostByName() throws {
        let site = try SiteFixture(configuration: ServerConfiguration(host: "localhost", port: 0))
        #expect(try RawHTTPClient(host: "127.0.0.1", port: site.server.port).request("/notes.txt").status == 200)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/net/if_inet6")))
    func listensOnIPv6Loopback() throws {
        let site = try SiteFixture(configuration: ServerConfiguration(host: "::1", port: 0))
        #expect(try RawHTTPClient(host: "::1", port: site.server.port).request("/notes.txt").text == "content of notes.txt")
    }

    @Test func reportsAnUnresolvableHost() throws {
        let server = StaticFileServer(root: URL(fileURLWithPath: "/nonexistent"), configuration: ServerConfiguration(host: "no such host name", port: 0))
        #expect(throws: ServerError.self) { try server.start() }
    }
}

import Foundation
import StaticServer
import Testing

/// What the server refuses over real sockets: requests for another host
/// (DNS rebinding) and event streams beyond the limit. Each refusal has its
/// exact status and body, and closes its connection.
@Suite("Refusals over real sockets")
struct RefusalTests {
    @Test(arguments: ["rebound.example", "rebound.example:PORT", "localhost:1", "127.0.0.1:1"])
    func refusesAnotherHostAndCloses(_ host: String) throws {
        let site = try SiteFixture()
        let client = try site.client()
        let field = host.replacingOccurrences(of: "PORT", with: String(site.server.port))
        try client.send("GET / HTTP/1.1\r\nHost: \(field)\r\n\r\nGET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 421)
        #expect(response.header("Connection") == "close")
        #expect(response.text == "421 Misdirected Request\nThis server answers to http://127.0.0.1:\(site.server.port)/, not to the host this request names.\n")
        #expect(!response.text.contains("Home"))
        #expect(client.isClosedByServer())
    }

    @Test func refusesEventStreamsForAnotherHost() throws {
        let site = try SiteFixture()
        let client = try site.client()
        try client.send("GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: rebound.example:\(site.server.port)\r\n\r\n")
        #expect(try client.readResponse().status == 421)
        #expect(client.isClosedByServer())
    }

    @Test(arguments: ["localhost", "localhost:PORT", "127.0.0.1:PORT", "[::1]:PORT"])
    func servesItsOwnNames(_ host: String) throws {
        let site = try SiteFixture()
        let field = host.replacingOccurrences(of: "PORT", with: String(site.server.port))
        let client = try site.client()
        try client.send("GET /notes.txt HTTP/1.1\r\nHost: \(field)\r\n\r\n")
        #expect(try client.readResponse().text == "content of notes.txt")
    }

    @Test func servesHTTP10WithoutAHost() throws {
        let site = try SiteFixture()
        let client = try site.client()
        try client.send("GET /notes.txt HTTP/1.0\r\n\r\n")
        #expect(try client.readResponse().text == "content of notes.txt")
    }

    @Test func capsTheEventStreamsAndKeepsServingPages() throws {
        let site = try SiteFixture()
        #expect(site.server.configuration.maxEventStreams == 32)
        var streams: [RawHTTPClient] = []
        for _ in 0..<32 {
            let stream = try site.client()
            try stream.send("GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try stream.readResponse().status == 200)
            streams.append(stream)
        }
        let refused = try site.client()
        try refused.send("GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try refused.readResponse()
        #expect(response.status == 503)
        #expect(response.header("Connection") == "close")
        #expect(response.text == "503 Service Unavailable\n32 live-reload streams are open already; this page will not reload by itself.\n")
        #expect(refused.isClosedByServer())

        // Pages are still served, and every open stream still gets reloads.
        #expect(try site.client().request("/notes.txt").text == "content of notes.txt")
        site.server.broadcastReload()
        for stream in streams {
            #expect(try stream.read(through: "event: reload\ndata: reload\n\n").hasSuffix("event: reload\ndata: reload\n\n"))
        }
    }

    @Test func aClosedStreamFreesItsPlace() throws {
        let site = try SiteFixture(configuration: ServerConfiguration(port: 0, maxEventStreams: 1))
        var first: RawHTTPClient? = try site.client()
        try first?.send("GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try first?.readResponse().status == 200)
        let second = try site.client()
        try second.send("GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try second.readResponse().status == 503)

        first = nil  // closes the socket
        // The server sees the close before it reads the next connection's request.
        let third = try site.client()
        try third.send("GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try third.readResponse().status == 200)
    }
}

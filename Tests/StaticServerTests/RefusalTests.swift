import Foundation
import StaticServer
import Testing

/// What the server refuses over real sockets: requests for another host
/// (DNS rebinding). Each refusal has its exact status and body, and closes
/// its connection.
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
}

import Foundation
import Testing
@testable import DespinaKit

/// `check --external` against servers that misbehave: bodies that never
/// end, answers that trickle, redirects into this machine or its network.
/// Counted in bytes and outcomes, never timed.
@Suite struct ExternalLinkProbeTests {
    static let okHead = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n"

    /// Sends `chunk` until the client goes or `limit` chunks are sent.
    static func sendEndlessly(_ chunk: String, limit: Int = 100_000, _ send: (String) -> Bool) {
        for _ in 0..<limit where !send(chunk) { return }
    }

    @Test func anEndlessBodyIsNeverRead() throws {
        // HEAD is refused, so the GET is what meets the body.
        let server = try ScriptedHTTPServer { head, send in
            guard head.hasPrefix("GET ") else {
                _ = send("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                return
            }
            _ = send(Self.okHead)
            Self.sendEndlessly(String(repeating: "x", count: 65_536), send)
        }
        let outcome = ExternalLinkProbe().check("http://127.0.0.1:\(server.port)/big")
        #expect(outcome.problem == nil)
        #expect(outcome.largestAnswer <= 65_536)
        #expect(server.requestLines == ["HEAD /big HTTP/1.1", "GET /big HTTP/1.1"])
        // Until here: a server let go after its last use stops accepting.
        withExtendedLifetime([server]) {}
    }

    @Test func aHeadThatNeverEndsIsCutAtTheCap() throws {
        let server = try ScriptedHTTPServer { _, send in
            _ = send("HTTP/1.1 200 OK\r\n")
            Self.sendEndlessly("X-Filler: " + String(repeating: "y", count: 1000) + "\r\n", send)
        }
        var probe = ExternalLinkProbe()
        probe.byteCap = 10_000
        #expect(probe.check("http://127.0.0.1:\(server.port)/").problem == "the answer's head is longer than 10000 bytes")
        // Until here: a server let go after its last use stops accepting.
        withExtendedLifetime([server]) {}
    }

    @Test func anAnswerThatTricklesHitsTheDeadline() throws {
        let server = try ScriptedHTTPServer { _, send in
            _ = send("HTTP/1.1 200 OK\r\n")
            for _ in 0..<300 {
                guard send("X") else { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        var probe = ExternalLinkProbe()
        probe.deadline = .milliseconds(500)
        #expect(probe.check("http://127.0.0.1:\(server.port)/").problem == "no answer within 0.5 s")
        // Until here: a server let go after its last use stops accepting.
        withExtendedLifetime([server]) {}
    }

    @Test func aSlowBodyDoesNotHoldTheCheck() throws {
        let server = try ScriptedHTTPServer { _, send in
            guard send(Self.okHead) else { return }
            for _ in 0..<300 {
                guard send("z") else { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        var probe = ExternalLinkProbe()
        probe.deadline = .seconds(5)
        // The head is all a check reads: the 30-second body is never waited for.
        #expect(probe.check("http://127.0.0.1:\(server.port)/").problem == nil)
        // Until here: a server let go after its last use stops accepting.
        withExtendedLifetime([server]) {}
    }

    @Test func followsARedirectFromLoopbackToAnotherLoopbackPort() throws {
        let target = try ScriptedHTTPServer { head, send in
            _ = send(head.contains(" /gone ") ? "HTTP/1.1 404 Not Found\r\n\r\n" : Self.okHead)
        }
        let origin = try ScriptedHTTPServer { head, send in
            let path = head.contains(" /moved ") ? "/here" : "/gone"
            _ = send("HTTP/1.1 301 Moved Permanently\r\nLocation: http://localhost:\(target.port)\(path)\r\n\r\n")
        }
        #expect(ExternalLinkProbe().check("http://127.0.0.1:\(origin.port)/moved").problem == nil)
        #expect(ExternalLinkProbe().check("http://127.0.0.1:\(origin.port)/lost").problem == "HTTP 404")
        #expect(target.requestLines == ["HEAD /here HTTP/1.1", "HEAD /gone HTTP/1.1"])
        // Until here: a server let go after its last use stops accepting.
        withExtendedLifetime([target, origin]) {}
    }

    @Test func refusesARedirectFromLoopbackToThePrivateNetwork() throws {
        let origin = try ScriptedHTTPServer { _, send in
            _ = send("HTTP/1.1 302 Found\r\nLocation: http://10.255.255.1:8080/admin\r\n\r\n")
        }
        #expect(ExternalLinkProbe().check("http://127.0.0.1:\(origin.port)/").problem
            == "redirect to 'http://10.255.255.1:8080/admin' refused: it leads from a loopback address to the private address 10.255.255.1")
        // Until here: a server let go after its last use stops accepting.
        withExtendedLifetime([origin]) {}
    }

    @Test func stopsAfterTenRedirects() throws {
        let loop = try ScriptedHTTPServer { _, send in
            _ = send("HTTP/1.1 307 Temporary Redirect\r\nLocation: /again\r\n\r\n")
        }
        #expect(ExternalLinkProbe().check("http://127.0.0.1:\(loop.port)/").problem == "more than 10 redirects")
        #expect(loop.requestLines.count == 11)
        // Until here: a server let go after its last use stops accepting.
        withExtendedLifetime([loop]) {}
    }

    @Test func reportsARefusedConnectionAndAnInvalidLink() throws {
        let closed = try ScriptedHTTPServer { _, _ in }
        let port = closed.port
        _ = consume closed
        #expect(ExternalLinkProbe().check("http://127.0.0.1:\(port)/").problem == "cannot connect to 127.0.0.1:\(port): Connection refused")
        #expect(ExternalLinkProbe().check("http://").problem == "not a valid URL")
        #expect(ExternalLinkProbe().check("http://no-such-host.invalid/").problem == "cannot resolve the host 'no-such-host.invalid'")
    }
}

/// Where a redirect may lead, decided on addresses from an injected resolver.
@Suite struct RedirectPolicyTests {
    static let names: [String: [String]] = [
        "blog.example": ["93.184.216.34", "2606:2800:220:1::1"],
        "cdn.example": ["151.101.1.1"],
        "rebound.example": ["127.0.0.1"],
        "router.example": ["192.168.0.1"],
        "mixed.example": ["151.101.1.1", "10.0.0.8"],
        "localhost": ["93.184.216.34"],  // a lying resolver does not make localhost public
    ]
    let policy = RedirectPolicy { host in
        if let literal = IPAddress(literal: host) { return [literal] }
        return RedirectPolicyTests.names[host]?.compactMap(IPAddress.init(literal:))
    }
    static let internet = [IPAddress(literal: "93.184.216.34")].compactMap { $0 }
    static let loopback = [IPAddress(literal: "127.0.0.1")].compactMap { $0 }
    static let lan = [IPAddress(literal: "192.168.1.10")].compactMap { $0 }

    func decide(_ target: String, from: [IPAddress]) -> String {
        guard let url = URL(string: target) else { return "bad test URL" }
        switch policy.addresses(for: url, from: from) {
        case .success(let addresses): return "follow " + addresses.map(\.description).joined(separator: " ")
        case .failure(let refusal): return refusal.description
        }
    }

    @Test(arguments: [
        ("https://cdn.example/x", "follow 151.101.1.1"),
        ("http://blog.example/", "follow 93.184.216.34 2606:2800:220:1::1"),
        ("http://rebound.example:6379/", "redirect to 'http://rebound.example:6379/' refused: it leads from a public address to the loopback address 127.0.0.1"),
        ("http://127.0.0.1:8080/", "redirect to 'http://127.0.0.1:8080/' refused: it leads from a public address to the loopback address 127.0.0.1"),
        ("http://[::1]/", "redirect to 'http://[::1]/' refused: it leads from a public address to the loopback address ::1"),
        ("http://[::ffff:127.0.0.1]/", "redirect to 'http://[::ffff:127.0.0.1]/' refused: it leads from a public address to the loopback address ::ffff:127.0.0.1"),
        ("http://0.0.0.0:22/", "redirect to 'http://0.0.0.0:22/' refused: it leads from a public address to the loopback address 0.0.0.0"),
        ("http://localhost:3000/", "redirect to 'http://localhost:3000/' refused: it leads from a public address to the loopback address 127.0.0.1"),
        ("http://admin.localhost/", "redirect to 'http://admin.localhost/' refused: it leads from a public address to the loopback address 127.0.0.1"),
        ("http://router.example/", "redirect to 'http://router.example/' refused: it leads from a public address to the private address 192.168.0.1"),
        ("http://169.254.169.254/latest/meta-data/", "redirect to 'http://169.254.169.254/latest/meta-data/' refused: it leads from a public address to the private address 169.254.169.254"),
        ("http://[fe80::1]/", "redirect to 'http://[fe80::1]/' refused: it leads from a public address to the private address fe80::1"),
        ("http://[fd00::1]/", "redirect to 'http://[fd00::1]/' refused: it leads from a public address to the private address fd00::1"),
        ("http://mixed.example/", "redirect to 'http://mixed.example/' refused: it leads from a public address to the private address 10.0.0.8"),
        ("ftp://cdn.example/", "redirect to 'ftp://cdn.example/' refused: it is not an http or https URL"),
        ("file:///etc/passwd", "redirect to 'file:///etc/passwd' refused: it is not an http or https URL"),
        ("http://nowhere.example/", "redirect to 'http://nowhere.example/' refused: its host 'nowhere.example' does not resolve"),
    ])
    func fromAPublicHost(_ target: String, decision: String) {
        #expect(decide(target, from: Self.internet) == decision)
    }

    @Test func fromLoopbackToLoopbackOrThePublicInternetOnly() {
        #expect(decide("http://localhost:9000/", from: Self.loopback) == "follow 127.0.0.1 ::1")
        #expect(decide("http://127.0.0.1:9000/", from: Self.loopback) == "follow 127.0.0.1")
        #expect(decide("https://cdn.example/", from: Self.loopback) == "follow 151.101.1.1")
        #expect(decide("http://router.example/", from: Self.loopback)
            == "redirect to 'http://router.example/' refused: it leads from a loopback address to the private address 192.168.0.1")
    }

    @Test func fromThePrivateNetworkToItOrThePublicInternetOnly() {
        #expect(decide("http://router.example/", from: Self.lan) == "follow 192.168.0.1")
        #expect(decide("https://cdn.example/", from: Self.lan) == "follow 151.101.1.1")
        #expect(decide("http://127.0.0.1/", from: Self.lan)
            == "redirect to 'http://127.0.0.1/' refused: it leads from a private address to the loopback address 127.0.0.1")
    }
}

/// The exact boundaries of each kind of address.
@Suite struct AddressScopeTests {
    @Test(arguments: [
        ("127.0.0.1", "loopback"), ("127.255.255.254", "loopback"), ("0.0.0.0", "loopback"), ("0.1.2.3", "loopback"),
        ("::1", "loopback"), ("::", "loopback"), ("::ffff:127.0.0.1", "loopback"), ("[::1]", "loopback"),
        ("10.0.0.0", "private"), ("10.255.255.255", "private"), ("172.16.0.0", "private"), ("172.31.255.255", "private"),
        ("192.168.0.0", "private"), ("192.168.255.255", "private"), ("169.254.0.1", "private"), ("169.254.169.254", "private"),
        ("fc00::", "private"), ("fdff:ffff::1", "private"), ("fe80::", "private"), ("febf:ffff::1", "private"),
        ("::ffff:10.1.2.3", "private"), ("::ffff:192.168.1.1", "private"),
        ("1.0.0.0", "public"), ("9.255.255.255", "public"), ("11.0.0.0", "public"), ("126.255.255.255", "public"),
        ("128.0.0.0", "public"), ("172.15.255.255", "public"), ("172.32.0.0", "public"), ("192.167.255.255", "public"),
        ("192.169.0.0", "public"), ("169.253.255.255", "public"), ("169.255.0.0", "public"), ("8.8.8.8", "public"),
        ("fbff:ffff::1", "public"), ("fec0::1", "public"), ("2001:db8::1", "public"), ("::2", "public"),
        ("::ffff:8.8.8.8", "public"), ("ff02::1", "public"),
    ])
    func classifies(_ literal: String, scope: String) throws {
        let address = try #require(IPAddress(literal: literal))
        #expect(address.scope.rawValue == scope)
    }

    @Test func readsOnlyLiterals() {
        #expect(IPAddress(literal: "localhost") == nil)
        #expect(IPAddress(literal: "1.2.3") == nil)
        #expect(IPAddress(literal: "256.0.0.1") == nil)
        #expect(IPAddress(literal: "[::1") == nil)
        #expect(IPAddress(literal: "::ffff:127.0.0.1")?.description == "::ffff:127.0.0.1")
    }
}

import Foundation
import Glibc
import Testing
@testable import DespinaKit

/// The https request of `check --external`, through libcurl loaded when
/// first used. Only what needs no certificate: failures and deadlines.
@Suite struct SecureHTTPRequestTests {
    /// A loopback port nothing listens on: bound, then closed.
    static func closedPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func aRefusedConnectionFailsWithLibcurlsReason() throws {
        let url = try #require(URL(string: "https://127.0.0.1:\(try Self.closedPort())/"))
        let result = SecureHTTPRequest(method: "HEAD", url: url, byteCap: 65_536).send(until: .now + .seconds(10))
        guard case .failure(.message(let message)) = result else {
            Issue.record("expected a failure with a message, got \(result)")
            return
        }
        #expect(message.contains("127.0.0.1"), "\(message)")
    }

    @Test func theConnectionGoesOnlyToTheAddressesGiven() throws {
        // A name that resolves nowhere: the request can only have gone to
        // the address it was given, where nothing listens.
        let port = try Self.closedPort()
        let url = try #require(URL(string: "https://pinned.invalid:\(port)/"))
        let loopback = try #require(IPAddress(literal: "127.0.0.1"))
        let result = SecureHTTPRequest(method: "HEAD", url: url, addresses: [loopback], byteCap: 65_536)
            .send(until: .now + .seconds(10))
        guard case .failure(.message(let message)) = result else {
            Issue.record("expected a failure with a message, got \(result)")
            return
        }
        // libcurl names the host and port it failed to connect to; unpinned,
        // it would say that it could not resolve the name.
        #expect(message.contains("port \(port)"), "\(message)")
        #expect(!message.lowercased().contains("resolve"), "\(message)")
    }

    @Test func aDeadlineAlreadyPassedIsTimedOut() throws {
        let url = try #require(URL(string: "https://127.0.0.1:\(try Self.closedPort())/"))
        let result = SecureHTTPRequest(method: "GET", url: url, byteCap: 65_536).send(until: .now - .seconds(1))
        #expect(result == .failure(.timedOut))
    }
}

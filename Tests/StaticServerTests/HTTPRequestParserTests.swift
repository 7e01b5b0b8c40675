import StaticServer
import Testing

@Suite("HTTPRequestParser")
struct HTTPRequestParserTests {
    private func parse(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> HTTPRequestParser.ParseResult {
        HTTPRequestParser.parse(Array(text.utf8), limits: limits)
    }

    @Test func parsesASimpleGet() {
        let text = "GET /posts/?page=2 HTTP/1.1\r\nHost: example.test\r\nIf-None-Match:  \"abc\" \r\n\r\n"
        let expected = HTTPRequest(
            method: "GET", target: "/posts/?page=2", version: .http1_1,
            headers: [HTTPHeader(name: "host", value: "example.test"), HTTPHeader(name: "if-none-match", value: "\"abc\"")])
        #expect(parse(text) == .request(expected, consumed: text.utf8.count))
    }

    @Test func lowercasesHeaderNamesAndLooksThemUpInAnyCase() throws {
        guard case let .request(request, _) = parse("GET / HTTP/1.1\r\nHOST: a\r\nX-Thing: B\r\n\r\n") else {
            Issue.record("not parsed")
            return
        }
        #expect(request.headers.map(\.name) == ["host", "x-thing"])
        #expect(request.value(forHeader: "x-THING") == "B")
        #expect(request.path == "/")
    }

    @Test func reportsTheFirstOfTwoPipelinedRequests() {
        let first = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
        let expected = HTTPRequest(method: "GET", target: "/a", version: .http1_1, headers: [HTTPHeader(name: "host", value: "h")])
        #expect(parse(first + "GET /b HTTP/1.1\r\nHost: h\r\n\r\n") == .request(expected, consumed: first.utf8.count))
    }

    @Test func parsesFromTheStartOfASlice() {
        let bytes = Array("XXGET /b HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        let expected = HTTPRequest(method: "GET", target: "/b", version: .http1_1, headers: [HTTPHeader(name: "host", value: "h")])
        #expect(HTTPRequestParser.parse(bytes[2...]) == .request(expected, consumed: bytes.count - 2))
    }

    @Test(arguments: ["", "GET", "GET / HTTP/1.1", "GET / HTTP/1.1\r\n", "GET / HTTP/1.1\r\nHost: a\r\n", "GET / HTTP/1.1\r\nHost: a\r\n\r"])
    func waitsForTheRestOfAnIncompleteHead(_ text: String) {
        #expect(parse(text) == .incomplete)
    }

    @Test func acceptsBareLineFeedsAndLeadingBlankLines() {
        let text = "\r\n\nHEAD /x HTTP/1.0\nUser-Agent: t\n\n"
        let expected = HTTPRequest(method: "HEAD", target: "/x", version: .http1_0, headers: [HTTPHeader(name: "user-agent", value: "t")])
        #expect(parse(text) == .request(expected, consumed: text.utf8.count))
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\n\r\n", 400),                               // no Host in HTTP/1.1
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),          // two Hosts
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),                    // empty target
        ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", 400),                    // trailing space
        ("GET / HTTP/1.1x\r\nHost: a\r\n\r\n", 400),
        ("GET / http/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),                     // not a token
        ("GET /a\u{7F} HTTP/1.1\r\nHost: a\r\n\r\n", 400),              // control character in the target
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),                    // space before the colon
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),          // obsolete line folding
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{0}b\r\n\r\n", 400),       // NUL in a value
        ("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 70000\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", 400),
    ])
    func refusesMalformedRequests(_ text: String, status: Int) {
        #expect(parse(text) == .error(status: status))
    }

    @Test func skipsAContentLengthBody() {
        let text = "POST /form HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
        let expected = HTTPRequest(
            method: "POST", target: "/form", version: .http1_1,
            headers: [HTTPHeader(name: "host", value: "a"), HTTPHeader(name: "content-length", value: "5")], bodyLength: 5)
        #expect(parse(text + "GET") == .request(expected, consumed: text.utf8.count))
        #expect(parse(String(text.dropLast())) == .incomplete)
    }

    @Test func refusesALongRequestLineWithoutWaitingForItsEnd() {
        let limits = HTTPRequestParser.Limits(maxRequestLineBytes: 20)
        #expect(parse("GET /" + String(repeating: "a", count: 30), limits: limits) == .error(status: 414))
        #expect(parse("GET /" + String(repeating: "a", count: 30) + " HTTP/1.1\r\n", limits: limits) == .error(status: 414))
        #expect(parse("GET /" + String(repeating: "a", count: 10), limits: limits) == .incomplete)
    }

    @Test func refusesTooManyHeaderBytesOrFields() {
        let limits = HTTPRequestParser.Limits(maxHeaderBytes: 40, maxHeaderCount: 2)
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "b", count: 50), limits: limits) == .error(status: 431))
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\nY: 2\r\n\r\n", limits: limits) == .error(status: 431))
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n\r\n", limits: limits)
            == .request(HTTPRequest(method: "GET", target: "/", version: .http1_1,
                                    headers: [HTTPHeader(name: "host", value: "a"), HTTPHeader(name: "x", value: "1")]),
                        consumed: 33))
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: upgrade, close\r\n\r\n", false),
        ("GET / HTTP/1.0\r\n\r\n", false),
        ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true),
    ])
    func decidesWhetherToKeepTheConnection(_ text: String, keepsAlive: Bool) {
        guard case let .request(request, _) = parse(text) else {
            Issue.record("not parsed: \(text)")
            return
        }
        #expect(request.keepsAlive == keepsAlive)
    }

    /// Arbitrary bytes never crash the parser and never claim more bytes than given.
    @Test func survivesArbitraryBytes() {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array("GET /HTP1.\r\n:ahost-0123456789 %\t\u{0}".utf8) + [0xFF, 0xC0]
        for round in 0..<20_000 {
            let length = Int(generator.next() % 96)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            let prefixed = round % 3 == 0 ? Array("GET / HTTP/1.1\r\nHost: h\r\n".utf8) + bytes : bytes
            if case let .request(_, consumed) = HTTPRequestParser.parse(prefixed, limits: .init(maxRequestLineBytes: 64, maxHeaderBytes: 64)) {
                #expect(consumed > 0 && consumed <= prefixed.count)
            }
        }
    }
}

/// A small deterministic generator, so the arbitrary-bytes test is repeatable.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

import Testing
@testable import StaticServer

/// The event loop skips parsing until a request could be complete. These tests
/// check that skipping never changes the outcome: feeding bytes in arbitrary
/// reads gives the same requests as parsing everything at once.
@Suite("Request framing")
struct RequestFramingTests {
    private let limits = HTTPRequestParser.Limits(maxRequestLineBytes: 48, maxHeaderBytes: 96, maxHeaderCount: 6, maxBodyBytes: 16)

    /// Parses a complete buffer request by request.
    private func parsedAtOnce(_ bytes: [UInt8]) -> [HTTPRequestParser.ParseResult] {
        var results: [HTTPRequestParser.ParseResult] = []
        var start = 0
        while start < bytes.count {
            let result = HTTPRequestParser.parse(bytes[start...], limits: limits)
            switch result {
            case .incomplete:
                return results
            case .error:
                return results + [result]
            case let .request(_, consumed):
                results.append(result)
                start += consumed
            }
        }
        return results
    }

    /// Feeds the bytes through a connection in reads ending at `cuts`, the way
    /// the event loop does.
    private func parsedInReads(_ bytes: [UInt8], cuts: [Int]) -> [HTTPRequestParser.ParseResult] {
        let connection = Connection(descriptor: -1, now: 0)
        var results: [HTTPRequestParser.ParseResult] = []
        var previous = 0
        for cut in cuts + [bytes.count] {
            connection.input.append(contentsOf: bytes[previous..<cut])
            previous = cut
            while !connection.unparsedInput.isEmpty, connection.mayHoldCompleteRequest(limits: limits) {
                let (result, bytesNeeded) = HTTPRequestParser.parseReportingNeed(connection.unparsedInput, limits: limits)
                if case .incomplete = result {
                    connection.bytesNeeded = bytesNeeded
                    break
                }
                results.append(result)
                guard case let .request(_, consumed) = result else { return results }
                connection.consumeInput(consumed)
            }
        }
        return results
    }

    @Test func findsEveryPipelinedRequestWhateverTheReads() {
        let text = "GET /a HTTP/1.1\r\nHost: t\r\n\r\n"
            + "POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"
            + "\r\nHEAD /c HTTP/1.0\n\n"
        let bytes = Array(text.utf8)
        let expected = parsedAtOnce(bytes)
        #expect(expected.count == 3)
        for cut in 0...bytes.count {
            #expect(parsedInReads(bytes, cuts: [cut]) == expected, "cut at \(cut)")
        }
        #expect(parsedInReads(bytes, cuts: Array(0...bytes.count)) == expected)
    }

    @Test func findsARequestWhoseBodyEndsTheInput() {
        let bytes = Array("POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello".utf8)
        let expected = parsedAtOnce(bytes)
        #expect(expected.count == 1)
        for cut in 0...bytes.count {
            #expect(parsedInReads(bytes, cuts: [cut]) == expected, "cut at \(cut)")
        }
    }

    @Test func reportsAnOverlongRequestLineWithoutALineEnd() {
        let bytes = Array(("GET /" + String(repeating: "a", count: 60)).utf8)
        #expect(parsedInReads(bytes, cuts: Array(0...bytes.count)) == [.error(status: 414)])
    }

    /// Random request-like bytes, cut at random places: the reads give the same
    /// requests; they may only miss a final error whose head never ended (the
    /// header timeout closes such a connection).
    @Test func agreesWithParsingAtOnceOnArbitraryInput() {
        var generator = SplitMix64(seed: 0xF4A3)
        let pieces = ["GET / HTTP/1.1\r\n", "POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\n", "Host: h\r\n", "\r\n", "\n", "Content-Length: 3\r\n", "abc", "POST /p HTTP/1.1\r\n",
                      "X: ", "\r", " ", "HTTP/1.0\n", "GET /", "%2e", "Connection: close\r\n", "Transfer-Encoding: x\r\n"]
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 12) {
                if generator.next() % 5 == 0 {
                    bytes.append(UInt8(truncatingIfNeeded: generator.next()))
                } else {
                    bytes += Array(pieces[Int(generator.next() % UInt64(pieces.count))].utf8)
                }
            }
            let cuts = (0..<Int(generator.next() % 6)).map { _ in Int(generator.next() % UInt64(bytes.count + 1)) }.sorted()
            let expected = parsedAtOnce(bytes)
            let actual = parsedInReads(bytes, cuts: cuts)
            var missesOnlyAFinalError = false
            if actual.count + 1 == expected.count, Array(expected.prefix(actual.count)) == actual, case .error = expected.last {
                missesOnlyAFinalError = true
            }
            #expect(actual == expected || missesOnlyAFinalError, "\(bytes) cut at \(cuts)")
        }
    }
}

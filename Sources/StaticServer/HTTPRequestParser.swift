/// A pure HTTP/1.x request-head parser over raw bytes.
///
/// It never touches a socket, so it can be fed arbitrary bytes (by tests or a
/// fuzzer). It reads one request from the start of the given bytes and says
/// how many bytes that request used, so pipelined requests are parsed one
/// after another from the same buffer.
public enum HTTPRequestParser {
    /// Size limits applied while parsing.
    public struct Limits: Sendable, Equatable {
        /// The longest request line, without its line ending; longer gets 414.
        public var maxRequestLineBytes: Int
        /// The most bytes of header lines, line endings and the blank line
        /// included; more gets 431.
        public var maxHeaderBytes: Int
        /// The most header fields; more gets 431.
        public var maxHeaderCount: Int
        /// The largest `Content-Length` body that is read and skipped; a larger
        /// one gets 413.
        public var maxBodyBytes: Int

        /// Creates limits; the defaults are 8 KB, 32 KB, 100 fields and 64 KB.
        public init(maxRequestLineBytes: Int = 8192, maxHeaderBytes: Int = 32768, maxHeaderCount: Int = 100, maxBodyBytes: Int = 65536) {
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderCount = maxHeaderCount
            self.maxBodyBytes = maxBodyBytes
        }
    }

    /// The outcome of parsing the start of a byte buffer.
    public enum ParseResult: Sendable, Equatable {
        /// More bytes are needed to finish the request.
        case incomplete
        /// A complete request, which used the first `consumed` bytes (head and body).
        case request(HTTPRequest, consumed: Int)
        /// The bytes cannot be a valid request; answer with this status and close.
        case error(status: Int)
    }

    /// Parses one request from the start of `bytes`.
    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) -> ParseResult {
        bytes.withUnsafeBufferPointer { parse(buffer: $0, limits: limits).result }
    }

    /// Parses one request from the start of `bytes`; `consumed` counts from
    /// the slice's first byte.
    public static func parse(_ bytes: ArraySlice<UInt8>, limits: Limits = Limits()) -> ParseResult {
        bytes.withUnsafeBufferPointer { parse(buffer: $0, limits: limits).result }
    }

    /// Like `parse(_:limits:)`, and when the head is complete but
    /// its body is not, also how many bytes the whole request needs, so the
    /// caller can wait for them without parsing again.
    static func parseReportingNeed(_ bytes: ArraySlice<UInt8>, limits: Limits) -> (result: ParseResult, bytesNeeded: Int?) {
        bytes.withUnsafeBufferPointer { parse(buffer: $0, limits: limits) }
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, limits: Limits) -> (result: ParseResult, bytesNeeded: Int?) {
        var scanner = Scanner(buffer: buffer)

        // Blank lines before a request line are ignored (RFC 9112, 2.2).
        while scanner.position < buffer.count, buffer[scanner.position] == .lineFeed || buffer[scanner.position] == .carriageReturn {
            scanner.position += 1
            if scanner.position > limits.maxRequestLineBytes { return (.error(status: 400), nil) }
        }

        guard let requestLine = scanner.nextLine(maxLength: limits.maxRequestLineBytes) else {
            return (scanner.overran ? .error(status: 414) : .incomplete, nil)
        }
        let method: String, target: String, version: HTTPVersion
        switch parseRequestLine(buffer, requestLine) {
        case let .failure(failure): return (.error(status: failure.status), nil)
        case let .success(parts): (method, target, version) = parts
        }

        var headers: [HTTPHeader] = []
        let headerStart = scanner.position
        while true {
            let used = scanner.position - headerStart
            guard let line = scanner.nextLine(maxLength: limits.maxHeaderBytes - used) else {
                return (scanner.overran ? .error(status: 431) : .incomplete, nil)
            }
            if line.isEmpty { break }
            if headers.count == limits.maxHeaderCount { return (.error(status: 431), nil) }
            guard let header = parseHeaderLine(buffer, line) else { return (.error(status: 400), nil) }
            headers.append(header)
        }
        if scanner.position - headerStart > limits.maxHeaderBytes { return (.error(status: 431), nil) }

        var request = HTTPRequest(method: method, target: target, version: version, headers: headers)
        switch bodyLength(of: request, limits: limits) {
        case let .failure(failure):
            return (.error(status: failure.status), nil)
        case let .success(length):
            guard buffer.count - scanner.position >= length else { return (.incomplete, scanner.position + length) }
            request.bodyLength = length
            return (.request(request, consumed: scanner.position + length), nil)
        }
    }

    /// A parse failure carrying the status to answer with.
    private struct Failure: Error {
        var status: Int
    }

    private static func parseRequestLine(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Result<(String, String, HTTPVersion), Failure> {
        let bad = Failure(status: 400)
        guard let firstSpace = line.first(where: { buffer[$0] == .space }) else { return .failure(bad) }
        let methodRange = line.lowerBound..<firstSpace
        guard !methodRange.isEmpty, methodRange.allSatisfy({ buffer[$0].isTokenCharacter }) else { return .failure(bad) }

        let rest = (firstSpace + 1)..<line.upperBound
        guard let secondSpace = rest.first(where: { buffer[$0] == .space }) else { return .failure(bad) }
        let targetRange = rest.lowerBound..<secondSpace
        guard !targetRange.isEmpty, targetRange.allSatisfy({ buffer[$0] > 0x20 && buffer[$0] < 0x7F }) else { return .failure(bad) }

        let versionRange = (secondSpace + 1)..<line.upperBound
        let prefix: [UInt8] = Array("HTTP/".utf8)
        guard versionRange.count == 8,
              zip(versionRange.prefix(5), prefix).allSatisfy({ buffer[$0.0] == $0.1 }),
              buffer[versionRange.lowerBound + 6] == UInt8(ascii: "."),
              let major = buffer[versionRange.lowerBound + 5].digitValue,
              let minor = buffer[versionRange.lowerBound + 7].digitValue
        else { return .failure(bad) }
        guard major == 1 else { return .failure(Failure(status: 505)) }

        return .success((
            String(decoding: UnsafeBufferPointer(rebasing: buffer[methodRange]), as: UTF8.self),
            String(decoding: UnsafeBufferPointer(rebasing: buffer[targetRange]), as: UTF8.self),
            HTTPVersion(major: major, minor: minor)))
    }

    private static func parseHeaderLine(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> HTTPHeader? {
        // A line starting with whitespace is an obsolete folded continuation: refused.
        guard let colon = line.first(where: { buffer[$0] == .colon }) else { return nil }
        let nameRange = line.lowerBound..<colon
        guard !nameRange.isEmpty, nameRange.allSatisfy({ buffer[$0].isTokenCharacter }) else { return nil }

        var valueStart = colon + 1
        var valueEnd = line.upperBound
        while valueStart < valueEnd, buffer[valueStart].isBlank { valueStart += 1 }
        while valueEnd > valueStart, buffer[valueEnd - 1].isBlank { valueEnd -= 1 }
        let valueRange = valueStart..<valueEnd
        guard valueRange.allSatisfy({ buffer[$0].isFieldValueCharacter }) else { return nil }

        return HTTPHeader(
            name: String(decoding: UnsafeBufferPointer(rebasing: buffer[nameRange]), as: UTF8.self),
            value: String(decoding: UnsafeBufferPointer(rebasing: buffer[valueRange]), as: UTF8.self))
    }

    /// The body length announced by the head, or the status that refuses it.
    private static func bodyLength(of request: HTTPRequest, limits: Limits) -> Result<Int, Failure> {
        let hosts = request.headers.filter { $0.name == "host" }
        if request.version.minor >= 1, hosts.count != 1 { return .failure(Failure(status: 400)) }
        if hosts.count > 1 { return .failure(Failure(status: 400)) }

        let lengths = request.headers.filter { $0.name == "content-length" }.map(\.value)
        let codings = request.headers.filter { $0.name == "transfer-encoding" }
        if !codings.isEmpty {
            // Both framings at once is a request-smuggling pattern; chunked
            // bodies are not supported by a server that only serves GET and HEAD.
            return .failure(Failure(status: lengths.isEmpty ? 501 : 400))
        }
        guard let first = lengths.first else { return .success(0) }
        guard lengths.allSatisfy({ $0 == first }),
              !first.isEmpty, first.utf8.count <= 18,
              first.utf8.allSatisfy({ $0.digitValue != nil }),
              let length = Int(first)
        else { return .failure(Failure(status: 400)) }
        guard length <= limits.maxBodyBytes else { return .failure(Failure(status: 413)) }
        return .success(length)
    }
}

/// Walks a buffer line by line, accepting CRLF or a bare LF as line ending.
private struct Scanner {
    let buffer: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Set when a line was longer than the allowed length.
    var overran = false

    init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The next line's content range (without its ending), advancing past the
    /// ending; `nil` when the line is not complete yet or is too long.
    mutating func nextLine(maxLength: Int) -> Range<Int>? {
        let start = position
        // Room for the content plus a CRLF ending.
        let searchEnd = min(buffer.count, start + max(0, maxLength) + 2)
        var index = start
        while index < searchEnd, buffer[index] != .lineFeed { index += 1 }
        guard index < searchEnd else {
            overran = buffer.count - start > max(0, maxLength) + 1
            return nil
        }
        var contentEnd = index
        if contentEnd > start, buffer[contentEnd - 1] == .carriageReturn { contentEnd -= 1 }
        guard contentEnd - start <= maxLength else {
            overran = true
            return nil
        }
        position = index + 1
        return start..<contentEnd
    }
}

extension UInt8 {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")

    /// A space or horizontal tab.
    var isBlank: Bool { self == .space || self == .tab }

    /// The value of an ASCII decimal digit.
    var digitValue: Int? {
        (0x30...0x39).contains(self) ? Int(self - 0x30) : nil
    }

    /// A `tchar` of RFC 9110: the characters allowed in methods and field names.
    var isTokenCharacter: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// A byte allowed inside a field value: visible ASCII, space, tab, or obs-text.
    var isFieldValueCharacter: Bool {
        self == .tab || (self >= 0x20 && self != 0x7F)
    }
}

import Foundation
import Glibc

/// A deliberately tiny HTTP client over a blocking socket, so tests control
/// the exact bytes sent and see the exact bytes received.
final class RawHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A response as received.
    struct Response {
        var status: Int
        /// Header fields by lowercased name (the last one wins).
        var headers: [String: String]
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    let descriptor: Int32
    /// Received bytes not yet returned.
    private var buffer: [UInt8] = []

    /// Connects to `host:port`, with reads that give up after `timeout` seconds;
    /// `receiveBufferSize` shrinks the socket's receive buffer before connecting.
    init(host: String = "127.0.0.1", port: UInt16, timeout: Double = 5, receiveBufferSize: Int32? = nil) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
            throw Failure(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(info) }
        let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        if var size = receiveBufferSize {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        guard connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            close(descriptor)
            throw Failure(description: "connect failed: errno \(errno)")
        }
        self.descriptor = descriptor
        setReadTimeout(timeout)
    }

    deinit {
        close(descriptor)
    }

    func setReadTimeout(_ seconds: Double) {
        var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Sends a GET (or another method) with a Host field and reads the response.
    func request(_ target: String, method: String = "GET", headers: [String] = []) throws -> Response {
        let extra = headers.map { $0 + "\r\n" }.joined()
        try send("\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n\(extra)\r\n")
        return try readResponse(bodyless: method == "HEAD")
    }

    /// Reads one response; `bodyless` for answers to HEAD. A response without
    /// Content-Length (an event stream) returns with an empty body.
    func readResponse(bodyless: Bool = false) throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.firstRange(of: separator)?.lowerBound
            if headEnd == nil { guard try receiveMore() else { throw Failure(description: "closed before a response head; got \(String(decoding: buffer, as: UTF8.self))") } }
        }
        guard let headEnd else { throw Failure(description: "unreachable") }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "bad header \(line)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body: [UInt8] = []
        if !bodyless, status != 304, let length = headers["content-length"].flatMap(Int.init) {
            while buffer.count < length {
                guard try receiveMore() else { throw Failure(description: "closed inside a body") }
            }
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads until `marker` has arrived and returns everything up to and including it.
    func read(through marker: String) throws -> String {
        let bytes = Array(marker.utf8)
        while true {
            if let range = buffer.firstRange(of: bytes) {
                let text = String(decoding: buffer[..<range.upperBound], as: UTF8.self)
                buffer.removeFirst(range.upperBound)
                return text
            }
            guard try receiveMore() else { throw Failure(description: "closed before \(marker.debugDescription)") }
        }
    }

    /// Whether the server closes the connection within the read timeout,
    /// discarding anything received before.
    func isClosedByServer() -> Bool {
        while true {
            do {
                guard try receiveMore() else { return true }
            } catch {
                return false
            }
        }
    }

    /// Whether no byte arrives within the read timeout.
    func receivesNothing() -> Bool {
        buffer.isEmpty && ((try? receiveMore()) == nil)
    }

    /// Reads more bytes; false at end of stream; throws on timeout or error.
    private func receiveMore() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 { return false }
        if count < 0 {
            if errno == ECONNRESET { return false }
            throw Failure(description: "recv failed: errno \(errno)")
        }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }
}

import Foundation
import Glibc

/// The head of an answer to a link check: all a check needs.
struct LinkAnswer: Sendable, Equatable {
    /// The status code.
    var status: Int
    /// The `Location` field, for redirects.
    var location: String?
    /// How many bytes were read from the server for this answer.
    var bytesRead: Int
}

/// One `http:` request made over a socket of its own, to the very
/// addresses the redirect policy approved (so the name cannot resolve
/// elsewhere in between), read no further than the end of the answer's
/// head: a check needs the status, never the body, so a server sending an
/// endless body costs nothing. At most `byteCap` bytes are read in all.
struct PlainHTTPRequest: Sendable {
    /// `HEAD` or `GET`.
    var method: String
    /// The `Host` field.
    var authority: String
    /// The request target (`/path?query`).
    var target: String
    /// The port to connect to.
    var port: UInt16
    /// The most bytes read; a head that does not end within it is an error.
    var byteCap: Int

    /// Sends the request to the first of `addresses` that accepts a
    /// connection and reads the answer's head, giving up at `deadline`.
    func send(to addresses: [IPAddress], until deadline: ContinuousClock.Instant) -> Result<LinkAnswer, LinkFailure> {
        var lastFailure = LinkFailure.message("no address to connect to")
        for address in addresses {
            switch connect(to: address, until: deadline) {
            case .failure(let failure):
                lastFailure = failure
                if case .timedOut = failure { return .failure(failure) }
            case .success(let descriptor):
                defer { close(descriptor) }
                return exchange(on: descriptor, until: deadline)
            }
        }
        return .failure(lastFailure)
    }

    private func connect(to address: IPAddress, until deadline: ContinuousClock.Instant) -> Result<Int32, LinkFailure> {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(.message("cannot open a socket: \(String(cString: strerror(errno)))")) }
        var storage = sockaddr_storage()
        let length: socklen_t
        if address.isIPv6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin6_addr) { $0.copyBytes(from: address.bytes) }
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: socketAddress) { target.copyMemory(from: $0) } }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin_addr) { $0.copyBytes(from: address.bytes) }
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: socketAddress) { target.copyMemory(from: $0) } }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        let started = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, length) }
        }
        if started != 0 && errno != EINPROGRESS {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(.message("cannot connect to \(Self.shown(address)):\(port): \(reason)"))
        }
        if started != 0 {
            guard wait(for: Int16(POLLOUT), on: descriptor, until: deadline) else {
                close(descriptor)
                return .failure(.timedOut)
            }
            var code: Int32 = 0
            var codeLength = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &codeLength)
            if code != 0 {
                close(descriptor)
                return .failure(.message("cannot connect to \(Self.shown(address)):\(port): \(String(cString: strerror(code)))"))
            }
        }
        return .success(descriptor)
    }

    /// Writes the request and reads until the head has ended.
    private func exchange(on descriptor: Int32, until deadline: ContinuousClock.Instant) -> Result<LinkAnswer, LinkFailure> {
        let request = Array((
            "\(method) \(target) HTTP/1.1\r\nHost: \(authority)\r\nUser-Agent: despina-check\r\n"
                + "Accept: */*\r\nConnection: close\r\n\r\n").utf8)
        var sent = 0
        while sent < request.count {
            guard wait(for: Int16(POLLOUT), on: descriptor, until: deadline) else { return .failure(.timedOut) }
            let count = request.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress.map { $0 + sent }, request.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return .failure(.message("the connection failed: \(String(cString: strerror(errno)))"))
            }
            sent += count
        }
        var received: [UInt8] = []
        var bytesRead = 0
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            if let end = Self.endOfHead(in: received) {
                let answer = Self.parseHead(received[..<end], bytesRead: bytesRead)
                // An interim answer (103 Early Hints) comes before the real one.
                if case .success(let interim) = answer, interim.status < 200 {
                    received.removeFirst(end)
                    continue
                }
                return answer
            }
            guard bytesRead < byteCap else {
                return .failure(.message("the answer's head is longer than \(byteCap) bytes"))
            }
            guard wait(for: Int16(POLLIN), on: descriptor, until: deadline) else { return .failure(.timedOut) }
            let wanted = min(chunk.count, byteCap - bytesRead)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, wanted, 0) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return .failure(.message("the connection failed: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { return .failure(.message("the server closed the connection without an answer")) }
            bytesRead += count
            received.append(contentsOf: chunk[..<count])
        }
    }

    /// Waits until the socket is ready for `events`; false at the deadline.
    private func wait(for events: Int16, on descriptor: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }  // the next call reports the error
        }
    }

    /// Where the head ends (after its blank line), if it has.
    static func endOfHead(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"), bytes[index + 2] == UInt8(ascii: "\n") {
                    return index + 3
                }
            }
            index += 1
        }
        return nil
    }

    /// The status and `Location` of a head (`HTTP/1.1 301 Moved…`).
    static func parseHead(_ head: ArraySlice<UInt8>, bytesRead: Int) -> Result<LinkAnswer, LinkFailure> {
        // Split on bytes: as Characters, CR LF is one and matches neither.
        let lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        let statusLine = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), statusLine[1].utf8.count == 3,
              let status = Int(statusLine[1]), (100...599).contains(status)
        else { return .failure(.message("the server did not answer in HTTP")) }
        var location: String?
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "location" else { continue }
            location = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            break
        }
        return .success(LinkAnswer(status: status, location: location, bytesRead: bytesRead))
    }

    /// `127.0.0.1`, `[::1]`.
    private static func shown(_ address: IPAddress) -> String {
        address.isIPv6 ? "[\(address)]" : address.description
    }
}

/// Why a request to a link gave no answer.
enum LinkFailure: Error, Sendable, Equatable {
    /// The deadline passed first.
    case timedOut
    /// Anything else, as a phrase.
    case message(String)
}

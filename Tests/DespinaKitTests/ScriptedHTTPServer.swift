import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP server that answers every request with a script: the
/// handler gets the request head and a function that sends bytes (false
/// once the client has gone). Each connection is served on a thread of its
/// own; the server stops when released.
final class ScriptedHTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (_ requestHead: String, _ send: (String) -> Bool) -> Void

    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false
    private var requests: [String] = []

    init(handler: @escaping Handler) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw ServerStartFailure("cannot listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = descriptor
        let listening = listener
        // The accepting thread closes the listener itself, when it ends:
        // closed from `deinit`, its number could be reused by another test's
        // socket before this loop's next `accept`, which would then take
        // (and drop) that socket's connections.
        Thread.detachNewThread { [weak self] in
            defer { close(listening) }
            while true {
                let connection = accept(listening, nil, nil)
                if connection < 0 && errno == EINTR { continue }
                guard connection >= 0 else { return }
                guard let self, !self.isStopped else {
                    close(connection)
                    return
                }
                Thread.detachNewThread { self.serve(connection, handler: handler) }
            }
        }
    }

    /// Stops listening: `accept` fails from now on, and the accepting
    /// thread ends and closes the socket.
    deinit {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// The request heads received so far, first line only.
    var requestLines: [String] {
        lock.withLock { requests }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve(_ connection: Int32, handler: Handler) {
        defer { close(connection) }
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &byte, 1, 0)
            // A signal (a child process of another test ending) interrupts
            // the call; closing then would reset the client's connection.
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return }
            head.append(byte)
        }
        let text = String(decoding: head, as: UTF8.self)
        lock.withLock { requests.append(text.components(separatedBy: "\r\n").first ?? text) }
        handler(text) { chunk in
            let bytes = Array(chunk.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes.withUnsafeBytes { send(connection, $0.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }
}

/// A test server that could not start listening.
struct ServerStartFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

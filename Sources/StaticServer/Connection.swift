import Glibc

/// One client connection and its buffers. Owned by the event loop thread.
final class Connection {
    enum State {
        /// Reading requests and writing responses.
        case serving
        /// A live-reload event stream: only server events are written.
        case eventStream
        /// The last response is written and the write side shut down; incoming
        /// bytes are discarded until the client closes or the deadline passes,
        /// so the response is not lost to a reset.
        case lingering(until: UInt64)
    }

    /// A piece of output still to be written.
    enum Pending {
        case bytes([UInt8], offset: Int)
        case file(descriptor: Int32, offset: Int, remaining: Int)
    }

    let descriptor: Int32
    var state = State.serving
    /// Received bytes not yet parsed, starting at `inputStart`.
    var input: [UInt8] = []
    var inputStart = 0
    var output: [Pending] = []
    /// Close (after lingering) once `output` is written.
    var closesAfterOutput = false
    /// The client has closed its side; nothing more will be read.
    var peerClosed = false
    /// When the first byte of the request being received arrived.
    var requestStartedAt: UInt64?
    /// The last time bytes moved in either direction.
    var lastActivity: UInt64

    init(descriptor: Int32, now: UInt64) {
        self.descriptor = descriptor
        self.lastActivity = now
    }

    /// The unparsed input.
    var unparsedInput: ArraySlice<UInt8> {
        input[inputStart...]
    }

    /// Marks `count` input bytes as parsed, compacting the buffer when it is spent.
    func consumeInput(_ count: Int) {
        inputStart += count
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= 65536)
            inputStart = 0
        } else if inputStart > 32768 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
    }

    /// Discards all unparsed input.
    func discardInput() {
        input.removeAll()
        inputStart = 0
    }

    /// Queues a response's bytes; small bodies travel in the same write as the head.
    func enqueue(_ response: Response) {
        switch response.body {
        case .none:
            output.append(.bytes(response.head, offset: 0))
        case let .bytes(body) where body.count <= 65536:
            output.append(.bytes(response.head + body, offset: 0))
        case let .bytes(body):
            output.append(.bytes(response.head, offset: 0))
            output.append(.bytes(body, offset: 0))
        case let .file(descriptor, length):
            output.append(.bytes(response.head, offset: 0))
            output.append(.file(descriptor: descriptor, offset: 0, remaining: length))
        }
    }

    /// The bytes of output waiting in memory (file bodies not counted).
    var bufferedOutputBytes: Int {
        output.reduce(0) { total, item in
            if case let .bytes(bytes, offset) = item { return total + bytes.count - offset }
            return total
        }
    }

    /// Outcome of trying to write.
    enum WriteProgress {
        /// Everything queued was written.
        case drained
        /// The socket is full; wait until it is writable.
        case blocked
        /// The connection failed and must be closed.
        case failed
    }

    /// Writes as much queued output as the socket takes.
    func writeOutput(now: UInt64) -> WriteProgress {
        while let item = output.first {
            switch item {
            case let .bytes(bytes, offset):
                let sent = bytes.withUnsafeBytes { raw in
                    send(descriptor, raw.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
                }
                if sent < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .blocked : .failed }
                lastActivity = now
                if offset + sent < bytes.count {
                    output[0] = .bytes(bytes, offset: offset + sent)
                    return .blocked
                }
                output.removeFirst()
            case let .file(file, offset, remaining):
                guard remaining > 0 else {
                    Glibc.close(file)
                    output.removeFirst()
                    continue
                }
                var chunk = [UInt8](repeating: 0, count: min(remaining, 65536))
                let count = chunk.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, off_t(offset)) }
                // A file that shrank while streaming cannot honour its Content-Length.
                guard count > 0 else { return .failed }
                chunk.removeSubrange(count...)
                output[0] = .file(descriptor: file, offset: offset + count, remaining: remaining - count)
                output.insert(.bytes(chunk, offset: 0), at: 0)
            }
        }
        return .drained
    }

    /// Releases the socket and any open file.
    func close() {
        for item in output {
            if case let .file(file, _, _) = item { Glibc.close(file) }
        }
        output.removeAll()
        Glibc.close(descriptor)
    }
}

/// Monotonic time in nanoseconds.
func monotonicNow() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

extension Duration {
    /// The duration in whole nanoseconds, never negative.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}

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
    /// How many bytes the pending request needs in all, once its head has been
    /// parsed and only its body is missing.
    var bytesNeeded: Int?
    /// Where the search for the end of the pending request's head resumes.
    private var headScanOffset = 0
    /// Whether the pending request has sent a line feed yet.
    private var sawLineFeed = false

    init(descriptor: Int32, now: UInt64) {
        self.descriptor = descriptor
        self.lastActivity = now
    }

    /// The unparsed input.
    var unparsedInput: ArraySlice<UInt8> {
        input[inputStart...]
    }

    /// Whether parsing now could give something other than "incomplete": the
    /// pending head has ended, its body has arrived, or the input has outgrown
    /// the limits (an error is due). Each received byte is scanned once, so a
    /// client that trickles bytes cannot make the server re-parse its input
    /// over and over.
    func mayHoldCompleteRequest(limits: HTTPRequestParser.Limits) -> Bool {
        let unparsed = unparsedInput
        if let bytesNeeded { return unparsed.count >= bytesNeeded }
        var headEnded = false
        var index = unparsed.startIndex + headScanOffset
        while index < unparsed.endIndex {
            if unparsed[index] == .lineFeed {
                sawLineFeed = true
                let previous = index - 1
                if previous >= unparsed.startIndex, unparsed[previous] == .lineFeed
                    || (previous - 1 >= unparsed.startIndex && unparsed[previous] == .carriageReturn && unparsed[previous - 1] == .lineFeed) {
                    headEnded = true
                }
            }
            index += 1
        }
        headScanOffset = unparsed.count
        return headEnded
            || (!sawLineFeed && unparsed.count > limits.maxRequestLineBytes + 1)
            || unparsed.count > limits.maxRequestLineBytes + limits.maxHeaderBytes + 4
    }

    /// Marks `count` input bytes as parsed, compacting the buffer when it is spent.
    func consumeInput(_ count: Int) {
        resetFraming()
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
        resetFraming()
        input.removeAll()
        inputStart = 0
    }

    private func resetFraming() {
        bytesNeeded = nil
        headScanOffset = 0
        sawLineFeed = false
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

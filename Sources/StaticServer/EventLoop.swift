import Glibc

/// The server's single event-loop thread: one `poll` over the listening
/// sockets, the wake-up pipe and every connection, with non-blocking reads and
/// buffered writes. Everything here is confined to that thread.
final class EventLoop {
    private let listeners: [Int32]
    private let mailbox: LoopMailbox
    private let root: SharedRoot
    private let configuration: ServerConfiguration
    private let responder: Responder
    private var connections: [Int32: Connection] = [:]
    /// How many connections are event streams.
    private var eventStreams = 0
    /// The message of the last build error, replayed to streams that connect
    /// before the next reload.
    private var lastBuildError: String?
    private var running = true
    private var lastSweep: UInt64 = 0
    /// Accepting pauses until then after the system refused a connection
    /// (for example out of descriptors), instead of spinning on the listener.
    private var acceptingResumesAt: UInt64 = 0
    private var readBuffer = [UInt8](repeating: 0, count: 65536)

    private let idleTimeout: UInt64
    private let maxConnections: Int
    private let parserLimits: HTTPRequestParser.Limits
    private let headerTimeout: UInt64
    private static let lingerTimeout: UInt64 = 2_000_000_000
    private static let sweepInterval: UInt64 = 50_000_000
    private static let acceptPause: UInt64 = 100_000_000
    /// A stream client that lets this much output pile up is dropped.
    private static let maxStreamBacklog = 1 << 20

    /// A loop serving on `listeners`, which are bound to `port`.
    init(listeners: [Int32], port: UInt16, mailbox: LoopMailbox, root: SharedRoot, configuration: ServerConfiguration) {
        self.listeners = listeners
        self.mailbox = mailbox
        self.root = root
        self.configuration = configuration
        self.responder = Responder(
            liveReload: configuration.liveReload, basePath: configuration.basePath, cache: FileCache(),
            hostCheck: HostCheck(listeningHost: configuration.host, port: port),
            maxEventStreams: max(0, configuration.maxEventStreams))
        self.idleTimeout = configuration.idleTimeout.nanoseconds
        self.maxConnections = max(1, configuration.maxConnections)
        self.parserLimits = configuration.parserLimits
        self.headerTimeout = configuration.headerTimeout.nanoseconds
    }

    /// Serves until a stop command arrives, then closes every socket.
    func run() {
        var descriptors: [pollfd] = []
        while running {
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: mailbox.wakeReader, events: Int16(POLLIN), revents: 0))
            if acceptingResumesAt != 0, monotonicNow() >= acceptingResumesAt { acceptingResumesAt = 0 }
            if connections.count < maxConnections, acceptingResumesAt == 0 {
                for listener in listeners {
                    descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
                }
            }
            for connection in connections.values {
                descriptors.append(pollfd(fd: connection.descriptor, events: interest(of: connection), revents: 0))
            }

            let timeout: Int32 = connections.isEmpty && acceptingResumesAt == 0 ? -1 : 100
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0, errno != EINTR { break }

            let now = monotonicNow()
            if ready > 0 {
                for entry in descriptors where entry.revents != 0 {
                    handle(entry, now: now)
                }
            }
            if now - lastSweep >= Self.sweepInterval {
                lastSweep = now
                closeExpiredConnections(now: now)
            }
        }
        for connection in connections.values { connection.close() }
        connections.removeAll()
        for listener in listeners { close(listener) }
    }

    private func interest(of connection: Connection) -> Int16 {
        switch connection.state {
        case .serving:
            // While a response is pending, stop reading: this is the backpressure
            // that keeps pipelined requests from piling up in memory.
            return Int16(connection.output.isEmpty ? POLLIN : POLLOUT)
        case .eventStream:
            return Int16(connection.output.isEmpty ? POLLIN : POLLIN | POLLOUT)
        case .lingering:
            return Int16(POLLIN)
        }
    }

    private func handle(_ entry: pollfd, now: UInt64) {
        if entry.fd == mailbox.wakeReader {
            for command in mailbox.takeCommands() { perform(command, now: now) }
        } else if listeners.contains(entry.fd) {
            acceptConnections(from: entry.fd, now: now)
        } else if let connection = connections[entry.fd] {
            let events = Int32(entry.revents)
            if events & Int32(POLLNVAL) != 0 {
                drop(connection)
                return
            }
            if events & Int32(POLLOUT) != 0 {
                serve(connection, now: now)
            }
            if connections[entry.fd] === connection, events & Int32(POLLIN | POLLHUP | POLLERR) != 0 {
                receive(on: connection, now: now)
            }
        }
    }

    // MARK: Commands

    private func perform(_ command: LoopCommand, now: UInt64) {
        switch command {
        case .stop:
            running = false
        case .broadcastReload:
            lastBuildError = nil
            broadcast(LiveReload.reloadEvent, now: now)
        case let .broadcastError(message):
            lastBuildError = message
            broadcast(LiveReload.errorEvent(message: message), now: now)
        }
    }

    private func broadcast(_ event: [UInt8], now: UInt64) {
        for connection in Array(connections.values) {
            guard case .eventStream = connection.state else { continue }
            connection.output.append(.bytes(event, offset: 0))
            serve(connection, now: now)
        }
    }

    // MARK: Accepting

    private func acceptConnections(from listener: Int32, now: UInt64) {
        while connections.count < maxConnections {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else {
                switch errno {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                    break
                default:
                    acceptingResumesAt = now + Self.acceptPause
                }
                return
            }
            acceptingResumesAt = 0
            do throws(ServerError) {
                try makeNonBlocking(descriptor)
                try setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, "setsockopt(TCP_NODELAY)")
            } catch {
                close(descriptor)
                continue
            }
            connections[descriptor] = Connection(descriptor: descriptor, now: now)
        }
    }

    // MARK: Reading

    private func receive(on connection: Connection, now: UInt64) {
        let count = readBuffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            drop(connection)
            return
        }
        if count == 0 {
            connection.peerClosed = true
            if case .serving = connection.state {
                // Answer what was already received, then close.
                serve(connection, now: now)
            } else {
                drop(connection)
            }
            return
        }
        connection.lastActivity = now
        guard case .serving = connection.state else { return }  // stream and lingering input is discarded
        if connection.unparsedInput.isEmpty { connection.requestStartedAt = now }
        connection.input.append(contentsOf: readBuffer[..<count])
        serve(connection, now: now)
    }

    // MARK: Serving

    /// Writes pending output, then parses and answers requests one at a time
    /// while the output keeps draining (pipelined requests are answered in order).
    private func serve(_ connection: Connection, now: UInt64) {
        while true {
            switch connection.writeOutput(now: now) {
            case .failed:
                drop(connection)
                return
            case .blocked:
                if case .eventStream = connection.state, connection.bufferedOutputBytes > Self.maxStreamBacklog {
                    drop(connection)
                }
                return
            case .drained:
                break
            }
            guard case .serving = connection.state else { return }
            if connection.closesAfterOutput {
                finish(connection, now: now)
                return
            }
            if answerNextRequest(on: connection, now: now) { continue }
            if connection.peerClosed { drop(connection) }
            return
        }
    }

    /// Parses one request from the connection's input and queues its response;
    /// returns whether a response was queued.
    private func answerNextRequest(on connection: Connection, now: UInt64) -> Bool {
        let unparsed = connection.unparsedInput
        guard !unparsed.isEmpty, !connection.closesAfterOutput,
              connection.mayHoldCompleteRequest(limits: parserLimits)
        else { return false }
        let (result, bytesNeeded) = HTTPRequestParser.parseReportingNeed(unparsed, limits: parserLimits)
        switch result {
        case .incomplete:
            connection.bytesNeeded = bytesNeeded
            return false
        case let .error(status):
            connection.discardInput()
            connection.closesAfterOutput = true
            connection.enqueue(responder.errorResponse(status: status))
            return true
        case let .request(request, consumed):
            connection.consumeInput(consumed)
            connection.requestStartedAt = connection.unparsedInput.isEmpty ? nil : now
            let response = responder.response(to: request, rootPath: root.current, openEventStreams: eventStreams)
            connection.enqueue(response)
            if response.closesConnection {
                connection.closesAfterOutput = true
                connection.discardInput()
            }
            if response.startsEventStream {
                connection.state = .eventStream
                eventStreams += 1
                connection.discardInput()
                if let message = lastBuildError {
                    connection.output.append(.bytes(LiveReload.errorEvent(message: message), offset: 0))
                }
            }
            return true
        }
    }

    /// Ends a connection after its last response: shut down the write side and
    /// linger briefly so the client reads the response before the socket closes.
    private func finish(_ connection: Connection, now: UInt64) {
        if connection.peerClosed {
            drop(connection)
            return
        }
        shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.discardInput()
        connection.state = .lingering(until: now + Self.lingerTimeout)
    }

    private func drop(_ connection: Connection) {
        // Dropped once only: its descriptor may already belong to a new connection.
        guard connections[connection.descriptor] === connection else { return }
        if case .eventStream = connection.state { eventStreams -= 1 }
        connections.removeValue(forKey: connection.descriptor)
        connection.close()
    }

    // MARK: Timeouts

    private func closeExpiredConnections(now: UInt64) {
        for connection in Array(connections.values) where hasExpired(connection, now: now) {
            drop(connection)
        }
    }

    private func hasExpired(_ connection: Connection, now: UInt64) -> Bool {
        switch connection.state {
        case let .lingering(until):
            return now >= until
        case .eventStream:
            return !connection.output.isEmpty && now - connection.lastActivity >= idleTimeout
        case .serving:
            if !connection.output.isEmpty {
                return now - connection.lastActivity >= idleTimeout
            }
            if let started = connection.requestStartedAt {
                return now - started >= headerTimeout
            }
            return now - connection.lastActivity >= idleTimeout
        }
    }
}

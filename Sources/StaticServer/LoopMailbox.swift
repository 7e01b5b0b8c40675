import Glibc
import Synchronization

/// What other threads ask the event loop to do.
enum LoopCommand: Sendable {
    case broadcastReload
    case broadcastError(String)
    case stop
}

/// The only channel into a running event loop: commands are queued under a
/// lock and a byte written to a pipe wakes the loop's `poll`.
final class LoopMailbox: Sendable {
    private let pending = Mutex<[LoopCommand]>([])
    /// The end the loop polls.
    let wakeReader: Int32
    private let wakeWriter: Int32

    init() throws(ServerError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .socketFailure(operation: "pipe", code: errno) }
        do throws(ServerError) {
            try makeNonBlocking(ends[0])
            try makeNonBlocking(ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        wakeReader = ends[0]
        wakeWriter = ends[1]
    }

    deinit {
        close(wakeReader)
        close(wakeWriter)
    }

    /// Queues a command and wakes the loop.
    func post(_ command: LoopCommand) {
        pending.withLock { $0.append(command) }
        var byte: UInt8 = 1
        // A full pipe already guarantees a wake-up, so a failed write is harmless.
        _ = write(wakeWriter, &byte, 1)
    }

    /// Empties the wake-up pipe and returns the queued commands in order.
    func takeCommands() -> [LoopCommand] {
        var sink = [UInt8](repeating: 0, count: 256)
        while sink.withUnsafeMutableBytes({ read(wakeReader, $0.baseAddress, $0.count) }) > 0 {}
        return pending.withLock { commands in
            defer { commands.removeAll() }
            return commands
        }
    }
}

/// The served folder, shared between the server object and its loop so it can
/// be swapped while serving.
final class SharedRoot: Sendable {
    private let path: Mutex<String>

    init(_ path: String) {
        self.path = Mutex(path)
    }

    /// The folder currently served.
    var current: String {
        path.withLock { $0 }
    }

    /// Serves `newPath` from the next request on.
    func replace(with newPath: String) {
        path.withLock { $0 = newPath }
    }
}

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock held until `release()` (or until the value is gone):
/// what keeps two builds of one site, in one process or in two, from
/// writing its cache and output at the same time.
public final class FileLock: Sendable {
    private let releasing: Mutex<(@Sendable () -> Void)?>

    /// A lock that `release` gives up.
    init(release: @escaping @Sendable () -> Void) {
        releasing = Mutex(release)
    }

    /// Gives the lock up; later calls do nothing.
    public func release() {
        let release = releasing.withLock { action in
            defer { action = nil }
            return action
        }
        release?()
    }

    deinit { release() }
}

/// The locks of file systems that live in one process (`MemoryFileSystem`,
/// test doubles): held by path, in a table of this process.
enum ProcessLocks {
    private static let condition = NSCondition()
    nonisolated(unsafe) private static var held: Set<String> = []

    /// Takes the lock named `path`; when another holder has it, waits
    /// if `waiting`, else returns nil.
    static func lock(_ path: String, waiting: Bool) -> FileLock? {
        condition.lock()
        defer { condition.unlock() }
        while held.contains(path) {
            guard waiting else { return nil }
            condition.wait()
        }
        held.insert(path)
        return FileLock {
            condition.lock()
            held.remove(path)
            condition.broadcast()
            condition.unlock()
        }
    }
}

extension LocalFileSystem {
    /// `flock(2)` on the file at `path` (made if missing), which holds
    /// between processes and between two opens in one process. The holder
    /// writes its process number into the file, for messages.
    func lockFile(at path: String, waiting: Bool) throws -> FileLock? {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 && errno == ENOENT {
            try createDirectory(at: parentPath(path))
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw FileSystemError(path: path, reason: String(cString: strerror(errno))) }
        while flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let failure = errno
            close(descriptor)
            if failure == EWOULDBLOCK { return nil }
            throw FileSystemError(path: path, reason: String(cString: strerror(failure)))
        }
        let holder = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 {
            _ = holder.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
        let held = descriptor
        return FileLock { close(held) }
    }
}

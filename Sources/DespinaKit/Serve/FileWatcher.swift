import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches folders (recursively) and single files with inotify and calls
/// back once per burst of changes, after a short quiet period, so one save
/// that touches several files triggers one rebuild.
///
/// A watch follows a folder, not its name: after `mv Content Content.old`
/// it reports the old folder's changes, and a new `Content/` would go
/// unwatched. So the folder above each watched folder is watched for that
/// name too: when a folder of that name is made or moved there, its old
/// watches go and it is watched anew; when it is moved away or deleted,
/// its watches go. Either way its path is reported, which makes the
/// preview scan it again.
final class FileWatcher: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var watchedFolders: [Int32: String] = [:]
    /// Folders watched only for some of their names (the site folder, for
    /// `despina.yml`, `Content` and `Templates`).
    private var fileFilters: [String: Set<String>] = [:]
    private let quietPeriod: Duration
    /// The folders asked for.
    private let roots: [String]
    /// The same, for looking up a path.
    private let rootSet: Set<String>
    private let onChange: @Sendable ([String]) -> (() -> Void)?
    private var thread: Thread?
    private var isRunning = true

    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
            | IN_ATTRIB)

    /// Watches `folders` that exist, with their subfolders, and `files`
    /// (through their folders, so an editor that replaces a file on save is
    /// still seen), calling `onChange` with the changed paths; the work it
    /// returns runs once nothing has changed for 0.3 s, unless a change comes first.
    init(folders: [String], files: [String], quietPeriod: Duration = .milliseconds(20),
         onChange: @escaping @Sendable ([String]) -> (() -> Void)?) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw FileSystemError(path: folders.first ?? "", reason: "cannot watch files: \(String(cString: strerror(errno)))")
        }
        self.quietPeriod = quietPeriod
        self.onChange = onChange
        roots = folders
        rootSet = Set(folders)
        for folder in folders { addWatches(below: folder) }
        // The files, and the names of the folders (for their replacement),
        // through the folders that hold them.
        var names: [String: Set<String>] = [:]
        for path in folders + files { names[parentPath(path), default: []].insert(lastPathComponent(path)) }
        for (folder, wanted) in names.sorted(by: { $0.key < $1.key }) {
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            guard watch >= 0 else { continue }
            watchedFolders[watch] = watchedFolders[watch] ?? folder
            fileFilters[folder, default: []].formUnion(wanted)
        }
    }

    deinit {
        close(descriptor)
    }

    /// Starts delivering changes on a background thread.
    func start() {
        let thread = Thread { [self] in self.run() }
        thread.name = "despina-watcher"
        self.thread = thread
        thread.start()
    }

    /// Stops delivering changes.
    func stop() {
        lock.withLock { isRunning = false }
    }

    /// Stops watching `path` and the folders below it (which may be
    /// another folder by now: the one that had the name before).
    private func removeWatches(below path: String) {
        lock.withLock {
            for (watch, folder) in watchedFolders where folder == path || folder.hasPrefix(path + "/") {
                inotify_rm_watch(descriptor, watch)
                watchedFolders[watch] = nil
            }
        }
    }

    private func addWatches(below path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        if watch >= 0 { lock.withLock { watchedFolders[watch] = path } }
        guard (status.st_mode & S_IFMT) == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = path + "/" + name
            var childStatus = stat()
            if lstat(child, &childStatus) == 0 && (childStatus.st_mode & S_IFMT) == S_IFDIR {
                addWatches(below: child)
            }
        }
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending: [String] = []
        var lastEvent = ContinuousClock.now
        var quietWork: (() -> Void)?
        while lock.withLock({ isRunning }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // Wake when the quiet period of the pending changes ends, not later.
            var timeout: Int32 = 20
            if !pending.isEmpty {
                let left = quietPeriod - (ContinuousClock.now - lastEvent)
                let (seconds, attoseconds) = left.components
                timeout = Int32(max(1, min(20, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)))
            }
            let ready = poll(&poller, 1, timeout)
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                // Only what is watched counts, not other files beside a watched folder.
                let found = count > 0 ? events(in: buffer, count: count) : []
                if !found.isEmpty {
                    pending += found
                    lastEvent = ContinuousClock.now
                }
            }
            if !pending.isEmpty && ContinuousClock.now - lastEvent >= quietPeriod {
                let changed = Array(Set(pending)).sorted()
                pending.removeAll()
                quietWork = onChange(changed)
                lastEvent = ContinuousClock.now
            } else if let work = quietWork, ContinuousClock.now - lastEvent >= .milliseconds(300) {
                quietWork = nil
                work()
            }
        }
    }

    /// Decodes inotify events; new folders get watches of their own.
    private func events(in buffer: [UInt8], count: Int) -> [String] {
        var paths: [String] = []
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(offset + headerSize)..<min(offset + headerSize + length, count)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            offset += headerSize + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost: report the watched folders themselves,
                // which tells the preview to look at everything again.
                paths += roots
                continue
            }
            if mask & UInt32(IN_IGNORED) != 0 {
                // The watch is gone (its folder was deleted, or it was removed).
                lock.withLock { watchedFolders[watch] = nil }
                continue
            }
            guard let folder = lock.withLock({ watchedFolders[watch] }) else { continue }
            if let filter = fileFilters[folder], !filter.contains(name) { continue }
            let path = name.isEmpty ? folder : folder + "/" + name
            if !name.isEmpty, rootSet.contains(path) {
                // A watched folder's name now names another folder, or none
                // (its other events here, such as a change of its mode, are
                // the folder's own and change nothing in it).
                if mask & UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE) != 0 {
                    removeWatches(below: path)
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { addWatches(below: path) }
                    paths.append(path)
                }
                continue
            }
            if mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                addWatches(below: path)
            }
            // Hidden files are no content; an editor's temporary files
            // come and go around a save of the file that matters.
            if name.hasPrefix(".") || EditorTemporaryFile.matches(name) { continue }
            paths.append(path)
        }
        return paths
    }
}

/// A bounded in-memory cache of small file bodies, keyed by path and
/// validated by size, modification time and inode, so a changed file is never
/// served stale. Used only from the event-loop thread.
final class FileCache {
    struct Entry {
        var status: FileStatus
        var body: [UInt8]
    }

    /// Files larger than this are never cached.
    let maxEntryBytes: Int
    /// The most body bytes held at once.
    let maxTotalBytes: Int
    private var entries: [String: Entry] = [:]
    private var totalBytes = 0

    init(maxEntryBytes: Int = 1 << 20, maxTotalBytes: Int = 32 << 20) {
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
    }

    /// The cached body for `path` when it was stored for the same file version.
    func body(forPath path: String, status: FileStatus) -> [UInt8]? {
        guard let entry = entries[path] else { return nil }
        guard entry.status == status else {
            remove(path)
            return nil
        }
        return entry.body
    }

    /// Stores a body when it is small enough, evicting entries to stay in budget.
    func store(_ body: [UInt8], forPath path: String, status: FileStatus) {
        guard body.count <= maxEntryBytes else { return }
        remove(path)
        while totalBytes + body.count > maxTotalBytes, let victim = entries.keys.first {
            remove(victim)
        }
        entries[path] = Entry(status: status, body: body)
        totalBytes += body.count
    }

    private func remove(_ path: String) {
        if let old = entries.removeValue(forKey: path) { totalBytes -= old.body.count }
    }
}

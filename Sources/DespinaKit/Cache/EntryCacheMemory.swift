import Synchronization

/// The parsed-post cache kept in memory between the builds of one process
/// (the preview server rebuilds on every save): the next build takes the
/// records from here instead of decoding the cache files, as long as those
/// files are still the ones this process wrote.
final class EntryCacheMemory: Sendable {
    private struct Snapshot {
        var cache: EntryCache
        /// Size and modification time of each cache file after the save.
        var stamps: [FileInfo?]
    }

    private let snapshot = Mutex<Snapshot?>(nil)

    /// The remembered cache of `directory` under `key`, if its files are
    /// unchanged since it was remembered.
    func cache(in directory: String, key: UInt64, fileSystem: any FileSystem) -> EntryCache? {
        guard let remembered = snapshot.withLock({ $0 }), remembered.cache.directory == directory,
              remembered.cache.key == key,
              remembered.stamps == EntryCache.fileStamps(in: directory, fileSystem: fileSystem)
        else { return nil }
        return remembered.cache
    }

    /// Remembers the cache of `directory` just saved with `records`.
    func remember(directory: String, key: UInt64, records: [String: CachedEntry], fileSystem: any FileSystem) {
        let cache = EntryCache(
            directory: directory, key: key, records: records, intactShards: Set(0..<EntryCache.shardCount))
        let stamps = EntryCache.fileStamps(in: directory, fileSystem: fileSystem)
        snapshot.withLock { $0 = Snapshot(cache: cache, stamps: stamps) }
    }
}

import Dispatch
import Synchronization

/// Saves the parsed-post cache while the posts are rendered: the render
/// step renders the posts of one cache file at a time, and the file is
/// written as soon as its posts are (`finish(file:rendered:)`), taking over
/// their HTML. So the rendered posts of a large site are never all in
/// memory at once: at 100,000 posts their HTML is 830 MB.
///
/// A file is written when one of its records is new or changed, when it
/// was not read intact, or when it recorded a path that is gone; its
/// records are the new renderings of the published posts it holds and the
/// records of the other posts read (drafts and posts left out for now),
/// sorted by path.
final class EntryCacheWriter: Sendable {
    private let cache: EntryCache
    private let fileSystem: any FileSystem
    private let sources: [SiteBuilder.SourceState]
    private let sourcePositions: [String: Int]
    /// The source paths each cache file records, sorted.
    private let pathsByFile: [[String]]
    /// The files to write whatever the renderings are.
    private let rewritten: Set<Int>
    private let state = Mutex(State())

    private struct State {
        var opened: [ReadableFile] = []
        var nanoseconds: UInt64 = 0
    }

    /// - Parameters:
    ///   - sources: every Markdown file read, with `sourcePositions` giving
    ///     the place of each source path in it.
    init(
        cache: EntryCache, fileSystem: any FileSystem, sources: [SiteBuilder.SourceState],
        sourcePositions: [String: Int]
    ) {
        var pathsByFile = [[String]](repeating: [], count: EntryCache.shardCount)
        var paths: [String] = []
        paths.reserveCapacity(sources.count)
        var rewritten = Set<Int>()
        // Fields are read in place: a copy of each source's state would
        // retain and release a dozen references, ten thousand times.
        for index in sources.indices where sources[index].hasEntry {
            let path = sources[index].file.relativePath
            let file = EntryCache.shard(of: path)
            paths.append(path)
            pathsByFile[file].append(path)
            // A file whose size or time is not its record's has a new
            // record: its rendering's, or, when it is not rendered (a
            // draft, a post left out for now, a file that could not be
            // read again), its old record with the new size and time.
            if Self.signatureChanged(sources[index]) { rewritten.insert(file) }
        }
        rewritten.formUnion(cache.filesToRewrite(keeping: paths))
        self.cache = cache
        self.fileSystem = fileSystem
        self.sources = sources
        self.sourcePositions = sourcePositions
        self.pathsByFile = pathsByFile.map { $0.sorted() }
        self.rewritten = rewritten
    }

    /// Writes cache file `file` if it needs it; `rendered` holds the
    /// rendered entries it records (all of them). Called once per file,
    /// from any thread.
    func finish(file: Int, rendered: [SiteBuilder.RenderedState]) {
        let started = DispatchTime.now().uptimeNanoseconds
        var renderings: [String: CachedEntry] = [:]
        var changed = rewritten.contains(file)
        // A rendering without a record (size -1: the file could not be
        // read again) is recorded as read.
        for state in rendered where state.record.size >= 0 {
            renderings[state.entry.sourcePath] = state.record
            changed = changed || state.isNew
        }
        guard changed else { return }
        let records = pathsByFile[file].compactMap { renderings[$0] ?? record(read: $0) }
        let opened = cache.write(shard: file, records: records, fileSystem: fileSystem)
        let spent = DispatchTime.now().uptimeNanoseconds - started
        state.withLock { state in
            if let opened { state.opened.append(opened) }
            state.nanoseconds += spent
        }
    }

    /// The files opened to read back the HTML the cache files took over
    /// (see `EntryCache.write(shard:records:fileSystem:)`).
    var openedFiles: [ReadableFile] { state.withLock { $0.opened } }

    /// The time spent writing, summed over the threads that wrote.
    var seconds: Double { Double(state.withLock { $0.nanoseconds }) / 1e9 }

    /// Every record of the new cache, by source path, once every file is
    /// finished: for a process that keeps the cache in memory.
    func records(rendered: [SiteBuilder.RenderedState]) -> [String: CachedEntry] {
        var records: [String: CachedEntry] = [:]
        records.reserveCapacity(sources.count)
        for state in rendered where state.record.size >= 0 { records[state.entry.sourcePath] = state.record }
        for paths in pathsByFile {
            for path in paths where records[path] == nil { records[path] = record(read: path) }
        }
        return records
    }

    /// The record of a file read but not rendered in this build: its old
    /// record with the file's size and time, or a new one without HTML (a
    /// draft's or a future post's; a published post that could not be read
    /// again has none, and is read anew next time).
    private func record(read path: String) -> CachedEntry? {
        guard let index = sourcePositions[path], let entry = sources[index].loaded.entry else { return nil }
        let source = sources[index]
        if var record = source.record {
            record.size = source.size
            record.modified = source.modified
            return record
        }
        return CachedEntry(
            size: source.size, modified: source.modified, sourceHash: source.sourceHash, entry: entry,
            loadDiagnostics: source.loaded.diagnostics, renderDiagnostics: [], linkLookups: [])
    }

    private static func signatureChanged(_ source: SiteBuilder.SourceState) -> Bool {
        source.record?.size != source.size || source.record?.modified != source.modified
    }
}

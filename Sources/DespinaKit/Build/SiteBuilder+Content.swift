import Foundation
import Markup
import SearchIndex
import Synchronization

/// The per-post steps of a build with the parsed-post cache: read (or
/// reuse) each file's entry, then render (or reuse) each published one.
extension SiteBuilder {
    /// One Markdown file after the read step.
    struct SourceState: Sendable {
        var file: SourceFile
        var loaded: EntryLoader.Loaded
        var size: Int
        var modified: Int64
        var sourceHash: UInt64
        /// The cache record the entry came from, when the file is unchanged.
        var record: CachedEntry?
        /// Where the body starts in the file's bytes, for a file parsed in
        /// this build: its body is read from there again when `Bodies`
        /// could not hold it.
        var bodyOffset: Int? = nil
        /// Whether its entry is published: the entry then goes on with the
        /// build's entries and is no longer held here (`loaded.entry` is
        /// nil), so that each post is held once.
        var publishes = false

        /// Whether the file was read into an entry.
        var hasEntry: Bool { publishes || loaded.entry != nil }
    }

    /// The size and modification time of `file` (of the file a link points to).
    static func signature(of file: SourceFile, fileSystem: any FileSystem) -> (size: Int, modified: Int64) {
        var info = fileSystem.info(at: file.absolutePath)
        if info?.kind == .symbolicLink, let target = fileSystem.resolvingSymbolicLinks(file.absolutePath) {
            info = fileSystem.info(at: target)
        }
        return (info?.size ?? -1, info?.modified ?? -1)
    }

    /// The Markdown bodies of the files read, held apart from their
    /// entries: the render step takes each one as it renders it, so the
    /// texts of a large site and their HTML are never all in memory at once.
    /// It holds bodies up to `budget` bytes; those read after it is full are
    /// read from their files again when rendered (`body(of:)`), so a site of
    /// any size holds at most that much text between reading and rendering.
    final class Bodies: Sendable {
        private let slots: Mutex<(bodies: [Substring?], bytes: Int)>
        private let budget: Int

        /// Enough for the text of a site of tens of thousands of posts.
        static let defaultBudget = 128 << 20

        init(count: Int, budget: Int = defaultBudget) {
            slots = Mutex(([Substring?](repeating: nil, count: count), 0))
            self.budget = budget
        }

        /// Holds `body` for the file at `position`, unless that would pass
        /// the budget; returns whether it did.
        func put(_ body: Substring, at position: Int) -> Bool {
            let size = body.utf8.count
            return slots.withLock { slots in
                guard slots.bytes + size <= budget else { return false }
                slots.bodies[position] = body
                slots.bytes += size
                return true
            }
        }

        /// The body at `position`, which is then let go.
        func take(_ position: Int) -> Substring? {
            slots.withLock { slots in
                defer { slots.bodies[position] = nil }
                return slots.bodies[position]
            }
        }
    }

    /// The body of a file parsed in this build, read from the file again:
    /// nil when the file changed since (its bytes no longer have the digest
    /// read), which the caller then loads whole.
    static func body(of source: SourceState, fileSystem: any FileSystem) -> Substring? {
        guard let offset = source.bodyOffset,
              let bytes = try? fileSystem.contents(of: source.file.absolutePath),
              offset <= bytes.count, Fingerprint.of(bytes) == source.sourceHash else { return nil }
        return String(decoding: bytes[offset...], as: UTF8.self)[...]
    }

    /// How many files ahead of the one being read the next read is started.
    static let readAhead = 16

    /// Reads every Markdown file on all cores: a file whose size and time,
    /// or whose bytes, are those of its cache record is not parsed again.
    /// The bodies of the files parsed go to `bodies`, by position.
    func readSources(
        _ files: [SourceFile], signatures: [String: (size: Int, modified: Int64)], loader: EntryLoader,
        cache: EntryCache, bodies: Bodies
    ) -> [SourceState] {
        let fileSystem = environment.fileSystem
        // When no file has a cache record (a first build, a new version of
        // Despina), every file is read, and each worker asks for the file
        // some places ahead early: on a disk whose cache lost the posts,
        // reads then overlap instead of each worker waiting for one file at
        // a time. A rebuild reads the few files that changed as they come,
        // without looking up every file twice to find them.
        let prefetcher = cache.records.isEmpty ? fileSystem as? any PrefetchingFileSystem : nil
        let prefetch: @Sendable (Int) -> Void = { position in prefetcher?.prefetch(files[position].absolutePath) }
        return parallelMap(Array(files.indices), lookahead: Self.readAhead, prepare: prefetch) { position in
            let file = files[position]
            let signature = signatures[file.relativePath] ?? Self.signature(of: file, fileSystem: fileSystem)
            let record = cache.records[file.relativePath]
            if let record, record.size == signature.size, record.modified == signature.modified {
                return SourceState(
                    file: file, loaded: EntryLoader.Loaded(entry: record.entry, diagnostics: record.loadDiagnostics),
                    size: signature.size, modified: signature.modified, sourceHash: record.sourceHash, record: record)
            }
            let bytes: [UInt8]
            do {
                bytes = try fileSystem.contents(of: file.absolutePath)
            } catch {
                return SourceState(
                    file: file, loaded: .unreadable(file, error: error), size: signature.size,
                    modified: signature.modified, sourceHash: 0, record: nil)
            }
            let hash = Fingerprint.of(bytes)
            if let record, record.sourceHash == hash {
                return SourceState(
                    file: file, loaded: EntryLoader.Loaded(entry: record.entry, diagnostics: record.loadDiagnostics),
                    size: signature.size, modified: signature.modified, sourceHash: hash, record: record)
            }
            var loaded = loader.load(file, contents: bytes)
            var bodyOffset: Int?
            if let body = loaded.entry?.body {
                // The body is a slice of the file's text, whose bytes are the file's.
                if !bodies.put(body, at: position) { bodyOffset = body.base.utf8.distance(from: body.base.startIndex, to: body.startIndex) }
                loaded.entry?.body = ""
            }
            return SourceState(
                file: file, loaded: loaded, size: signature.size, modified: signature.modified, sourceHash: hash,
                record: nil, bodyOffset: bodyOffset)
        }
    }

    /// One published entry after the render step, with its new cache record.
    struct RenderedState: Sendable {
        var entry: Entry
        var diagnostics: [Diagnostic]
        var record: CachedEntry
        /// Whether the record differs from the one read from the cache.
        var isNew: Bool
        /// Whether the entry was analysed for search in this build (its
        /// document is in the build's index builder).
        var isAnalyzed = false

        /// An entry whose file could not be read again: published as it
        /// is, and left out of the cache (its record's size is -1).
        static func unrecorded(_ entry: Entry, diagnostics: [Diagnostic]) -> RenderedState {
            RenderedState(
                entry: entry, diagnostics: diagnostics,
                record: CachedEntry(
                    size: -1, modified: -1, sourceHash: 0, entry: entry, loadDiagnostics: [], renderDiagnostics: [],
                    linkLookups: []),
                isNew: true)
        }
    }

    /// Renders every published entry on all cores, reusing the cached
    /// rendering (and search analysis) of an unchanged file whose URL and
    /// resolved links are what they were. The entries are rendered a cache
    /// file at a time, and `cacheWriter`, when given, writes each cache
    /// file as soon as its entries are rendered.
    func renderEntries(
        _ entries: [Entry], sources: [SourceState], positions: [String: Int], loader: EntryLoader, routing: Routing,
        config: SiteConfig, key: UInt64, index: SearchIndexBuilder?, bodies: Bodies, cacheWriter: EntryCacheWriter?
    ) -> [RenderedState] {
        let highlighter = SyntaxHighlighter()
        let fileSystem = environment.fileSystem
        return parallelMap(
            entries, groupCount: EntryCache.shardCount, group: { EntryCache.shard(of: $0.sourcePath) }
        ) { entry in
            guard let position = positions[entry.sourcePath] else {
                // Every entry comes from a source; kept total for safety.
                return RenderedState.unrecorded(entry, diagnostics: [])
            }
            // Most entries are reused: their source is read field by field, not copied whole.
            if let record = sources[position].record, record.rendering(isValidAt: entry.path, routing: routing) {
                var reused = entry
                // The record's own entry, digested by the build that made
                // the record from this source, URL and rendering (the
                // preview's records, kept in memory), holds both digests.
                let digested = entry.isSame(as: record.entry) && entry.digest != 0
                    && entry.summaryInputs.count == PostSummary.Inputs.width
                if !digested {
                    // Same source, URL and rendering: the same summary inputs.
                    if !entry.isSame(as: record.entry) {
                        reused.content = record.entry.content
                        reused.summaryInputs = record.entry.summaryInputs
                    }
                    reused.digest = CachedEntry.digest(
                        key: key, sourceHash: sources[position].sourceHash, path: entry.path, lookups: record.linkLookups)
                    reused.summaryInputs = PostSummary.Inputs.digests(recordedFor: reused)
                }
                var updated = record
                updated.size = sources[position].size
                updated.modified = sources[position].modified
                let isNew = updated.size != record.size || updated.modified != record.modified
                return RenderedState(entry: reused, diagnostics: record.renderDiagnostics, record: updated, isNew: isNew)
            }
            let source = sources[position]
            let indexed = config.search.enabled && entry.isSearchable
            // A file parsed in this build has its body waiting, or read
            // again past the budget; one parsed from the cache, or changed
            // since it was read, is loaded again.
            var fresh = entry
            if let body = bodies.take(position) ?? Self.body(of: source, fileSystem: fileSystem) {
                fresh.body = body
            } else {
                let reloaded = loader.load(source.file)
                guard let reloadedEntry = reloaded.entry else {
                    return RenderedState.unrecorded(entry, diagnostics: reloaded.diagnostics)
                }
                fresh = reloadedEntry
                fresh.path = entry.path
            }
            let rendered = loader.render(fresh, highlighter: highlighter, links: routing)
            var published = rendered.entry
            published.digest = CachedEntry.digest(key: key, sourceHash: source.sourceHash, path: entry.path, lookups: rendered.lookups)
            published.summaryInputs = PostSummary.Inputs.digests(of: published)
            // The analysis goes straight into the build's index, compact.
            if indexed, let index {
                index.add(SiteRenderer.searchDocument(for: published, config: config), version: published.digest)
            }
            // The text was needed for the search analysis only.
            published.content?.plainText = []
            published.content?.codeText = []
            let record = CachedEntry(
                size: source.size, modified: source.modified, sourceHash: source.sourceHash, entry: published,
                loadDiagnostics: source.loaded.diagnostics, renderDiagnostics: rendered.diagnostics,
                linkLookups: rendered.lookups)
            return RenderedState(
                entry: published, diagnostics: rendered.diagnostics, record: record, isNew: true,
                isAnalyzed: indexed && index != nil)
        } finishing: { file, rendered in
            cacheWriter?.finish(file: file, rendered: rendered)
        }
    }

    /// Reads, renders and analyses an entry again, for a cached search
    /// document that cannot be decoded (nil when the file is gone).
    /// Its text file is written again too, through `index`.
    func analyzeAgain(
        _ entry: Entry, source: SourceState?, loader: EntryLoader, routing: Routing, config: SiteConfig,
        index: SearchIndexBuilder?
    ) -> AnalyzedDocument? {
        guard let source, var fresh = loader.load(source.file).entry else { return nil }
        fresh.path = entry.path
        let rendered = loader.render(fresh, highlighter: SyntaxHighlighter(), links: routing)
        let document = SiteRenderer.searchDocument(for: rendered.entry, config: config)
        return index?.analyze(document, version: entry.digest) ?? DocumentAnalyzer.analyze(document)
    }
}

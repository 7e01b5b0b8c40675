import Foundation
import SearchIndex

/// How a build makes its search index, chosen once from what the build
/// knows when its posts are rendered.
enum SearchIndexPlan: Sendable {
    /// Search is off: no index.
    case none
    /// The output's index files stay as they are, for the next build to
    /// make (a preview's build whose pages are wanted first).
    case keep
    /// The builder the last build saved (being read already, or read by
    /// the step) has the documents of the changed posts replaced; it falls
    /// back to `rebuild` when it cannot be read.
    case update(saved: SavedSearchIndex?)
    /// A builder is filled with every document: those analysed in this
    /// build and, analysed again, those of the posts rendered from the cache.
    case rebuild

    /// The plan of a build: `defers` whether a preview puts the index off
    /// (`SiteBuilder.defersSearchIndex`), `analysedAnew` whether every
    /// indexed post was analysed in this build (a saved builder would then
    /// only be emptied and filled again, with both in memory), asked only
    /// when the answer matters: it looks up every indexed post.
    static func choose(
        searchEnabled: Bool, defers: Bool, readsCache: Bool, analysedAnew: @autoclosure () -> Bool,
        saved: SavedSearchIndex?
    ) -> SearchIndexPlan {
        guard searchEnabled else { return .none }
        if defers { return .keep }
        return readsCache && !analysedAnew() ? .update(saved: saved) : .rebuild
    }
}

/// The search index builder the last build saved, read on another thread
/// while the build reads the posts.
struct SavedSearchIndex: Sendable {
    private let reading: BackgroundStep<(builder: IndexBuilder, generation: UInt64)?>

    static func startReading(_ build: BuildContext) -> SavedSearchIndex {
        let (directory, fileSystem) = (build.searchStateDirectory, build.fileSystem)
        return SavedSearchIndex(reading: build.work.start(.buildSearchIndex) {
            SearchIndexState.load(from: directory, fileSystem: fileSystem)
        })
    }

    /// The builder, handed over so that it is changed in place, not copied.
    func take() -> (builder: IndexBuilder, generation: UInt64)? {
        (try? reading.take()) ?? nil
    }
}

/// The "build search index" step: writes the index files under `search/`
/// of the output by its plan, and saves the builder behind them for the
/// next build on another thread ("save search state").
struct SearchIndexStep: Sendable {
    let plan: SearchIndexPlan
    /// The documents analysed in this build.
    let index: SearchIndexBuilder
    /// The entries the index holds, in the order of their sources.
    let indexed: [Entry]
    let output: OutputFolder
    /// `BuildKeys.pages`: 0 when nothing is recorded.
    let pageKey: UInt64
    let stateDirectory: String
    let fileSystem: any FileSystem
    /// Whether the builder is saved for the next build.
    let savesState: Bool
    /// The document of an entry rendered from the cache, read and analysed again.
    let reanalyze: @Sendable (Entry) -> AnalyzedDocument?
    let work: BuildWork
    /// Where the builder goes when the step is done with it.
    let leftovers: BuildLeftovers?

    /// Whether the index is made after the pages rather than beside them:
    /// a build that analysed most documents (a first build) would otherwise
    /// hold the index and the pages at once, and both use every core.
    var runsAfterPages: Bool { index.count * 2 >= indexed.count }

    /// Writes or keeps the index files; their number.
    func run() throws -> Int {
        switch plan {
        case .none: return 0
        case .keep: return output.keepExisting(where: SiteRenderer.isSearchIndexFile)
        case .update(let saved):
            return try SiteRenderer.writeSearchIndex(
                to: output, fingerprint: fingerprint, textFiles: { index.textFileCount }
            ) {
                try keepTexts()
                let loaded = saved.map { $0.take() } ?? SearchIndexState.load(from: stateDirectory, fileSystem: fileSystem)
                guard let (builder, generation) = loaded else { return rebuild() }
                return update(builder, generation: generation)
            }
        case .rebuild:
            return try SiteRenderer.writeSearchIndex(
                to: output, fingerprint: fingerprint, textFiles: { index.textFileCount }
            ) {
                try keepTexts()
                return rebuild()
            }
        }
    }

    /// Keeps the text files of the posts rendered from the cache (or makes
    /// them again, where the last build's is missing).
    private func keepTexts() throws {
        try index.keepTexts(of: index.notAdded(indexed), remaking: reanalyze)
    }

    /// The fingerprint of the set of indexed documents, in the order of the
    /// sources (sorted by path): stable from build to build without sorting
    /// thousands of identifiers on the path a one-post edit waits for.
    private var fingerprint: UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.combine(pageKey)
        fingerprint.combine("search index")
        for entry in indexed {
            fingerprint.combine(entry.identifier)
            fingerprint.combine(entry.digest)
        }
        return pageKey == 0 ? 0 : max(fingerprint.value, 1)
    }

    /// The saved builder with the documents of other versions, and of
    /// posts no longer indexed, replaced by this build's.
    private func update(_ saved: IndexBuilder, generation savedGeneration: UInt64) -> SearchIndexFiles {
        var builder = saved
        var generation = savedGeneration
        let savedTableSize = builder.tableSize
        var changedParts = Set<Int>()
        let missing = indexed.filter { builder.version(of: $0.identifier) != $0.digest }
        for entry in missing where builder.contains(entry.identifier) {
            builder.remove(entry.identifier)
            changedParts.insert(IndexBuilder.statePart(of: entry.identifier))
        }
        // Posts no longer indexed (deleted, drafts, `search: false`) are
        // looked for only when the count says there are some.
        if builder.count != indexed.count - missing.count {
            let wanted = Set(indexed.map(\.identifier))
            for id in Array(builder.identifiers) where !wanted.contains(id) {
                builder.remove(id)
                changedParts.insert(IndexBuilder.statePart(of: id))
            }
        }
        let documents = parallelMap(missing) { entry in index.document(withID: entry.identifier) ?? reanalyze(entry) }
        for (entry, document) in zip(missing, documents) {
            guard let document else { continue }
            builder.add(document, version: entry.digest)
            changedParts.insert(IndexBuilder.statePart(of: entry.identifier))
        }
        if builder.needsCompaction {
            builder = builder.compacted()
            generation &+= 1
            changedParts = Set(0..<IndexBuilder.stateParts)
        }
        let files = SiteRenderer.searchIndexFiles(of: &builder, in: output, key: pageKey)
        if savesState {
            let updated = builder
            let parts = changedParts.sorted()
            let tablesChanged = generation != savedGeneration || builder.tableSize != savedTableSize
            let (directory, fileSystem) = (stateDirectory, fileSystem)
            work.startSide(.saveSearchState) { [generation] in
                SearchIndexState.save(
                    updated, generation: generation, parts: parts, tablesChanged: tablesChanged,
                    to: directory, fileSystem: fileSystem)
            }
        }
        // Its thousands of documents are freed later, or with the
        // process, not while the build waits.
        leftovers?.keep(builder)
        return files
    }

    /// This build's documents and, analysed again a batch at a time, those
    /// of the posts rendered from the cache.
    private func rebuild() -> SearchIndexFiles {
        let cached = index.notAdded(indexed)
        var start = 0
        while start < cached.count {
            let batch = Array(cached[start..<min(start + 512, cached.count)])
            for (entry, document) in zip(batch, parallelMap(batch, reanalyze)) {
                if let document { index.add(document, version: entry.digest) }
            }
            start += batch.count
        }
        return index.withBuilder { builder in
            let files = SiteRenderer.searchIndexFiles(of: &builder, in: output, key: pageKey)
            if savesState {
                let filled = builder
                let generation = UInt64(DispatchTime.now().uptimeNanoseconds)
                let (directory, fileSystem) = (stateDirectory, fileSystem)
                work.startSide(.saveSearchState) {
                    SearchIndexState.save(
                        filled, generation: generation, parts: 0..<IndexBuilder.stateParts,
                        to: directory, fileSystem: fileSystem)
                }
            }
            return files
        }
    }
}

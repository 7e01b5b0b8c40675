import Foundation

/// The steps that turn the Markdown files into published entries with URLs:
/// "load cache", "read front matter" and "assign URLs".
extension SiteBuilder {
    /// The Markdown files read, the entries published and their URLs.
    struct Posts: Sendable {
        var loader: EntryLoader
        /// The parsed-post cache's key: what a cached entry was made with.
        var entryKey: UInt64
        var cache: EntryCache
        /// Every Markdown file after the read step, by path order.
        var sources: [SourceState]
        /// The position in `sources` of each file's relative path.
        var sourcePositions: [String: Int]
        var bodies: Bodies
        /// The entries to publish (drafts and future posts left out, unless asked for).
        var entries: [Entry]
        var routing: Routing
        var leftOut: BuildSummary.LeftOut
        /// The first date a left-out future post comes due.
        var nextDue: Date?
        /// The search index builder the last build saved, read on another
        /// thread from the moment the cache showed changed posts (reading
        /// it is a good part of updating it); nil when it is not wanted.
        var savedSearchIndex: SavedSearchIndex?
    }

    /// Steps "load cache" to "assign URLs"; the errors of every file stop
    /// the build together.
    func readPosts(_ build: BuildContext, inputs: Inputs) throws(BuildFailure) -> Posts {
        let options = build.options
        let fileSystem = build.fileSystem
        let config = inputs.config
        let layouts = Set(inputs.theme.templates.keys)
        let loader = EntryLoader(
            config: config, layouts: layouts, fileSystem: fileSystem, reservedIDs: inputs.theme.elementIDs)
        let directory = build.entryCacheDirectory
        let entryKey = BuildKeys.entries(config: config, layouts: layouts, reservedIDs: inputs.theme.elementIDs)
        let cache = build.step(.loadCache) {
            guard build.usesCache else { return EntryCache(directory: directory, key: entryKey) }
            return options.memory?.entries.cache(in: directory, key: entryKey, fileSystem: fileSystem)
                ?? EntryCache.load(from: directory, key: entryKey, fileSystem: fileSystem)
        }
        let markdownFiles = inputs.markdownFiles
        let changed = cache.records.count != markdownFiles.count || markdownFiles.contains { file in
            guard let record = cache.records[file.relativePath], let signature = inputs.signatures[file.relativePath]
            else { return true }
            return record.size != signature.size || record.modified != signature.modified
        }
        // Not when the preview puts the index off, nor when no cached post
        // is usable: every post is then analysed anew.
        let savedSearchIndex = build.usesCache && changed && !cache.records.isEmpty && config.search.enabled
            && !options.defersSearchIndex
            ? SavedSearchIndex.startReading(build) : nil
        let bodies = Bodies(count: markdownFiles.count, budget: options.heldBodyBytes)
        var sources = build.step(.readFrontMatter) {
            readSources(markdownFiles, signatures: inputs.signatures, loader: loader, cache: cache, bodies: bodies)
        }
        // Most files have no diagnostic: only those that do are gathered.
        var diagnostics: [Diagnostic] = []
        for position in sources.indices where !sources[position].loaded.diagnostics.isEmpty {
            diagnostics += sources[position].loaded.diagnostics
        }
        build.report(Diagnostic.summarizingSiteWide(diagnostics))
        var errors = diagnostics.filter { $0.severity == .error }
        var published = publish(&sources, options: options)
        let sourcePositions = Dictionary(
            sources.indices.map { (sources[$0].file.relativePath, $0) }, uniquingKeysWith: { first, _ in first })

        let routing = build.step(.assignURLs) {
            Routing(entries: &published.entries, assets: inputs.assets, config: config, memory: options.memory?.urls)
        }
        errors += routing.errors
        errors += IdentifierCheck.duplicates(in: published.entries)
        guard errors.isEmpty else { throw BuildFailure(errors) }
        return Posts(
            loader: loader, entryKey: entryKey, cache: cache, sources: sources, sourcePositions: sourcePositions,
            bodies: bodies, entries: published.entries, routing: routing, leftOut: published.leftOut,
            nextDue: published.nextDue, savedSearchIndex: savedSearchIndex)
    }

    /// The entries of `sources` to publish: all but the drafts and future
    /// posts the options leave out. Each published entry goes on alone,
    /// changed in place from here: its source no longer holds it.
    private func publish(
        _ sources: inout [SourceState], options: BuildOptions
    ) -> (entries: [Entry], leftOut: BuildSummary.LeftOut, nextDue: Date?) {
        let now = environment.now()
        var nextDue: Date?
        var leftOut = BuildSummary.LeftOut()
        var entries: [Entry] = []
        entries.reserveCapacity(sources.count)
        for position in sources.indices {
            // Moved out, not copied; one left out is put back.
            guard let entry = sources[position].loaded.entry.take() else { continue }
            if entry.isDraft && !options.includeDrafts {
                leftOut.drafts += 1
                sources[position].loaded.entry = entry
                continue
            }
            if entry.kind == .post, !options.includeFuture, let date = entry.date, date > now {
                nextDue = min(nextDue ?? date, date)
                leftOut.futurePosts += 1
                sources[position].loaded.entry = entry
                continue
            }
            entries.append(entry)
            sources[position].publishes = true
        }
        return (entries, leftOut, nextDue)
    }
}

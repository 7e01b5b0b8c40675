import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import Markup
import Mustache
import SearchIndex

/// Builds a site: a folder with `Content/` in, a complete static site out.
///
/// The build is a sequence of named steps (`--verbose` times each). Work on
/// each post runs on all cores; the steps that order and group posts are
/// sequential and deterministic. Output goes to a staging folder that
/// replaces the old output only when every step succeeded.
public struct SiteBuilder: Sendable {
    /// Files, clock and log.
    public let environment: BuildEnvironment

    /// Creates a builder working through `environment`.
    public init(environment: BuildEnvironment) {
        self.environment = environment
    }

    /// Builds the site described by `options`.
    /// - Throws: `BuildFailure` with every error found; the old output stays.
    public func build(_ options: BuildOptions) throws(BuildFailure) -> BuildSummary {
        let lock = SiteLock.hold(for: options, environment: environment)
        defer { lock?.release() }
        switch try execute(options, allowsShortcut: true) {
        case .upToDate(let summary): return summary
        case .built(let result): return result.summary
        }
    }

    /// Readies the output of `options` for a quick next build while nothing
    /// else runs: a site built into an empty folder gets its previous
    /// generation as links to its files (see `OutputFolder.mirrorIntoPrevious`).
    func prepareNextBuild(_ options: BuildOptions) {
        let lock = SiteLock.hold(for: options, environment: environment)
        defer { lock?.release() }
        _ = try? outputFolder(for: options).mirrorIntoPrevious()
    }

    /// The output folder of `options`, its manifests kept in the site's
    /// cache folder (none when the build records nothing).
    private func outputFolder(for options: BuildOptions) -> OutputFolder {
        let outputPath = options.resolvedOutputDirectory
        return OutputFolder(
            path: outputPath, fileSystem: environment.fileSystem,
            manifestDirectory: options.recordsOutput
                ? joinPath(options.siteDirectory, ".despina", "output", OutputManifest.identifier(of: Array(outputPath.utf8)))
                : nil,
            manifestMemory: options.memory?.manifests)
    }

    /// What a build made, for commands that look at the site after it.
    struct Result: Sendable {
        var summary: BuildSummary
        var config: SiteConfig
        var model: SiteModel
    }

    /// Builds the site and returns its model along with the summary.
    func run(_ options: BuildOptions) throws(BuildFailure) -> Result {
        let lock = SiteLock.hold(for: options, environment: environment)
        defer { lock?.release() }
        switch try execute(options, allowsShortcut: false) {
        case .upToDate:
            // Not reached: the shortcut is not allowed here.
            throw BuildFailure([Diagnostic(path: options.siteDirectory, message: "internal error: no site model")])
        case .built(let result): return result
        }
    }

    private enum Outcome {
        /// Nothing changed since the last build into the same output.
        case upToDate(BuildSummary)
        case built(Result)
    }

    private func execute(_ options: BuildOptions, allowsShortcut: Bool) throws(BuildFailure) -> Outcome {
        let started = DispatchTime.now().uptimeNanoseconds
        let fileSystem = environment.fileSystem
        let timer = StepTimer(log: environment.log)
        var warnings: [Diagnostic] = []
        func report(_ diagnostics: [Diagnostic]) {
            for diagnostic in diagnostics where diagnostic.severity == .warning {
                environment.log.warning(diagnostic.description)
                warnings.append(diagnostic)
            }
        }
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

        var (config, configWarnings) = try timer.run("load configuration") { () throws(BuildFailure) in
            try ConfigLoader(fileSystem: fileSystem).load(siteDirectory: options.siteDirectory)
        }
        report(configWarnings)
        if let baseURL = options.baseURL { config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }

        let outputPath = options.resolvedOutputDirectory
        try checkOutputLocation(outputPath, siteDirectory: options.siteDirectory)

        // The preview's watcher may have said that only known files changed.
        let remembered = options.memory?.scan?.scan(of: options.siteDirectory, fileSystem: fileSystem)
        let scan = try timer.run(remembered == nil ? "scan content" : "scan content (watched)") {
            () throws(BuildFailure) -> (files: [SourceFile], warnings: [Diagnostic]) in
            if let remembered { return (remembered.files, remembered.warnings) }
            return try ContentScanner(fileSystem: fileSystem, siteDirectory: options.siteDirectory).scan()
        }
        report(scan.warnings)

        let theme: Theme
        do {
            theme = try timer.run("load theme") {
                try Theme.load(siteDirectory: options.siteDirectory, fileSystem: fileSystem)
            }
        } catch let diagnostic as Diagnostic {
            throw BuildFailure([diagnostic])
        } catch {
            throw BuildFailure([Diagnostic(path: "Templates", message: "cannot read the theme: \(error)")])
        }
        report(theme.warnings)

        // The shortcut: the same inputs as the build that made the output.
        let usesCache = options.recordsOutput && !options.clean
        let cacheDirectory = joinPath(options.siteDirectory, ".despina")
        let outputIdentifier = OutputManifest.identifier(of: Array(outputPath.utf8))
        let recordPath = joinPath(cacheDirectory, "cache/builds", outputIdentifier)
        let signatures = timer.run("check for changes") {
            remembered?.signatures ?? Dictionary(uniqueKeysWithValues: zip(
                scan.files.map(\.relativePath),
                parallelMap(scan.files) { Self.signature(of: $0, fileSystem: fileSystem) }))
        }
        options.memory?.scan?.remember(
            ScanMemory.Scan(files: scan.files, warnings: scan.warnings, signatures: signatures),
            of: options.siteDirectory)
        let inputs = Self.inputsDigest(
            options: options, config: config, theme: theme, files: scan.files, signatures: signatures)
        if allowsShortcut, usesCache,
           let summary = upToDateSummary(
               recordPath: recordPath, inputs: inputs, outputPath: outputPath, reported: warnings.count,
               report: report, started: started)
        {
            // A build stopped while it linked the previous site left it
            // unmade (and a staging folder without marker): made now.
            if options.linksPreviousSite {
                let output = outputFolder(for: options)
                if !output.hasPreviousSite {
                    timer.run("link previous site") { _ = try? output.mirrorIntoPrevious() }
                    var summary = summary
                    summary.seconds = elapsed()
                    return .upToDate(summary)
                }
            }
            return .upToDate(summary)
        }

        let templates: TemplateSet
        do {
            templates = try timer.run("compile templates") { try TemplateSet(sources: theme.templates) }
        } catch let error as TemplateError {
            throw BuildFailure([Self.diagnostic(for: error, theme: theme)])
        } catch {
            throw BuildFailure([Diagnostic(path: "Templates", message: "cannot compile the templates: \(error)")])
        }

        let layouts = Set(theme.templates.keys)
        let loader = EntryLoader(
            config: config, layouts: layouts, fileSystem: fileSystem, reservedIDs: theme.elementIDs)
        let entryCacheDirectory = joinPath(cacheDirectory, "cache/entries")
        let entryKey = BuildKeys.entries(config: config, layouts: layouts, reservedIDs: theme.elementIDs)
        let cache = timer.run("load cache") {
            guard usesCache else { return EntryCache(directory: entryCacheDirectory, key: entryKey) }
            return options.memory?.entries.cache(in: entryCacheDirectory, key: entryKey, fileSystem: fileSystem)
                ?? EntryCache.load(from: entryCacheDirectory, key: entryKey, fileSystem: fileSystem)
        }
        let markdownFiles = scan.files.filter { $0.role != .asset }
        // When posts changed, the saved search index will be updated: it is
        // read on another thread while the posts are (reading it is a good
        // part of that step). Not when the preview puts the index off: its
        // first build wants both cores; nor when no cached post is usable
        // (another Despina, other reading settings): every post is then
        // analysed anew, and the index is made from those documents alone.
        let searchStateDirectory = joinPath(cacheDirectory, "cache/search")
        let postsMoved = cache.records.count != markdownFiles.count || markdownFiles.contains { file in
            guard let record = cache.records[file.relativePath], let signature = signatures[file.relativePath]
            else { return true }
            return record.size != signature.size || record.modified != signature.modified
        }
        let savedSearchState = usesCache && config.search.enabled && !options.defersSearchIndex && postsMoved
            && !cache.records.isEmpty
            ? BackgroundStep { SearchIndexState.load(from: searchStateDirectory, fileSystem: fileSystem) }
            : nil
        let bodies = Bodies(count: markdownFiles.count)
        let sources = timer.run("read front matter") {
            readSources(markdownFiles, signatures: signatures, loader: loader, cache: cache, bodies: bodies)
        }
        var errors: [Diagnostic] = []
        var entries: [Entry] = []
        report(Diagnostic.summarizingSiteWide(sources.flatMap(\.loaded.diagnostics)))
        for source in sources {
            errors += source.loaded.diagnostics.filter { $0.severity == .error }
            if let entry = source.loaded.entry { entries.append(entry) }
        }
        let now = environment.now()
        var nextDue: Date?
        var leftOut = BuildSummary.LeftOut()
        entries.removeAll { entry in
            if entry.isDraft && !options.includeDrafts {
                leftOut.drafts += 1
                return true
            }
            guard entry.kind == .post, !options.includeFuture, let date = entry.date, date > now else { return false }
            nextDue = min(nextDue ?? date, date)
            leftOut.futurePosts += 1
            return true
        }

        let assets = scan.files.filter { $0.role == .asset }
        let routing = timer.run("assign URLs") {
            options.memory?.urls.routing(for: &entries, assets: assets, config: config)
                ?? Routing(entries: &entries, assets: assets, config: config, keepingCachedURLs: true)
        }
        errors += routing.errors
        errors += IdentifierCheck.duplicates(in: entries)
        guard errors.isEmpty else { throw BuildFailure(errors) }

        let sourcePositions = Dictionary(
            sources.indices.map { (sources[$0].file.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        let output = outputFolder(for: options)
        do {
            try timer.run("prepare output") { () throws(Diagnostic) in
                try output.prepare(force: options.force, clean: options.clean)
            }
        } catch {
            throw BuildFailure([error])
        }
        let searchIndex = config.search.enabled ? SearchIndexBuilder() : nil
        // A build that puts off the search index (the preview's first, when
        // the output has an index) keeps the output's index files, and
        // saves no cache: the build after it reads the changed posts again.
        var searchIndexDeferred = false
        var fileCountOfDeferredIndex = 0
        if options.defersSearchIndex, searchIndex != nil {
            let kept = output.keepExisting(where: SiteRenderer.isSearchIndexFile)
            if kept > 0 {
                timer.report("keep search index (deferred)", seconds: 0)
                searchIndexDeferred = true
                fileCountOfDeferredIndex = kept
            }
        }
        // The cache's files are written while the posts are rendered, each
        // as soon as the posts it records are, and each takes over the HTML
        // of its posts (read back from it when a page needs it), so the
        // rendered posts of a large site are never all held at once.
        let cacheWriter = options.recordsOutput && !searchIndexDeferred
            ? EntryCacheWriter(
                cache: cache, fileSystem: fileSystem, sources: sources, sourcePositions: sourcePositions)
            : nil
        let rendered = timer.run("render markdown") {
            renderEntries(
                entries, sources: sources, positions: sourcePositions, loader: loader, routing: routing, config: config,
                key: entryKey, index: searchIndex, bodies: bodies, cacheWriter: cacheWriter)
        }
        // The preview keeps the new cache in memory for its next build,
        // gathered on another thread while the pages are made.
        let cacheRemembering = SideWork()
        if let cacheWriter {
            timer.report("save cache (while rendering)", seconds: cacheWriter.seconds)
            if let memory = options.memory?.entries {
                cacheRemembering.start {
                    memory.remember(
                        directory: cache.directory, key: cache.key, records: cacheWriter.records(rendered: rendered),
                        fileSystem: fileSystem)
                }
            }
        }
        // The Markdown texts are gone; their memory goes back to the system
        // before the pages are made.
        entries = []
        let settledSources = sources
        // Only worth it when many texts were read: a rebuild of a few posts
        // frees little, and trimming a large heap takes a few hundredths.
        if rendered.count(where: \.isNew) * 8 > rendered.count { releaseFreeMemory() }
        // The search index: kept when the same documents made it, else made
        // from the documents analysed in this build and the cached ones.
        let settled = config
        let pageKey = options.recordsOutput ? BuildKeys.pages(config: config) : 0
        let readsSearchState = usesCache
        let savesSearchState = options.recordsOutput
        /// An entry rendered from the cache, read and analysed again.
        let reanalyze = { @Sendable (entry: Entry) -> AnalyzedDocument? in
            analyzeAgain(
                entry, source: sourcePositions[entry.sourcePath].map { settledSources[$0] }, loader: loader,
                routing: routing, config: settled)
        }
        // What the build made and no longer needs: freed after the build
        // by the preview, never by a command that ends with it.
        let leftovers = options.endsProcessAfterBuild ? BuildLeftovers.atExit : options.memory?.leftovers
        var searchIndexFiles: (@Sendable () throws -> Int)?
        // The builder behind the index is saved on another thread once the
        // index files are made (at 100,000 posts, 110 MB written), alongside
        // replacing the output and linking the previous site.
        let searchStateSaving = SideWork()
        if let searchIndex, !searchIndexDeferred {
            searchIndexFiles = { @Sendable () throws -> Int in
                let indexed = rendered.filter { $0.entry.isSearchable }.map(\.entry)
                var fingerprint = Fingerprint()
                fingerprint.combine(pageKey)
                fingerprint.combine("search index")
                // In the order of the sources (sorted by path): stable from
                // build to build without sorting 10,000 identifiers here, on
                // the path a one-post edit waits for.
                for entry in indexed {
                    fingerprint.combine(entry.identifier)
                    fingerprint.combine(entry.digest)
                }
                let key = pageKey == 0 ? 0 : max(fingerprint.value, 1)
                return try SiteRenderer.writeSearchIndex(to: output, fingerprint: key) {
                    let stateDirectory = searchStateDirectory
                    // A rebuild updates the builder the last build saved,
                    // unless this build analysed every document anew: then
                    // the saved one would only be emptied and filled again,
                    // with both in memory.
                    let analysedAnew = indexed.allSatisfy { searchIndex.contains($0.identifier) }
                    // Taken from the step that read it, so that it is
                    // changed in place, not copied.
                    let saved = readsSearchState && !analysedAnew
                        ? savedSearchState.map { try? $0.take() }
                            ?? SearchIndexState.load(from: stateDirectory, fileSystem: fileSystem)
                        : nil
                    if let (loaded, savedGeneration) = saved {
                        var builder = loaded
                        var generation = savedGeneration
                        let savedTableSize = builder.tableSize
                        var changedParts = Set<Int>()
                        // Documents of another version go, and the new ones come in.
                        let missing = indexed.filter { builder.version(of: $0.identifier) != $0.digest }
                        for entry in missing where builder.contains(entry.identifier) {
                            builder.remove(entry.identifier)
                            changedParts.insert(IndexBuilder.statePart(of: entry.identifier))
                        }
                        // Then those of posts no longer indexed (deleted, drafts,
                        // `search: false`): only looked for when the count says
                        // there are some, not in every edit.
                        if builder.count != indexed.count - missing.count {
                            let wanted = Set(indexed.map(\.identifier))
                            for id in Array(builder.identifiers) where !wanted.contains(id) {
                                builder.remove(id)
                                changedParts.insert(IndexBuilder.statePart(of: id))
                            }
                        }
                        let documents = parallelMap(missing) { entry in
                            searchIndex.document(withID: entry.identifier) ?? reanalyze(entry)
                        }
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
                        let updated = builder
                        let parts = changedParts.sorted()
                        let tablesChanged = generation != savedGeneration || builder.tableSize != savedTableSize
                        searchStateSaving.start { [generation] in
                            SearchIndexState.save(
                                updated, generation: generation, parts: parts, tablesChanged: tablesChanged,
                                to: stateDirectory, fileSystem: fileSystem)
                        }
                        // Its thousands of documents are freed later, or
                        // with the process, not while the build waits.
                        leftovers?.keep(builder)
                        return files
                    }
                    // Otherwise posts rendered from the cache are analysed
                    // again (their documents were in the saved index), a batch
                    // at a time.
                    let cached = indexed.filter { !searchIndex.contains($0.identifier) }
                    var start = 0
                    while start < cached.count {
                        let batch = Array(cached[start..<min(start + 512, cached.count)])
                        let documents = parallelMap(batch, reanalyze)
                        for (entry, document) in zip(batch, documents) {
                            if let document { searchIndex.add(document, version: entry.digest) }
                        }
                        start += batch.count
                    }
                    return searchIndex.withBuilder { builder in
                        let files = SiteRenderer.searchIndexFiles(of: &builder, in: output, key: pageKey)
                        if savesSearchState {
                            let filled = builder
                            let generation = UInt64(DispatchTime.now().uptimeNanoseconds)
                            searchStateSaving.start {
                                SearchIndexState.save(
                                    filled, generation: generation, parts: 0..<IndexBuilder.stateParts,
                                    to: stateDirectory, fileSystem: fileSystem)
                            }
                        }
                        return files
                    }
                }
            }
        }
        // When most documents come from the cache (a rebuild), the index is
        // made on the side while the site model and the pages are: both are
        // short then. A full build makes it after the pages, which already
        // use every core, so its peak memory stays that of the pages.
        let freshDocuments = rendered.filter(\.isAnalyzed).count
        var alongside: BackgroundStep<Int>?
        if let searchIndexFiles, freshDocuments * 2 < rendered.count { alongside = BackgroundStep(searchIndexFiles) }
        entries = rendered.map(\.entry)
        report(rendered.flatMap(\.diagnostics))

        let model = timer.run("build site model") {
            SiteModel(
                posts: entries.filter { $0.kind == .post }, pages: entries.filter { $0.kind == .page },
                zone: config.zone, listsSections: config.conventions == .hugo)
        }

        let renderer = timer.run("summarize posts") {
            SiteRenderer(
                config: config, model: model, templates: templates, theme: theme, output: output,
                aliases: routing.aliases, key: pageKey, summaries: options.memory?.summaries)
        }
        var fileCount = fileCountOfDeferredIndex
        do {
            fileCount += try timer.run("render pages") { try renderer.writePages() }
            let copies = renderer.copies(of: scan.files.filter { $0.role == .asset })
            fileCount += try timer.run("write feeds and sitemap") {
                try renderer.writeFeedsAndSitemap(robotsFromContent: copies.contains { $0.destination == "robots.txt" })
            }
            fileCount += try timer.run("copy files") {
                try renderer.copyAssets(copies, fileSystem: fileSystem, signatures: signatures)
            }
            if let alongside {
                let (count, seconds) = try alongside.result()
                timer.report("build search index (alongside)", seconds: seconds)
                fileCount += count
            } else if let searchIndexFiles {
                fileCount += try timer.run("build search index") { try searchIndexFiles() }
            }
            // Pages and feeds read the posts' HTML back from the cache
            // files: a read that failed would have left a post without its
            // text, so such a build stops here.
            if let cacheWriter, cacheWriter.openedFiles.contains(where: \.hasFailed) {
                throw BuildFailure([Diagnostic(
                    path: entryCacheDirectory,
                    message: "cannot read back the rendered posts from the build cache; build again")])
            }
            try timer.run("replace output") { () throws(Diagnostic) in try output.commit() }
        } catch {
            // The index may still be writing into staging.
            _ = try? alongside?.result()
            _ = searchStateSaving.wait()
            _ = cacheRemembering.wait()
            output.discard()
            switch error {
            case let failure as BuildFailure: throw failure
            case let error as TemplateError: throw BuildFailure([Self.diagnostic(for: error, theme: theme)])
            case let diagnostic as Diagnostic: throw BuildFailure([diagnostic])
            default: throw BuildFailure([Diagnostic(path: outputPath, message: "cannot write the site: \(error)")])
            }
        }

        // The previous site is linked while the search state is saved:
        // the two touch different folders.
        let linking = options.recordsOutput && options.linksPreviousSite && !output.hasPreviousSite
            ? BackgroundStep { _ = try? output.mirrorIntoPrevious() }
            : nil

        if cacheWriter != nil {
            if let manifest = output.committedManifestIdentifier {
                let record = BuildRecord(
                    inputs: inputs, manifest: manifest, postCount: model.posts.count,
                    pageCount: model.pages.count, fileCount: fileCount, leftOut: leftOut, warnings: warnings,
                    nextDue: nextDue?.timeIntervalSince1970)
                try? fileSystem.write(record.encoded(), to: recordPath)
            }
        }

        // After the record: a rebuild that finds nothing changed must not say it again.
        let keptUnknown = output.keptFilesOfUnknownOrigin
        if !keptUnknown.isEmpty {
            report([Diagnostic(
                path: outputPath, severity: .warning,
                message: "kept \(keptUnknown.count) \(keptUnknown.count == 1 ? "name" : "names") this build did not make "
                    + "(\(keptUnknown.prefix(5).joined(separator: ", "))\(keptUnknown.count > 5 ? ", …" : "")): "
                    + "Despina keeps what it did not make; delete any that are pages of an earlier build")])
        }

        if let (_, seconds) = try? linking?.result() {
            timer.report("link previous site (alongside)", seconds: seconds)
        }
        _ = cacheRemembering.wait()
        if let seconds = searchStateSaving.wait() {
            timer.report("save search state (alongside)", seconds: seconds)
        }

        var summary = BuildSummary(
            postCount: model.posts.count, pageCount: model.pages.count, fileCount: fileCount,
            seconds: elapsed(), outputDirectory: outputPath, warnings: warnings)
        summary.leftOut = leftOut
        summary.unchangedFileCount = output.unchangedCount
        summary.searchIndexDeferred = searchIndexDeferred
        if let leftovers {
            leftovers.keep(BuildLeftovers.State(
                cache: cache, sources: sources, rendered: rendered, renderer: renderer, index: searchIndex,
                output: output, routing: routing, signatures: signatures, sourcePositions: sourcePositions))
        }
        return .built(Result(summary: summary, config: config, model: model))
    }

    /// A digest of every input of a build: the tool, the options, the
    /// configuration, the theme, and each content file's size and time.
    static func inputsDigest(
        options: BuildOptions, config: SiteConfig, theme: Theme, files: [SourceFile],
        signatures: [String: (size: Int, modified: Int64)]
    ) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.combine(BuildKeys.tool)
        fingerprint.combine(options.includeDrafts)
        fingerprint.combine(options.includeFuture)
        fingerprint.combine(config.fingerprint)
        for name in theme.templates.keys.sorted() {
            fingerprint.combine(name)
            fingerprint.combine(theme.templates[name])
        }
        for name in theme.assets.keys.sorted() {
            fingerprint.combine(name)
            fingerprint.combine(theme.assets[name] ?? [])
        }
        for file in files {
            fingerprint.combine(file.relativePath)
            let signature = signatures[file.relativePath]
            fingerprint.combine(signature?.size ?? -1)
            fingerprint.combine(Int(signature?.modified ?? -1))
        }
        return fingerprint.value
    }

    /// The summary of the last build when it was made from these very
    /// inputs into an output that still holds what it wrote, and no left-out
    /// future post has become due; its warnings are reported again.
    private func upToDateSummary(
        recordPath: String, inputs: UInt64, outputPath: String, reported: Int, report: ([Diagnostic]) -> Void,
        started: UInt64
    ) -> BuildSummary? {
        let fileSystem = environment.fileSystem
        guard let bytes = try? fileSystem.contents(of: recordPath), let record = BuildRecord(bytes: bytes),
              record.inputs == inputs,
              let marker = try? fileSystem.text(of: joinPath(outputPath, OutputFolder.markerName)),
              marker == OutputFolder.markerPrefix + record.manifest + "\n"
        else { return nil }
        if let due = record.nextDue, environment.now().timeIntervalSince1970 >= due { return nil }
        // The configuration's and the scan's warnings, the same as last
        // time, were reported already; the rest come from the posts.
        report(Array(record.warnings.dropFirst(reported)))
        var summary = BuildSummary(
            postCount: record.postCount, pageCount: record.pageCount, fileCount: record.fileCount,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, outputDirectory: outputPath,
            warnings: record.warnings)
        summary.unchangedFileCount = record.fileCount
        summary.leftOut = record.leftOut
        return summary
    }

    /// Refuses output folders whose replacement would delete the writer's
    /// work (the site folder, `Content/`, `Templates/`, the cache or
    /// `despina.yml`, or a folder holding one), and output folders inside
    /// `Content/`, `Templates/` or the cache, whose files the next build
    /// would read back as sources (only the preview builds into its own
    /// folder of the cache). Paths are compared once their links are
    /// resolved as far as they exist, so an output not made yet behind a
    /// link (`site/link/public`, `link` → `Content`) is known by where it
    /// would land. The cache folder must be a folder of the site's own: a
    /// link there would have the build write wherever it leads.
    private func checkOutputLocation(_ output: String, siteDirectory: String) throws(BuildFailure) {
        let fileSystem = environment.fileSystem
        let cache = joinPath(siteDirectory, ".despina")
        if let kind = fileSystem.info(at: cache)?.kind, kind != .directory {
            let what = kind == .symbolicLink
                ? "a link, to \(fileSystem.resolvingSymbolicLinks(cache) ?? "a path that does not resolve")"
                : kind.description
            throw BuildFailure([Diagnostic(
                path: ".despina",
                message: "the cache folder is \(what); Despina writes its cache only into a folder of its own "
                    + "in the site, so remove it")])
        }
        let resolvedOutput = fileSystem.resolvingSymbolicLinksOfExistingPart(output)
        let throughLink = resolvedOutput == output ? "" : " (through a link: \(resolvedOutput))"
        let site = fileSystem.resolvingSymbolicLinks(siteDirectory) ?? siteDirectory
        let preview = joinPath(site, PreviewServer.folder)
        let protected = ["Content", "Templates", ".despina", ConfigLoader.fileName].map { joinPath(site, $0) } + [site]
        for path in protected {
            let resolved = fileSystem.resolvingSymbolicLinks(path) ?? path
            if resolvedOutput == resolved || resolved.hasPrefix(resolvedOutput + "/") {
                throw BuildFailure([Diagnostic(
                    path: output,
                    message: "the output folder would replace \(path)\(throughLink); choose another --output")])
            }
            let name = lastPathComponent(path)
            guard ["Content", "Templates", ".despina"].contains(name), resolvedOutput.hasPrefix(resolved + "/"),
                  !(name == ".despina" && resolvedOutput == preview)
            else { continue }
            throw BuildFailure([Diagnostic(
                path: output,
                message: "the output folder is inside \(name)/\(throughLink); choose a folder outside it")])
        }
    }

    static func diagnostic(for error: TemplateError, theme: Theme?) -> Diagnostic {
        let path = theme?.templatePaths[error.templateName] ?? "Templates/\(error.templateName).mustache"
        return Diagnostic(path: path, line: error.line, column: error.column, message: error.message)
    }

    /// Hands memory the build freed back to the system, so that the peak
    /// of a large build is what it holds, not what it once held: glibc's
    /// `malloc_trim`, which does nothing in a process whose allocator is
    /// another one (the `despina` tool links jemalloc, which hands freed
    /// pages back by itself after a few seconds).
    private func releaseFreeMemory() {
        #if canImport(Glibc)
        // glibc's malloc_trim, looked up at run time (not in the Swift overlay).
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}

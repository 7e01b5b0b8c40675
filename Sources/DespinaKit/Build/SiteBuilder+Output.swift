import Foundation
import Mustache
import SearchIndex

/// The steps from "prepare output" to "replace output", and the record a
/// finished build leaves for the next one.
extension SiteBuilder {
    /// Step "prepare output": the previous site becomes the staging folder.
    func prepareOutput(_ build: BuildContext) throws(BuildFailure) -> OutputFolder {
        let output = outputFolder(for: build.options)
        do {
            try build.step(.prepareOutput) { () throws(Diagnostic) in
                try output.prepare(force: build.options.force, clean: build.options.clean)
            }
        } catch {
            throw BuildFailure([error])
        }
        return output
    }

    /// Whether this build puts off the search index (a preview's build
    /// whose pages are wanted first, when the output has an index): the
    /// index files are then kept as they are, beside the pages
    /// (`SearchIndexPlan.keep`). Such a build saves no cache: the build
    /// after it reads the changed posts again.
    func defersSearchIndex(_ build: BuildContext, config: SiteConfig, output: OutputFolder) -> Bool {
        build.options.defersSearchIndex && config.search.enabled && output.hadFile(at: "search/" + IndexBuilder.entryFile)
    }

    /// Step "render markdown", which saves the cache as it goes: each cache
    /// file is written as soon as the posts it records are rendered, and
    /// takes over their HTML (read back from it when a page needs it), so
    /// the rendered posts of a large site are never all held at once.
    func renderMarkdown(
        _ build: BuildContext, posts: inout Posts, config: SiteConfig, index: SearchIndexBuilder,
        cacheWriter: EntryCacheWriter?
    ) -> [RenderedState] {
        let entries = posts.entries
        // The entries go with their step: the pages are made from the rendered ones.
        posts.entries = []
        let rendered = build.step(.renderMarkdown) { [posts] in
            renderEntries(
                entries, sources: posts.sources, positions: posts.sourcePositions, loader: posts.loader,
                routing: posts.routing, config: config, key: posts.entryKey, index: config.search.enabled ? index : nil,
                bodies: posts.bodies, cacheWriter: cacheWriter)
        }
        build.report(rendered.flatMap(\.diagnostics))
        if let cacheWriter {
            build.timer.report(.saveCache, detail: "while rendering", seconds: cacheWriter.seconds)
            // The preview keeps the new cache in memory for its next build.
            if let memory = build.options.memory?.entries {
                let (cache, fileSystem) = (posts.cache, build.fileSystem)
                build.work.startSide(.saveCache) {
                    memory.remember(
                        directory: cache.directory, key: cache.key, records: cacheWriter.records(rendered: rendered),
                        fileSystem: fileSystem)
                }
            }
        }
        return rendered
    }

    /// The "build search index" step of this build, its plan chosen.
    func searchIndexStep(
        _ build: BuildContext, posts: Posts, rendered: [RenderedState], config: SiteConfig,
        index: SearchIndexBuilder, defers: Bool, output: OutputFolder, pageKey: UInt64
    ) -> SearchIndexStep {
        let indexed = rendered.filter { $0.entry.isSearchable }.map(\.entry)
        let plan = SearchIndexPlan.choose(
            searchEnabled: config.search.enabled, defers: defers, readsCache: build.usesCache,
            analysedAnew: index.notAdded(indexed).isEmpty, saved: posts.savedSearchIndex)
        let (sources, positions, loader, routing) = (posts.sources, posts.sourcePositions, posts.loader, posts.routing)
        return SearchIndexStep(
            plan: plan, index: index, indexed: indexed, output: output, pageKey: pageKey,
            stateDirectory: build.searchStateDirectory, fileSystem: build.fileSystem,
            savesState: build.options.recordsOutput,
            reanalyze: { entry in
                analyzeAgain(
                    entry, source: positions[entry.sourcePath].map { sources[$0] }, loader: loader, routing: routing,
                    config: config, index: index)
            },
            work: build.work, leftovers: leftovers(of: build.options))
    }

    /// Steps "render pages" to "replace output" (the search index beside
    /// the pages when most documents came from the cache); the number of
    /// files of the site. A failed step leaves the old output as it was.
    func writeSite(
        _ build: BuildContext, renderer: SiteRenderer, inputs: Inputs, search: SearchIndexStep,
        cacheWriter: EntryCacheWriter?, output: OutputFolder
    ) throws(BuildFailure) -> Int {
        let alongside = search.runsAfterPages ? nil : build.work.start(.buildSearchIndex) { try search.run() }
        var fileCount = 0
        do {
            let pages = try build.step(.renderPages) { try renderer.writePages() }
            fileCount += pages.count
            let copies = renderer.copies(of: inputs.assets)
            fileCount += try build.step(.writeFeedsAndSitemap) {
                try renderer.writeFeedsAndSitemap(
                    pages: pages, robotsFromContent: copies.contains { $0.destination == "robots.txt" })
            }
            fileCount += try build.step(.copyFiles) {
                try renderer.copyAssets(copies, fileSystem: build.fileSystem, signatures: inputs.signatures)
            }
            if let alongside {
                let (count, seconds) = try alongside.result()
                build.timer.report(.buildSearchIndex, detail: "alongside", seconds: seconds)
                fileCount += count
            } else {
                // The pages are written: what their summaries worked out
                // would only add to the index's memory, a first build's peak.
                try parallelForEach(renderer.contexts.summaries) { $0.forgetFields() }
                fileCount += try build.step(.buildSearchIndex) { try search.run() }
            }
            // Pages and feeds read the posts' HTML back from the cache
            // files: a read that failed would have left a post without its
            // text, so such a build stops here.
            if let cacheWriter, cacheWriter.openedFiles.contains(where: \.hasFailed) {
                throw BuildFailure([Diagnostic(
                    path: build.entryCacheDirectory,
                    message: "cannot read back the rendered posts from the build cache; build again")])
            }
            try build.step(.replaceOutput) { () throws(Diagnostic) in try output.commit() }
        } catch {
            // The index may still be writing into staging.
            build.work.finish()
            output.discard()
            switch error {
            case let failure as BuildFailure: throw failure
            case let error as TemplateError: throw BuildFailure([Self.diagnostic(for: error, theme: inputs.theme)])
            case let diagnostic as Diagnostic: throw BuildFailure([diagnostic])
            default:
                throw BuildFailure([Diagnostic(path: build.outputPath, message: "cannot write the site: \(error)")])
            }
        }
        return fileCount
    }

    /// The record the next build compares its inputs with (`BuildRecord`),
    /// written once the output is replaced: a failed build writes none.
    func recordBuild(
        _ build: BuildContext, inputs: Inputs, posts: Posts, model: SiteModel, fileCount: Int, output: OutputFolder
    ) {
        guard let manifest = output.committedManifestIdentifier else { return }
        let record = BuildRecord(
            inputs: inputs.digest, manifest: manifest, postCount: model.posts.count, pageCount: model.pages.count,
            fileCount: fileCount, leftOut: posts.leftOut, warnings: build.warnings,
            nextDue: posts.nextDue?.timeIntervalSince1970)
        try? build.fileSystem.write(record.encoded(), to: build.recordPath)
    }

    /// Warns of names in the output this build did not make and kept; after
    /// the record, so that a rebuild that finds nothing changed does not
    /// say it again.
    func reportKeptNames(_ build: BuildContext, output: OutputFolder) {
        let kept = output.keptFilesOfUnknownOrigin
        guard !kept.isEmpty else { return }
        build.report([Diagnostic(
            path: build.outputPath, severity: .warning,
            message: "kept \(kept.count) \(kept.count == 1 ? "name" : "names") this build did not make "
                + "(\(kept.prefix(5).joined(separator: ", "))\(kept.count > 5 ? ", …" : "")): "
                + "Despina keeps what it did not make; delete any that are pages of an earlier build")])
    }

    /// What the build made and no longer needs: freed after the build by
    /// the preview, never by a command that ends with it.
    func leftovers(of options: BuildOptions) -> BuildLeftovers? {
        options.endsProcessAfterBuild ? BuildLeftovers.atExit : options.memory?.leftovers
    }
}

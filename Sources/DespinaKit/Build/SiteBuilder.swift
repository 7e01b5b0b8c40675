import Foundation
import Synchronization
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
    func outputFolder(for options: BuildOptions) -> OutputFolder {
        let outputPath = options.resolvedOutputDirectory
        return OutputFolder(
            path: outputPath, fileSystem: environment.fileSystem,
            manifestDirectory: options.recordsOutput
                ? joinPath(options.siteDirectory, ".despina", "output", OutputManifest.identifier(of: Array(outputPath.utf8)))
                : nil,
            manifestMemory: options.memory?.manifests, verifiesKept: options.verifiesKeptOutput)
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

    /// The build: the named steps of `BuildStep`, in order, over one
    /// `BuildContext`. Each step is a call; what a step makes is what the
    /// steps after it are given.
    private func execute(_ options: BuildOptions, allowsShortcut: Bool) throws(BuildFailure) -> Outcome {
        let build = BuildContext(options: options, environment: environment)
        defer { build.work.finish() }
        let inputs = try readInputs(build)
        if allowsShortcut, let summary = upToDateSummary(build, inputs: inputs) { return .upToDate(summary) }
        let templates = try compileTemplates(build, theme: inputs.theme)
        var posts = try readPosts(build, inputs: inputs)
        let output = try prepareOutput(build)
        let defersIndex = defersSearchIndex(build, config: inputs.config, output: output)
        let pageKey = options.recordsOutput ? BuildKeys.pages(config: inputs.config) : 0
        let index = SearchIndexBuilder()
        if inputs.config.search.enabled && !defersIndex { index.writeTexts(to: output, key: pageKey) }
        let cacheWriter = options.recordsOutput && !defersIndex
            ? EntryCacheWriter(
                cache: posts.cache, fileSystem: build.fileSystem, sources: posts.sources,
                sourcePositions: posts.sourcePositions)
            : nil
        let rendered = renderMarkdown(build, posts: &posts, config: inputs.config, index: index, cacheWriter: cacheWriter)
        let search = searchIndexStep(
            build, posts: posts, rendered: rendered, config: inputs.config, index: index, defers: defersIndex,
            output: output, pageKey: pageKey)
        let entries = rendered.map(\.entry)
        let model = build.step(.buildSiteModel) {
            SiteModel(
                posts: entries.filter { $0.kind == .post }, pages: entries.filter { $0.kind == .page },
                zone: inputs.config.zone, listsSections: inputs.config.conventions == .hugo, memory: options.memory?.model)
        }
        let renderer = build.step(.summarizePosts) {
            SiteRenderer(
                config: inputs.config, model: model, templates: templates, theme: inputs.theme, output: output,
                aliases: posts.routing.aliases, key: pageKey)
        }
        let fileCount = try writeSite(
            build, renderer: renderer, inputs: inputs, search: search, cacheWriter: cacheWriter, output: output)
        if cacheWriter != nil {
            recordBuild(build, inputs: inputs, posts: posts, model: model, fileCount: fileCount, output: output)
        }
        reportKeptNames(build, output: output)
        build.work.finish()
        var summary = BuildSummary(
            postCount: model.posts.count, pageCount: model.pages.count, fileCount: fileCount,
            seconds: build.elapsed, outputDirectory: build.outputPath, warnings: build.warnings)
        summary.leftOut = posts.leftOut
        summary.unchangedFileCount = output.unchangedCount
        summary.searchIndexDeferred = defersIndex
        leftovers(of: options)?.keep(BuildLeftovers.State(
            cache: posts.cache, sources: posts.sources, rendered: rendered, renderer: renderer, index: index,
            output: output, routing: posts.routing, signatures: inputs.signatures,
            sourcePositions: posts.sourcePositions))
        return .built(Result(summary: summary, config: inputs.config, model: model))
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
    func checkOutputLocation(_ output: String, siteDirectory: String) throws(BuildFailure) {
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
}

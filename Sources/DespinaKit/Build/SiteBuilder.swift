import Foundation
import Markup
import Mustache

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
        try run(options).summary
    }

    /// What a build made, for commands that look at the site after it.
    struct Result: Sendable {
        var summary: BuildSummary
        var config: SiteConfig
        var model: SiteModel
    }

    /// Builds the site and returns its model along with the summary.
    func run(_ options: BuildOptions) throws(BuildFailure) -> Result {
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

        var (config, configWarnings) = try timer.run("load configuration") { () throws(BuildFailure) in
            try ConfigLoader(fileSystem: fileSystem).load(siteDirectory: options.siteDirectory)
        }
        report(configWarnings)
        if let baseURL = options.baseURL { config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }

        let outputPath = options.resolvedOutputDirectory
        try checkOutputLocation(outputPath, siteDirectory: options.siteDirectory)

        let scan = try timer.run("scan content") { () throws(BuildFailure) in
            try ContentScanner(fileSystem: fileSystem, siteDirectory: options.siteDirectory).scan()
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
        let templates: TemplateSet
        do {
            templates = try timer.run("compile templates") { try TemplateSet(sources: theme.templates) }
        } catch let error as TemplateError {
            throw BuildFailure([Self.diagnostic(for: error, theme: theme)])
        } catch {
            throw BuildFailure([Diagnostic(path: "Templates", message: "cannot compile the templates: \(error)")])
        }

        let loader = EntryLoader(
            config: config, layouts: Set(theme.templates.keys), fileSystem: fileSystem)
        let markdownFiles = scan.files.filter { $0.role != .asset }
        let loaded = timer.run("read front matter") { parallelMap(markdownFiles) { loader.load($0) } }
        var errors: [Diagnostic] = []
        var entries: [Entry] = []
        for result in loaded {
            report(result.diagnostics)
            errors += result.diagnostics.filter { $0.severity == .error }
            if let entry = result.entry { entries.append(entry) }
        }
        let now = environment.now()
        entries.removeAll { entry in
            (entry.isDraft && !options.includeDrafts)
                || (entry.kind == .post && !options.includeFuture && (entry.date.map { $0 > now } ?? false))
        }

        let routing = timer.run("assign URLs") { Routing(entries: &entries, config: config) }
        errors += routing.errors
        errors += IdentifierCheck.duplicates(in: entries)
        guard errors.isEmpty else { throw BuildFailure(errors) }

        let highlighter = SyntaxHighlighter()
        let rendered = timer.run("render markdown") {
            parallelMap(entries) { entry in
                loader.render(entry, highlighter: highlighter, links: routing)
            }
        }
        entries = rendered.map(\.entry)
        report(rendered.flatMap(\.diagnostics))

        let model = timer.run("build site model") {
            SiteModel(
                posts: entries.filter { $0.kind == .post }, pages: entries.filter { $0.kind == .page },
                zone: config.zone)
        }

        let output = OutputFolder(
            path: outputPath, fileSystem: fileSystem,
            manifestDirectory: options.recordsOutput
                ? joinPath(options.siteDirectory, ".despina/output", OutputManifest.identifier(of: Array(outputPath.utf8)))
                : nil)
        do {
            try output.prepare(force: options.force, clean: options.clean)
        } catch {
            throw BuildFailure([error])
        }
        let renderer = SiteRenderer(
            config: config, model: model, templates: templates, theme: theme, output: output,
            aliases: routing.aliases)
        var fileCount = 0
        do {
            fileCount += try timer.run("render pages") { try renderer.writePages() }
            fileCount += try timer.run("write feeds and sitemap") { try renderer.writeFeedsAndSitemap() }
            fileCount += try timer.run("copy files") {
                try renderer.copyAssets(scan.files.filter { $0.role == .asset }, fileSystem: fileSystem)
            }
            if config.search.enabled {
                fileCount += try timer.run("build search index") { try renderer.writeSearchIndex() }
            }
            try timer.run("replace output") { () throws(Diagnostic) in try output.commit() }
        } catch let failure as BuildFailure {
            output.discard()
            throw failure
        } catch let error as TemplateError {
            output.discard()
            throw BuildFailure([Self.diagnostic(for: error, theme: theme)])
        } catch let diagnostic as Diagnostic {
            output.discard()
            throw BuildFailure([diagnostic])
        } catch {
            output.discard()
            throw BuildFailure([Diagnostic(path: outputPath, message: "cannot write the site: \(error)")])
        }

        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        var summary = BuildSummary(
            postCount: model.posts.count, pageCount: model.pages.count, fileCount: fileCount,
            seconds: seconds, outputDirectory: outputPath, warnings: warnings)
        summary.unchangedFileCount = output.unchangedCount
        return Result(summary: summary, config: config, model: model)
    }

    /// Refuses output folders whose replacement would delete the writer's work.
    private func checkOutputLocation(_ output: String, siteDirectory: String) throws(BuildFailure) {
        let fileSystem = environment.fileSystem
        let resolvedOutput = fileSystem.resolvingSymbolicLinks(output) ?? output
        let site = fileSystem.resolvingSymbolicLinks(siteDirectory) ?? siteDirectory
        let protected = ["Content", "Templates", ".despina", "despina.yml"].map { joinPath(site, $0) } + [site]
        for path in protected {
            let resolved = fileSystem.resolvingSymbolicLinks(path) ?? path
            if resolvedOutput == resolved || resolved.hasPrefix(resolvedOutput + "/") {
                throw BuildFailure([Diagnostic(
                    path: output, message: "the output folder would replace \(path); choose another --output")])
            }
            if path.hasSuffix("/Content") && resolvedOutput.hasPrefix(resolved + "/") {
                throw BuildFailure([Diagnostic(
                    path: output, message: "the output folder is inside Content/; choose a folder outside it")])
            }
        }
    }

    static func diagnostic(for error: TemplateError, theme: Theme?) -> Diagnostic {
        let path = theme?.templatePaths[error.templateName] ?? "Templates/\(error.templateName).mustache"
        return Diagnostic(path: path, line: error.line, column: error.column, message: error.message)
    }
}

import Foundation
import Mustache

/// The first steps of a build: what it reads before it does any work, and
/// the check that ends a build whose inputs are those of the last one.
extension SiteBuilder {
    /// The configuration, the content files and the theme, with the digest
    /// of all of them that says whether anything changed.
    struct Inputs: Sendable {
        var config: SiteConfig
        var files: [SourceFile]
        var theme: Theme
        var signatures: [String: (size: Int, modified: Int64)]
        /// `inputsDigest` of all of the above and the options.
        var digest: UInt64

        var markdownFiles: [SourceFile] { files.filter { $0.role != .asset } }
        var assets: [SourceFile] { files.filter { $0.role == .asset } }
    }

    /// Steps "load configuration" to "check for changes".
    func readInputs(_ build: BuildContext) throws(BuildFailure) -> Inputs {
        let options = build.options
        let fileSystem = build.fileSystem
        var (config, configWarnings) = try build.step(.loadConfiguration) { () throws(BuildFailure) in
            try ConfigLoader(fileSystem: fileSystem).load(siteDirectory: options.siteDirectory)
        }
        build.report(configWarnings)
        if let baseURL = options.baseURL { config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        try checkOutputLocation(build.outputPath, siteDirectory: options.siteDirectory)

        // The preview's watcher may have said that only known files changed.
        let remembered = options.memory?.scan?.scan(of: options.siteDirectory, fileSystem: fileSystem)
        let scan = try build.step(.scanContent, detail: remembered == nil ? nil : "watched") {
            () throws(BuildFailure) -> (files: [SourceFile], warnings: [Diagnostic]) in
            if let remembered { return (remembered.files, remembered.warnings) }
            return try ContentScanner(fileSystem: fileSystem, siteDirectory: options.siteDirectory).scan()
        }
        build.report(scan.warnings)

        let theme = try loadTheme(build)
        let signatures = build.step(.checkForChanges) {
            remembered?.signatures ?? Dictionary(uniqueKeysWithValues: zip(
                scan.files.map(\.relativePath),
                parallelMap(scan.files) { Self.signature(of: $0, fileSystem: fileSystem) }))
        }
        options.memory?.scan?.remember(
            ScanMemory.Scan(files: scan.files, warnings: scan.warnings, signatures: signatures),
            of: options.siteDirectory)
        let digest = Self.inputsDigest(options: options, config: config, theme: theme, signatures: signatures)
        return Inputs(config: config, files: scan.files, theme: theme, signatures: signatures, digest: digest)
    }

    private func loadTheme(_ build: BuildContext) throws(BuildFailure) -> Theme {
        let theme: Theme
        do {
            theme = try build.step(.loadTheme) {
                try Theme.load(siteDirectory: build.options.siteDirectory, fileSystem: build.fileSystem)
            }
        } catch let diagnostic as Diagnostic {
            throw BuildFailure([diagnostic])
        } catch {
            throw BuildFailure([Diagnostic(path: "Templates", message: "cannot read the theme: \(error)")])
        }
        build.report(theme.warnings)
        return theme
    }

    /// Step "compile templates".
    func compileTemplates(_ build: BuildContext, theme: Theme) throws(BuildFailure) -> TemplateSet {
        do {
            return try build.step(.compileTemplates) { try TemplateSet(sources: theme.templates) }
        } catch let error as TemplateError {
            throw BuildFailure([Self.diagnostic(for: error, theme: theme)])
        } catch {
            throw BuildFailure([Diagnostic(path: "Templates", message: "cannot compile the templates: \(error)")])
        }
    }

    /// A digest of every input of a build: the tool, the options, the
    /// configuration, the theme, and each content file's size and time
    /// (`signatures` has one for each file the scan found).
    static func inputsDigest(
        options: BuildOptions, config: SiteConfig, theme: Theme, signatures: [String: (size: Int, modified: Int64)]
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
        // Each file digested on its own and the digests added up: the files
        // are read in the table's order, none looked up by its path.
        var files: UInt64 = 0
        for (path, signature) in signatures {
            var file = Fingerprint()
            file.combine(path)
            file.combine(signature.size)
            file.combine(Int(signature.modified))
            files &+= file.value
        }
        fingerprint.combine(files)
        return fingerprint.value
    }

    /// The summary of the last build when it was made from these very
    /// inputs into an output that still holds what it wrote, and no left-out
    /// future post has become due; its warnings are reported again.
    func upToDateSummary(_ build: BuildContext, inputs: Inputs) -> BuildSummary? {
        guard build.usesCache else { return nil }
        let fileSystem = build.fileSystem
        guard let bytes = try? fileSystem.contents(of: build.recordPath), let record = BuildRecord(bytes: bytes),
              record.inputs == inputs.digest,
              let marker = try? fileSystem.text(of: joinPath(build.outputPath, OutputFolder.markerName)),
              marker == OutputFolder.markerPrefix + record.manifest + "\n"
        else { return nil }
        if let due = record.nextDue, environment.now().timeIntervalSince1970 >= due { return nil }
        // The configuration's and the scan's warnings, the same as last
        // time, were reported already; the rest come from the posts.
        build.report(Array(record.warnings.dropFirst(build.warnings.count)))
        var summary = BuildSummary(
            postCount: record.postCount, pageCount: record.pageCount, fileCount: record.fileCount,
            seconds: build.elapsed, outputDirectory: build.outputPath, warnings: record.warnings)
        summary.unchangedFileCount = record.fileCount
        summary.leftOut = record.leftOut
        return summary
    }
}

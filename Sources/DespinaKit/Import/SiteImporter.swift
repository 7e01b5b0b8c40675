import Foundation

/// `despina import SOURCE SITE_DIR`: makes a Despina site of a Jekyll or
/// Hugo site, keeping its posts, pages, files and URLs. The old site is
/// only read; the new site's folder must be empty or missing, so nothing
/// of anyone's is overwritten. The report says what was carried over and,
/// at its file and line, each thing that was not.
public struct SiteImporter: Sendable {
    /// Files, clock and log.
    public let environment: BuildEnvironment

    /// Creates the command over `environment`.
    public init(environment: BuildEnvironment) {
        self.environment = environment
    }

    /// Imports the site in `source` into `siteDirectory`, as a site of
    /// `generator` or of the generator its files show.
    public func importSite(
        from source: String, into siteDirectory: String, as generator: ImportedGenerator? = nil
    ) throws(Diagnostic) -> ImportReport {
        let fileSystem = environment.fileSystem
        guard fileSystem.isDirectory(source) else {
            throw Diagnostic(path: source, message: "no such folder; name the folder of the Jekyll or Hugo site to import")
        }
        if fileSystem.exists(siteDirectory) {
            guard fileSystem.isDirectory(siteDirectory) else {
                throw Diagnostic(path: siteDirectory, message: "a file is here; name an empty or new folder for the site")
            }
            let entries = (try? fileSystem.entries(of: siteDirectory)) ?? []
            guard entries.isEmpty else {
                throw Diagnostic(
                    path: siteDirectory, message: "the folder is not empty; import into an empty or new folder so that nothing is overwritten")
            }
        }
        if Self.isInside(siteDirectory, source) {
            throw Diagnostic(path: siteDirectory, message: "the new site cannot be inside the site it is imported from")
        }
        let old = ImportSource(fileSystem: fileSystem, root: source)
        environment.log.progress("Reading \(source)")
        var report = ImportReport(generator: generator ?? .jekyll)
        let files = old.files(report: &report)
        guard let kind = generator ?? old.detectGenerator(files: files) else {
            throw Diagnostic(
                path: source,
                message: "neither a Jekyll site (no _config.yml or _posts/) nor a Hugo site (no hugo.toml, config.toml or content/); "
                    + "name the generator with --from jekyll or --from hugo")
        }
        report.generator = kind
        var plan = try kind == .jekyll
            ? JekyllImport.plan(old, files: files, report: report)
            : HugoImport.plan(old, files: files, report: report)
        try write(&plan, into: siteDirectory)
        return plan.report
    }

    /// Copies the plan's files and writes `despina.yml` and `.gitignore`.
    private func write(_ plan: inout ImportPlan, into siteDirectory: String) throws(Diagnostic) {
        let fileSystem = environment.fileSystem
        let total = plan.copies.count
        for (index, copy) in plan.copies.enumerated() {
            if index % 50 == 0 { environment.log.progress("Copying file \(index + 1) of \(total)") }
            let destination = joinPath(siteDirectory, copy.destination)
            do {
                var bytes = try fileSystem.contents(of: copy.source)
                if copy.marksDraft { bytes = Self.markingDraft(bytes) }
                try fileSystem.write(bytes, to: destination)
            } catch {
                throw Diagnostic(path: copy.source, message: "cannot copy the file to \(destination): \(error)")
            }
            switch copy.kind {
            case .post: plan.report.posts += 1
            case .page: plan.report.pages += 1
            case .file: plan.report.files += 1
            }
        }
        let drafts = plan.copies.filter(\.marksDraft).count
        if drafts > 0 { plan.report.carry("\(drafts) drafts, marked draft: true (build with --drafts to see them)") }
        do {
            try fileSystem.write(Array(plan.settings.yaml.utf8), to: joinPath(siteDirectory, ConfigLoader.fileName))
            try fileSystem.write(Array("Output/\n.Output.*/\n.despina/\n".utf8), to: joinPath(siteDirectory, ".gitignore"))
        } catch {
            throw Diagnostic(path: joinPath(siteDirectory, ConfigLoader.fileName), message: "cannot write the file: \(error)")
        }
    }

    /// `bytes` of a Markdown file with `draft: true` as the first line of
    /// its front matter (a front matter is added to a file without one).
    static func markingDraft(_ bytes: [UInt8]) -> [UInt8] {
        let yamlFence = Array("---".utf8), tomlFence = Array("+++".utf8)
        guard bytes.starts(with: yamlFence) || bytes.starts(with: tomlFence),
              let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            return Array("---\ndraft: true\n---\n".utf8) + bytes
        }
        let line = Array((bytes.starts(with: yamlFence) ? "draft: true\n" : "draft = true\n").utf8)
        return Array(bytes[...newline]) + line + Array(bytes[(newline + 1)...])
    }

    /// Whether `path` is `folder` or inside it.
    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}

import Foundation

/// `despina copy-theme`: writes the built-in theme's templates and assets
/// into a site's `Templates/`, where the writer edits them. The site's
/// files win over the built-in ones file by file, so a copied file the
/// writer leaves unchanged can also be deleted again.
public struct ThemeCopy: Sendable {
    /// Files, clock and log.
    public let environment: BuildEnvironment

    /// Creates the command over `environment`.
    public init(environment: BuildEnvironment) {
        self.environment = environment
    }

    /// What a copy did, each file as a path relative to the site
    /// (`Templates/layout.mustache`), sorted.
    public struct Outcome: Sendable, Equatable {
        /// The files written.
        public var written: [String] = []
        /// The files left alone because the site has its own (the same
        /// path, or the same template under the other extension, as
        /// `post.html` for `post.mustache`).
        public var skipped: [String] = []
    }

    /// Copies every file of the built-in theme into `Templates/` of the
    /// site in `siteDirectory`. Never overwrites a file: one the site has
    /// already is skipped and listed in the outcome.
    public func copy(intoSite siteDirectory: String) throws(Diagnostic) -> Outcome {
        let fileSystem = environment.fileSystem
        guard fileSystem.exists(joinPath(siteDirectory, ConfigLoader.fileName))
                || fileSystem.isDirectory(joinPath(siteDirectory, "Content"))
        else {
            throw Diagnostic(
                path: siteDirectory,
                message: "no site here (no \(ConfigLoader.fileName) and no Content folder); make one with despina init")
        }
        let folder = joinPath(siteDirectory, "Templates")
        var outcome = Outcome()
        for file in Theme.builtinFiles {
            let relative = "Templates/" + file.path
            if hasOwnFile(for: file.path, in: folder) {
                outcome.skipped.append(relative)
                continue
            }
            do {
                try fileSystem.write(file.bytes, to: joinPath(folder, file.path))
            } catch {
                throw Diagnostic(path: relative, message: "cannot write the file: \(error)")
            }
            outcome.written.append(relative)
        }
        return outcome
    }

    /// Whether the site's `Templates/` has `path` already, or, for a
    /// template, the same template under another extension (both would
    /// be the same template, which a build refuses).
    private func hasOwnFile(for path: String, in folder: String) -> Bool {
        let fileSystem = environment.fileSystem
        if fileSystem.exists(joinPath(folder, path)) { return true }
        guard !path.contains("/"), let name = Theme.templateName(path) else { return false }
        return Theme.templateExtensions.contains { fileSystem.exists(joinPath(folder, name + $0)) }
    }
}

/// A file found under `Content/`.
struct SourceFile: Sendable, Equatable {
    enum Role: Sendable, Equatable {
        /// `Content/posts/x.md` and other section folders.
        case post(section: String)
        /// `Content/about.md`.
        case page
        /// Anything that is not Markdown: copied as is.
        case asset
    }

    /// Relative to the site folder: `Content/posts/x.md`.
    var relativePath: String
    /// Relative to `Content/`: `posts/x.md`.
    var contentPath: String
    var absolutePath: String
    var role: Role
}

/// Lists the files of `Content/`, sorted, classified as posts, pages and
/// assets. Hidden files are skipped; links to folders are not followed
/// (a warning says so), which also keeps link loops out.
struct ContentScanner: Sendable {
    let fileSystem: any FileSystem
    let siteDirectory: String

    func scan() throws(BuildFailure) -> (files: [SourceFile], warnings: [Diagnostic]) {
        let root = joinPath(siteDirectory, "Content")
        guard fileSystem.isDirectory(root) else {
            throw BuildFailure([Diagnostic(
                path: "Content", message: "no Content folder in \(siteDirectory); a site needs Content/ with its posts")])
        }
        var files: [SourceFile] = []
        var warnings: [Diagnostic] = []
        var pending: [String] = [""]
        while let folder = pending.popLast() {
            let entries: [DirectoryEntry]
            do {
                entries = try fileSystem.entries(of: joinPath(root, folder))
            } catch {
                warnings.append(.warning("cannot read this folder: \(error)", path: joinPath("Content", folder)))
                continue
            }
            for entry in entries {
                let contentPath = folder.isEmpty ? entry.name : folder + "/" + entry.name
                let relativePath = "Content/" + contentPath
                if entry.name.hasPrefix(".") {
                    // A hidden Markdown file is easy to miss; other hidden files (.DS_Store, .git) are noise.
                    if entry.kind == .file && (entry.name.hasSuffix(".md") || entry.name.hasSuffix(".markdown")) {
                        warnings.append(.warning(
                            "hidden file (its name starts with '.'); skipped, remove the '.' to publish it",
                            path: relativePath))
                    }
                    continue
                }
                switch entry.kind {
                case .directory:
                    pending.append(contentPath)
                case .symbolicLink:
                    let target = fileSystem.resolvingSymbolicLinks(joinPath(root, contentPath))
                    if let target, fileSystem.info(at: target)?.kind == .file {
                        files.append(classify(contentPath, relativePath: relativePath))
                    } else if target == nil {
                        warnings.append(.warning(
                            "this link cannot be resolved (it points nowhere or loops); skipped", path: relativePath))
                    } else {
                        warnings.append(.warning("links to folders are not followed; skipped", path: relativePath))
                    }
                case .file:
                    files.append(classify(contentPath, relativePath: relativePath))
                case .other:
                    warnings.append(.warning("not a regular file; skipped", path: relativePath))
                }
            }
        }
        files.sort { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
        return (files, warnings)
    }

    private func classify(_ contentPath: String, relativePath: String) -> SourceFile {
        let absolutePath = joinPath(siteDirectory, relativePath)
        let isMarkdown = contentPath.hasSuffix(".md") || contentPath.hasSuffix(".markdown")
        let components = contentPath.split(separator: "/")
        let role: SourceFile.Role
        if !isMarkdown {
            role = .asset
        } else if components.count == 1 {
            role = .page
        } else {
            role = .post(section: String(components[0]))
        }
        return SourceFile(relativePath: relativePath, contentPath: contentPath, absolutePath: absolutePath, role: role)
    }
}

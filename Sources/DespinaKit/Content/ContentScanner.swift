import Bytes
import Foundation

/// Whether `path` names a Markdown file: `.md` or `.markdown`.
func isMarkdownPath(_ path: String) -> Bool {
    hasEnding(path, ".md") || hasEnding(path, ".markdown")
}

/// Whether `path` ends with `ending`, compared as bytes: for ASCII endings
/// the answer is the characters' own, without comparing characters.
private func hasEnding(_ path: String, _ ending: StaticString) -> Bool {
    let count = ending.utf8CodeUnitCount
    return path.utf8.withContiguousStorageIfAvailable { bytes in
        guard bytes.count >= count, let base = bytes.baseAddress else { return count == 0 }
        return memcmp(base + bytes.count - count, ending.utf8Start, count) == 0
    } ?? path.hasSuffix(ending.description)
}

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

    /// Where a file stands in a page bundle: a folder with an `index.md`
    /// (or `index.markdown`), Hugo's way of keeping a post with its images.
    struct PageBundle: Sendable, Equatable {
        /// The bundle's page, relative to the site folder: `Content/posts/trip/index.md`.
        var indexFile: String
        /// The bundle's folder, relative to `Content/`: `posts/trip`.
        var folder: String
        /// The file's path inside the folder: `images/map.png`, or
        /// `index.md` for the page itself.
        var pathInFolder: String
    }

    /// Relative to the site folder: `Content/posts/x.md`.
    var relativePath: String
    /// Relative to `Content/`: `posts/x.md`.
    var contentPath: String
    var absolutePath: String
    var role: Role
    /// The page bundle of the file: set for a bundle's page and for the
    /// files that are not Markdown in its folder and subfolders.
    var bundle: PageBundle? = nil
    /// Hugo's sections of the file (`:sections`): its first folder, and
    /// each folder below that has a list page (`_index.md`), down to the
    /// first that has none.
    var sections = ""

    /// The folders between `Content/` and the file (`blog/2023`), a
    /// bundle's own folder left out.
    var folders: String {
        if let bundle, bundle.indexFile == relativePath { return parentPath(bundle.folder) }
        return parentPath(contentPath)
    }
}

/// Lists the files of `Content/`, sorted, classified as posts, pages and
/// assets. Hidden files are skipped; links to folders are not followed
/// (a warning says so), which also keeps link loops out; a link to a file
/// is read only when it stays inside the site (`SiteLinkCheck`). A name
/// that is not valid UTF-8 is an error naming its bytes: no path made of
/// text can open it, and leaving the file out would change the site
/// without the writer noticing.
///
/// A folder below `Content/` with an `index.md` (or `index.markdown`) is a
/// page bundle, as Hugo makes them: the index is the page, named after the
/// folder (a post in the folder's section, or a standalone page for a
/// folder directly in `Content/`), and the files that are not Markdown in
/// the folder and its subfolders belong to it, to be published beside the
/// page. A Hugo list page (`_index.md`) in a folder is a page whose text
/// heads that folder's list of posts (the section page); the home page's
/// (`Content/_index.md`) is skipped with a warning, since Despina makes
/// its own home page.
struct ContentScanner: Sendable {
    let fileSystem: any FileSystem
    let siteDirectory: String

    func scan() throws(BuildFailure) -> (files: [SourceFile], warnings: [Diagnostic]) {
        let root = joinPath(siteDirectory, "Content")
        // Content/ may be a link to the folder (kept with another generator's site).
        let isFolder = fileSystem.isDirectory(root)
            || (fileSystem.info(at: root)?.kind == .symbolicLink
                && fileSystem.resolvingSymbolicLinks(root).map(fileSystem.isDirectory) == true)
        guard isFolder else {
            throw BuildFailure([Diagnostic(
                path: "Content", message: "no Content folder in \(siteDirectory); a site needs Content/ with its posts")])
        }
        var files: [SourceFile] = []
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        let links = SiteLinkCheck(siteDirectory: siteDirectory, fileSystem: fileSystem)
        var listPageFolders: Set<String> = []
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
                if entry.name.utf8.first == UInt8(ascii: ".") {
                    // A hidden Markdown file is easy to miss; other hidden files (.DS_Store, .git) are noise.
                    if entry.kind == .file && isMarkdownPath(entry.name) {
                        warnings.append(.warning(
                            "hidden file (its name starts with '.'); skipped, remove the '.' to publish it",
                            path: relativePath))
                    }
                    continue
                }
                if let bytes = entry.undecodableName {
                    errors.append(UndecodableFileName(bytes, in: folder, isFolder: entry.kind == .directory)
                        .diagnostic(under: "Content"))
                    continue
                }
                switch entry.kind {
                case .directory:
                    pending.append(contentPath)
                case .symbolicLink:
                    switch links.check(link: joinPath(root, contentPath), shownAs: relativePath) {
                    case .file: files.append(classify(contentPath, relativePath: relativePath))
                    case .skipped(let warning): warnings.append(warning)
                    }
                case .file where Self.isListPage(entry.name) && folder.isEmpty:
                    warnings.append(.warning(
                        "Hugo's home list page \(entry.name) is skipped: Despina makes the home page itself "
                            + "(move its text into a page such as about.md to publish it)",
                        path: relativePath))
                case .file where Self.isListPage(entry.name):
                    // A section's list page: its text heads the list of the folder's posts.
                    listPageFolders.insert(folder)
                    var file = classify(contentPath, relativePath: relativePath)
                    file.role = .page
                    files.append(file)
                case .file:
                    files.append(classify(contentPath, relativePath: relativePath))
                case .special(let kind):
                    warnings.append(.warning("this is \(kind.description), not a regular file; skipped", path: relativePath))
                }
            }
        }
        guard errors.isEmpty else { throw BuildFailure(errors.sorted { precedesByBytes($0.path, $1.path) }) }
        files = byteOrder(of: files.map(\.relativePath)).map { files[$0] }
        return (Self.assigningSections(Self.assigningBundles(files), listPageFolders: listPageFolders), warnings)
    }

    /// `_index.md`, a Hugo section's or home page's list page.
    static func isListPage(_ name: String) -> Bool {
        name == "_index.md" || name == "_index.markdown"
    }

    /// Whether `contentPath` is the index of a page bundle: `index.md` or
    /// `index.markdown` in a folder below `Content/`.
    private static func isBundleIndex(_ contentPath: String) -> Bool {
        hasEnding(contentPath, "/index.md") || hasEnding(contentPath, "/index.markdown")
    }

    /// Sets Hugo's sections of each Markdown file: the first folder, then
    /// each folder below it while that folder has a list page.
    private static func assigningSections(_ files: [SourceFile], listPageFolders: Set<String>) -> [SourceFile] {
        var files = files
        for index in files.indices where files[index].role != .asset {
            let folders = files[index].folders
            // Most files lie one folder deep: that folder is their section.
            guard folders.utf8.contains(UInt8(ascii: "/")) else {
                files[index].sections = folders
                continue
            }
            let names = folders.split(separator: "/")
            var sections = names.first.map(String.init) ?? ""
            for folder in names.dropFirst() {
                let candidate = sections + "/" + folder
                guard listPageFolders.contains(candidate) else { break }
                sections = candidate
            }
            files[index].sections = sections
        }
        return files
    }

    /// Marks the pages of bundles and the files that belong to them. A
    /// file belongs to the nearest folder above it that is a bundle; a
    /// folder with both `index.md` and `index.markdown` is `index.md`'s.
    private static func assigningBundles(_ files: [SourceFile]) -> [SourceFile] {
        var indexes: [String: String] = [:]
        for file in files where file.role != .asset && isBundleIndex(file.contentPath) {
            let folder = parentPath(file.contentPath)
            if indexes[folder] == nil || hasEnding(file.contentPath, ".md") { indexes[folder] = file.relativePath }
        }
        guard !indexes.isEmpty else { return files }
        return files.map { file in
            var file = file
            var folder = parentPath(file.contentPath)
            if file.role != .asset {
                guard let index = indexes[folder], index == file.relativePath else { return file }
                file.bundle = SourceFile.PageBundle(
                    indexFile: index, folder: folder, pathInFolder: lastPathComponent(file.contentPath))
                if !folder.contains("/") { file.role = .page }
                return file
            }
            while !folder.isEmpty {
                if let index = indexes[folder] {
                    file.bundle = SourceFile.PageBundle(
                        indexFile: index, folder: folder, pathInFolder: String(file.contentPath.dropFirst(folder.count + 1)))
                    return file
                }
                folder = parentPath(folder)
            }
            return file
        }
    }

    private func classify(_ contentPath: String, relativePath: String) -> SourceFile {
        let absolutePath = joinPath(siteDirectory, relativePath)
        let role: SourceFile.Role
        if !isMarkdownPath(contentPath) {
            role = .asset
        } else if let slash = contentPath.utf8.firstIndex(of: UInt8(ascii: "/")) {
            // (Paths come from listings: no empty components.)
            role = .post(section: String(contentPath[..<slash]))
        } else {
            role = .page
        }
        return SourceFile(relativePath: relativePath, contentPath: contentPath, absolutePath: absolutePath, role: role)
    }
}

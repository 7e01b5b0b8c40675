/// Decides whether a symbolic link found in the site may be read: only
/// when it leads to a regular file inside the site folder (or inside
/// `Content/` where that folder is itself a link to another place), and
/// not to a hidden one. Anything else is skipped with a warning at the
/// link that names where it leads. A build that publishes whatever a link
/// points to publishes `/etc/passwd`, or the build's own environment
/// (`/proc/self/environ`, with a CI token in it), for anyone who can add
/// a link to the site's repository; a link to `.env` beside `Content/`
/// would do the same with the site's own secrets.
///
/// A link is followed once, to its final target (the system resolves a
/// chain of links and gives up on a loop); links to folders are never
/// followed, so no walk of a folder can loop.
struct SiteLinkCheck: Sendable {
    /// What to do with one link.
    enum Verdict: Sendable, Equatable {
        /// Read the file the link leads to, at this resolved path.
        case file(String)
        /// Leave the link out, with this warning.
        case skipped(Diagnostic)
    }

    let fileSystem: any FileSystem
    /// The resolved site folder, and the resolved `Content/` and
    /// `Templates/` when they are links to folders elsewhere.
    let allowedFolders: [String]

    /// The check for links in the site at `siteDirectory`.
    init(siteDirectory: String, fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
        var folders: [String] = []
        for path in [siteDirectory, joinPath(siteDirectory, "Content"), joinPath(siteDirectory, "Templates")] {
            if let resolved = fileSystem.resolvingSymbolicLinks(path), !folders.contains(resolved) {
                folders.append(resolved)
            }
        }
        allowedFolders = folders
    }

    /// The verdict on the link at `absolutePath`, which messages call
    /// `relativePath` (`Content/posts/x.md`).
    func check(link absolutePath: String, shownAs relativePath: String) -> Verdict {
        guard let target = fileSystem.resolvingSymbolicLinks(absolutePath), let kind = fileSystem.info(at: target)?.kind
        else {
            return .skipped(.warning(
                "this link cannot be resolved (it points nowhere or loops); skipped", path: relativePath))
        }
        let kindText = kind == .file ? "" : " (\(kind.description))"
        guard let inside = pathInsideAllowedFolder(target) else {
            return .skipped(.warning(
                "this link points outside the site folder, to \(target)\(kindText); skipped "
                    + "(copy the file into the site to publish it)",
                path: relativePath))
        }
        if inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            return .skipped(.warning(
                "this link points to \(target), a hidden file or folder; skipped (hidden files are never published)",
                path: relativePath))
        }
        switch kind {
        case .file:
            return .file(target)
        case .directory:
            return .skipped(.warning("links to folders are not followed; skipped", path: relativePath))
        case .symbolicLink, .special:
            return .skipped(.warning(
                "this link points to \(kind.description), \(target), not a regular file; skipped", path: relativePath))
        }
    }

    /// Where the link at `absolutePath` leads when that is outside the
    /// site; nil when it stays inside or leads nowhere.
    func targetOutsideSite(ofLink absolutePath: String) -> String? {
        guard let target = fileSystem.resolvingSymbolicLinks(absolutePath), pathInsideAllowedFolder(target) == nil
        else { return nil }
        return target
    }

    /// The part of `resolved` below the allowed folder holding it, or nil
    /// when no allowed folder holds it.
    private func pathInsideAllowedFolder(_ resolved: String) -> String? {
        for folder in allowedFolders {
            if resolved == folder { return "" }
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if resolved.hasPrefix(prefix) { return String(resolved.dropFirst(prefix.count)) }
        }
        return nil
    }
}

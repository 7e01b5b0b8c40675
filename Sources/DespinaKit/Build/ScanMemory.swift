import Synchronization

/// The content scan of a process's last build, with each file's size and
/// modification time, for the preview, whose watcher says which paths
/// changed since: when every change is an edit of a regular file the scan
/// listed (saved in place or replaced under the same name) or is outside
/// `Content/`, the next build takes the scan from here and looks again at
/// those files only. Anything else (a file added or removed, a folder, a
/// link, a lost event) makes the next build scan `Content/` again.
final class ScanMemory: Sendable {
    typealias Signature = (size: Int, modified: Int64)

    struct Scan: Sendable {
        var files: [SourceFile]
        var warnings: [Diagnostic]
        var signatures: [String: Signature]
    }

    private struct State {
        var siteDirectory = ""
        var scan: Scan?
        /// Absolute paths changed since the scan; nil: unknown, scan again.
        var changes: Set<String>? = nil
    }

    private let state = Mutex(State())

    /// Notes paths the watcher reported (absolute).
    func noteChanges(_ paths: [String]) {
        state.withLock { state in
            state.changes?.formUnion(paths)
        }
    }

    /// The remembered scan of `siteDirectory` brought up to date with the
    /// changes noted since, or nil when `Content/` must be scanned again.
    /// Either way the noted changes are consumed.
    func scan(of siteDirectory: String, fileSystem: any FileSystem) -> Scan? {
        // Taken out, so that updating its signatures copies nothing: with
        // the changes consumed, it is of no use here until remembered again.
        let (remembered, changes) = state.withLock { state in
            defer { (state.changes, state.scan) = (nil, nil) }
            return (state.siteDirectory == siteDirectory ? state.scan : nil, state.changes)
        }
        guard var scan = remembered, let changes else { return nil }
        let site = siteDirectory.hasSuffix("/") ? siteDirectory : siteDirectory + "/"
        // Templates and the configuration are read by every build anyway.
        let edited = changes.filter { !$0.hasPrefix(site + "Templates/") && $0 != site + ConfigLoader.fileName }
        // One pass over the files, however many changed; a few changed paths
        // are compared one by one (hashing every file's path costs more). A
        // link may now lead somewhere else: only a new scan checks it again.
        let changedFiles = edited.isEmpty ? [] : scan.files.filter { file in
            edited.count < 8 ? edited.contains { $0 == file.absolutePath } : edited.contains(file.absolutePath)
        }
        guard changedFiles.count == edited.count,
              changedFiles.allSatisfy({ fileSystem.info(at: $0.absolutePath)?.kind == .file })
        else { return nil }
        for file in changedFiles {
            scan.signatures[file.relativePath] = SiteBuilder.signature(of: file, fileSystem: fileSystem)
        }
        return scan
    }

    /// Remembers the scan a build just made or reused; changes noted from
    /// now on are relative to it.
    func remember(_ scan: Scan, of siteDirectory: String) {
        state.withLock { state in
            state.siteDirectory = siteDirectory
            state.scan = scan
            state.changes = []
        }
    }
}

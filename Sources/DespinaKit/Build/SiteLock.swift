import Foundation

/// One build of a site at a time: a build, a `serve` rebuilding, and a
/// build started beside them share the site's cache folder and may share
/// an output, and two writing them at once leave a site that is neither
/// build's. A build waits for the one before it, and says so.
enum SiteLock {
    /// The lock file, in the site's cache folder.
    static func path(of siteDirectory: String) -> String {
        joinPath(siteDirectory, ".despina", "build.lock")
    }

    /// Takes the site's build lock, waiting (after saying who holds it)
    /// while another build has it. Nil when the cache folder cannot be
    /// made (a read-only site): such a build writes no cache either.
    static func hold(for options: BuildOptions, environment: BuildEnvironment) -> FileLock? {
        let fileSystem = environment.fileSystem
        // A cache folder that is a link is refused by the build; nothing,
        // not even the lock, is written through it first.
        guard options.recordsOutput, !isLink(cacheOf: options.siteDirectory, fileSystem: fileSystem) else { return nil }
        let path = path(of: options.siteDirectory)
        do {
            if let lock = try fileSystem.lock(at: path, waiting: false) { return lock }
            environment.log.info("Waiting for \(holder(of: path, fileSystem: fileSystem)) to finish…")
            return try fileSystem.lock(at: path, waiting: true)
        } catch {
            environment.log.verbose("no build lock: \(error)")
            return nil
        }
    }

    /// Whether the site's cache folder is a link (or something else that is not a folder).
    static func isLink(cacheOf siteDirectory: String, fileSystem: any FileSystem) -> Bool {
        guard let info = fileSystem.info(at: joinPath(siteDirectory, ".despina")) else { return false }
        return info.kind != .directory
    }

    /// Who holds the lock at `path`, in words: the holder writes its process number there.
    static func holder(of path: String, fileSystem: any FileSystem) -> String {
        let text = (try? fileSystem.text(of: path))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty || !text.allSatisfy(\.isNumber)
            ? "another build of this site" : "another build of this site (process \(text))"
    }
}

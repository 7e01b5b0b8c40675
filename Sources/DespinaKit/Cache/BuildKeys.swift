import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Digests of what shapes a whole build: cached posts and kept output
/// files are reused only under the same keys.
enum BuildKeys {
    /// The running Despina binary: its size and modification time (a new
    /// build of Despina renders differently, so nothing made by another
    /// binary is reused). Read once per process.
    static let tool: UInt64 = {
        var fingerprint = Fingerprint()
        fingerprint.combine("despina build cache 1")
        #if canImport(Glibc)
        var info = stat()
        if stat("/proc/self/exe", &info) == 0 {
            fingerprint.combine(Int(info.st_size))
            fingerprint.combine(Int(info.st_mtim.tv_sec))
            fingerprint.combine(Int(info.st_mtim.tv_nsec))
            fingerprint.combine(Int(info.st_ino))
        }
        #endif
        return fingerprint.value
    }()

    /// The key of the parsed-post cache: the tool, the settings that change
    /// how a file is read and rendered, the layouts a post may name and the
    /// element ids of the theme that heading ids avoid.
    /// Settings that only list posts or name the site (title, page size)
    /// are left out, so changing them keeps the cache. The permalink
    /// pattern is in: a cached post keeps the URL it was given (see
    /// `Routing`), and a new pattern moves nearly every post anyway.
    static func entries(config: SiteConfig, layouts: Set<String>, reservedIDs: Set<String>) -> UInt64 {
        var reading = config
        reading.baseURL = config.rootPath
        reading.title = ""
        reading.description = ""
        reading.author = ""
        reading.postsPerPage = 0
        reading.feedLimit = 0
        var fingerprint = Fingerprint()
        fingerprint.combine(tool)
        fingerprint.combine(String(describing: reading))
        for layout in layouts.sorted() { fingerprint.combine(layout) }
        fingerprint.combine("ids")
        for id in reservedIDs.sorted() { fingerprint.combine(id) }
        return fingerprint.value
    }

    /// The key of every output file: the tool and the whole configuration
    /// (after the options that change it, such as `--base-url`).
    static func pages(config: SiteConfig) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.combine(tool)
        fingerprint.combine(String(describing: config))
        return fingerprint.value
    }
}

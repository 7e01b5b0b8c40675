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
        fingerprint.combine("despina build cache 3")
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
        fingerprint.combine(reading.fingerprint)
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
        fingerprint.combine(config.fingerprint)
        return fingerprint.value
    }
}

extension SiteConfig {
    /// A digest of every setting, the same in every process: the settings
    /// encoded field by field, keys sorted. A description of the value
    /// would do only until a setting holds a dictionary, whose order
    /// changes from one process to the next; encoding needs no list of
    /// fields kept beside the type, so a new setting is in the key at once.
    var fingerprint: UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.combine(Self.encoded(self))
        return fingerprint.value
    }

    /// The settings as sorted JSON; empty only if a setting could not be
    /// encoded, which no setting's type allows.
    static func encoded(_ config: SiteConfig) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(config)).map(Array.init) ?? []
    }
}


import Synchronization

/// The URLs of a process's last build (the preview's rebuilds): assigning
/// every URL again is skipped while no entry's URL inputs changed (source
/// path, kind, the URL its pattern gave, aliases, the files copied from
/// `Content/`, and the site's root and conventions), which a one-post edit
/// of text leaves alone.
final class RoutingMemory: Sendable {
    private struct Known {
        var key: UInt64
        var routing: Routing
        /// Each entry's URL, in the order of the entries.
        var paths: [String]
    }

    private let known = Mutex<Known?>(nil)

    init() {}

    /// The routing of `entries`, remembered or made; sets each entry's URL.
    func routing(for entries: inout [Entry], assets: [SourceFile], config: SiteConfig) -> Routing {
        let key = Self.inputsKey(of: entries, assets: assets, config: config)
        if let known = known.withLock({ $0 }), known.key == key, known.paths.count == entries.count {
            for index in entries.indices where entries[index].path != known.paths[index] {
                entries[index].path = known.paths[index]
            }
            return known.routing
        }
        let routing = Routing(entries: &entries, assets: assets, config: config, keepingCachedURLs: true)
        // A routing with errors stops the build; only a good one is kept.
        let kept = routing.errors.isEmpty ? Known(key: key, routing: routing, paths: entries.map(\.path)) : nil
        known.withLock { $0 = kept }
        return routing
    }

    /// A digest of everything `Routing` reads.
    static func inputsKey(of entries: [Entry], assets: [SourceFile], config: SiteConfig) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.combine(config.rootPath)
        fingerprint.combine(config.conventions.rawValue)
        fingerprint.combine(config.redirects.count)
        for redirect in config.redirects {
            fingerprint.combine(redirect.from)
            fingerprint.combine(redirect.to)
        }
        fingerprint.combine(entries.count)
        for entry in entries {
            fingerprint.combine(entry.sourcePath)
            fingerprint.combine(entry.kind == .page)
            fingerprint.combine(entry.requestedPath)
            fingerprint.combine(entry.explicitPermalink?.path)
            fingerprint.combine(entry.aliases.count)
            for alias in entry.aliases { fingerprint.combine(alias.path) }
        }
        fingerprint.combine(assets.count)
        for file in assets { fingerprint.combine(file.relativePath) }
        return fingerprint.value
    }
}

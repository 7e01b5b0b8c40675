import Synchronization

/// The routes of a process's last build (the preview's rebuilds): routing
/// is skipped while the routing inputs equal the last build's, which a
/// one-post edit of text leaves alone.
final class RoutingMemory: Sendable {
    private struct Known {
        var inputs: RoutingInputs
        var routing: Routing
    }

    private let known = Mutex<Known?>(nil)

    /// The routing of `entries`, remembered or made; sets each entry's URL.
    func routing(for entries: inout [Entry], assets: [SourceFile], config: SiteConfig) -> Routing {
        let inputs = RoutingInputs(entries: entries, assets: assets, config: config)
        let routing = known.withLock { $0?.inputs == inputs ? $0?.routing : nil } ?? Routing(inputs, keeping: entries.map(\.path))
        routing.assignPaths(to: &entries)
        // A routing with errors stops the build; only a good one is kept.
        known.withLock { $0 = routing.errors.isEmpty ? Known(inputs: inputs, routing: routing) : nil }
        return routing
    }
}

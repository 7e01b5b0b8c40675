import Synchronization

/// The data a build leaves behind (parsed posts, renderings, the model),
/// held so that freeing it, object by object, happens at a better time:
/// never, in a process that ends right after its build (`atExit`); after
/// the pages are shown, in the preview.
final class BuildLeftovers: Sendable {
    /// What a build keeps until its end: the parsed posts and renderings,
    /// the renderer with its summaries, the search index builders, the
    /// output's manifests and the tables keyed by path.
    struct State: Sendable {
        var cache: EntryCache
        var sources: [SiteBuilder.SourceState]
        var rendered: [SiteBuilder.RenderedState]
        var renderer: SiteRenderer
        var index: SearchIndexBuilder?
        var output: OutputFolder
        var routing: Routing
        var signatures: [String: (size: Int, modified: Int64)]
        var sourcePositions: [String: Int]
    }

    private let kept = Mutex<[any Sendable]>([])

    /// Leftovers reclaimed with the process.
    static let atExit = BuildLeftovers()

    /// Keeps a build's `State`, or anything else it made and no longer
    /// needs (the saved search index builder, kept by the step that
    /// updated it).
    func keep(_ value: any Sendable) {
        kept.withLock { $0.append(value) }
    }

    /// Frees what was kept, on the calling thread (while no build runs).
    func release() {
        kept.withLock { $0.removeAll() }
    }
}

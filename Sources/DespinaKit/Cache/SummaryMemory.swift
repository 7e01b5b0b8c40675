import Mustache
import Synchronization

/// Post summaries, kept in memory between the builds of one process (the
/// preview's rebuilds) with the fields they have worked out: every list,
/// tag and archive page shows summaries, and a one-post edit changes one.
/// A summary is reused while the post's digest (its source, URL and links)
/// and the pages' key (tool, configuration) are those it was made from.
final class SummaryMemory: Sendable {
    private let summaries = Mutex<[String: (key: UInt64, value: PostSummary)]>([:])

    init() {}

    /// The remembered summary of the post `identifier` made under `key`.
    func summary(of identifier: String, key: UInt64) -> PostSummary? {
        summaries.withLock { remembered in
            guard let entry = remembered[identifier], entry.key == key else { return nil }
            return entry.value
        }
    }

    /// How many summaries are remembered.
    var count: Int { summaries.withLock { $0.count } }

    /// Remembers these summaries in place of all others.
    func replace(with current: [String: (key: UInt64, value: PostSummary)]) {
        summaries.withLock { $0 = current }
    }
}

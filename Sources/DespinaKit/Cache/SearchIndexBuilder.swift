import SearchIndex
import Synchronization

/// The search index of a build while it is being filled: documents are
/// added from all cores as posts are analysed, and kept compact.
final class SearchIndexBuilder: Sendable {
    private let builder = Mutex(IndexBuilder())

    init() {}

    /// Adds an analysed document made from an entry with digest `version`.
    func add(_ document: AnalyzedDocument, version: UInt64) {
        builder.withLock { $0.add(document, version: version) }
    }

    /// Runs `body` on the builder itself.
    func withBuilder<Result>(_ body: (inout IndexBuilder) -> Result) -> Result {
        builder.withLock { body(&$0) }
    }

    /// How many documents were added.
    var count: Int {
        builder.withLock { $0.count }
    }

    /// Whether a document with `id` was added.
    func contains(_ id: String) -> Bool {
        builder.withLock { $0.contains(id) }
    }

    /// The document added with `id`.
    func document(withID id: String) -> AnalyzedDocument? {
        builder.withLock { $0.document(withID: id) }
    }
}

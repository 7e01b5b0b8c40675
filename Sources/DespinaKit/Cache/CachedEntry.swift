import Markup
import SearchIndex
import Synchronization

/// What the build cache keeps of one Markdown file: enough to publish it
/// again without reading, parsing or rendering it while neither the file
/// nor anything its rendering looked up has changed.
struct CachedEntry: Sendable {
    /// The file's size and modification time when it was read.
    var size: Int
    var modified: Int64
    /// A digest of the file's bytes, so a file touched but not changed
    /// still counts as unchanged.
    var sourceHash: UInt64
    /// The decoded entry, with its rendered content when it was rendered
    /// (no Markdown body, no plain text: the search document replaces it).
    var entry: Entry
    /// Warnings of reading and of rendering the file, repeated on reuse.
    var loadDiagnostics: [Diagnostic]
    var renderDiagnostics: [Diagnostic]
    /// Each link the body asked the site about, with the answer; the
    /// rendering stays valid while every answer is the same.
    var linkLookups: [LinkLookup]
    /// The entry's search document after analysis, when it is indexed.
    var searchDocument: CachedSearchDocument?
}

/// A search document as the cache holds it: analysed, or still as bytes of
/// its cache file, decoded only when the search index is made again (a
/// build that changes no indexed post never decodes it).
enum CachedSearchDocument: Sendable {
    case analyzed(AnalyzedDocument)
    /// The bytes of a cache file, the range of this document in them, and
    /// the file's string table.
    case encoded(bytes: [UInt8], range: Range<Int>, strings: [String])
    /// Analysed in this build and held, compact, by the build's index
    /// builder under the document's identifier.
    case indexed(id: String)

    /// The analysed document, decoded if needed (`index` holds the
    /// documents analysed in this build).
    func document(in index: SearchIndexBuilder? = nil) throws(MalformedCache) -> AnalyzedDocument {
        switch self {
        case .analyzed(let document):
            return document
        case .indexed(let id):
            guard let document = index?.document(withID: id) else { throw MalformedCache() }
            return document
        case .encoded(let bytes, let range, let strings):
            var reader = ByteReader(bytes, offset: range.lowerBound)
            let document = try reader.readAnalyzedDocument(strings: strings)
            guard reader.offset == range.upperBound else { throw MalformedCache() }
            return document
        }
    }
}

/// One question a post's rendering asked the site: which URL a link to a
/// Markdown file resolves to (nil: none).
struct LinkLookup: Sendable, Equatable {
    var destination: String
    var result: String?
}

extension CachedEntry {
    /// Whether the rendered content can be used for a build that routes
    /// the entry to `path` and resolves links with `routing`.
    func rendering(isValidAt path: String, routing: Routing) -> Bool {
        guard entry.content != nil, entry.path == path else { return false }
        return linkLookups.allSatisfy { routing.url(forLink: $0.destination, from: entry.sourcePath) == $0.result }
    }

    /// A digest of everything the entry shows on any page: the cache's key
    /// (tool, reading settings, theme ids), its source, its URL and the
    /// links it resolved.
    static func digest(key: UInt64, sourceHash: UInt64, path: String, lookups: [LinkLookup]) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.combine(key)
        fingerprint.combine(sourceHash)
        fingerprint.combine(path)
        for lookup in lookups {
            fingerprint.combine(lookup.destination)
            fingerprint.combine(lookup.result)
        }
        return fingerprint.value
    }
}

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

    /// Whether a document with `id` was added.
    func contains(_ id: String) -> Bool {
        builder.withLock { $0.contains(id) }
    }

    /// The document added with `id`.
    func document(withID id: String) -> AnalyzedDocument? {
        builder.withLock { $0.document(withID: id) }
    }

    /// The index files of every document added.
    func build() -> [String: [UInt8]] {
        builder.withLock { $0.build() }
    }
}

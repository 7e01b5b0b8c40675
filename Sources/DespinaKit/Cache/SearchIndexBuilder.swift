import SearchIndex
import Synchronization

/// The search index of a build while it is being filled: documents are
/// added from all cores as posts are analysed, and kept compact; the text
/// of each goes straight to its file (`SearchTextFiles`), when the build
/// writes them.
final class SearchIndexBuilder: Sendable {
    private let builder = Mutex(IndexBuilder())
    private let texts = Mutex<SearchTextFiles?>(nil)

    /// Writes the text file of every document analysed from now on into
    /// `output`; `key` names the configuration (0: no file is kept by a
    /// later build).
    func writeTexts(to output: OutputFolder, key: UInt64) {
        texts.withLock { $0 = SearchTextFiles(output: output, key: key) }
    }

    /// Analyses `document`, made from an entry with digest `version`,
    /// writes its text file, and adds it.
    func add(_ document: SearchDocument, version: UInt64) {
        add(analyze(document, version: version), version: version)
    }

    /// Analyses `document` and writes its text file, without adding it.
    func analyze(_ document: SearchDocument, version: UInt64) -> AnalyzedDocument {
        texts.withLock { $0 }?.write(document, version: version)
        return DocumentAnalyzer.analyze(document)
    }

    /// Adds an analysed document made from an entry with digest `version`.
    func add(_ document: AnalyzedDocument, version: UInt64) {
        builder.withLock { $0.add(document, version: version) }
    }

    /// Keeps the text files of `entries` not analysed in this build, or
    /// has `remake` analyse them again (see `SearchTextFiles.keep`).
    func keepTexts(of entries: [Entry], remaking remake: @Sendable (Entry) -> AnalyzedDocument?) throws {
        try texts.withLock { $0 }?.keep(entries, remaking: remake)
    }

    /// How many text files the build wrote or kept so far.
    var textFileCount: Int { texts.withLock { $0 }?.count ?? 0 }

    /// Runs `body` on the builder itself.
    func withBuilder<Result>(_ body: (inout IndexBuilder) -> Result) -> Result {
        builder.withLock { body(&$0) }
    }

    /// How many documents were added.
    var count: Int {
        builder.withLock { $0.count }
    }

    /// The entries of `entries` whose documents were not added, for a
    /// caller whose builder holds documents of these entries only: none
    /// when as many were added (identifiers are unique), else looked up
    /// under one lock.
    func notAdded(_ entries: [Entry]) -> [Entry] {
        builder.withLock { builder in
            builder.count == entries.count ? [] : entries.filter { !builder.contains($0.identifier) }
        }
    }

    /// The document added with `id`.
    func document(withID id: String) -> AnalyzedDocument? {
        builder.withLock { $0.document(withID: id) }
    }
}

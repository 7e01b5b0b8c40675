/// What the index stores about a document for display, excerpts and phrase
/// checks: metadata plus a bounded prefix of the body text.
public struct StoredDocument: Codable, Sendable, Equatable {
    public var id: String
    public var url: String
    public var title: String
    public var date: String?
    public var section: String
    public var language: String
    public var tags: [String]
    public var thumbnail: String?
    /// The description, whitespace collapsed.
    public var description: String
    /// The first words of the body, whitespace collapsed.
    public var text: String
}

/// A document after analysis: everything the index builder needs, and
/// nothing it has to recompute. Codable so a build cache can keep it while
/// the source document is unchanged.
public struct AnalyzedDocument: Codable, Sendable, Equatable {
    /// Display data stored in the index.
    public var stored: StoredDocument
    /// Minutes since 1970-01-01 UTC for sorting by date; 0 when undated.
    public var dateKey: Int
    /// Number of words per field (see `Field`).
    var fieldLengths: [Int]
    /// The document's terms, in order of first occurrence.
    var terms: [String]
    /// Occurrences of each term per field: `Field.count` numbers
    /// per term, in the order of `terms`.
    var counts: [Int]
    /// Folded surface words, each paired with one of its terms (an index
    /// into `terms`); a word with several terms appears several times.
    var vocabularyWords: [String]
    var vocabularyTerms: [Int]

    /// The identifier of the document.
    public var id: String { stored.id }
}

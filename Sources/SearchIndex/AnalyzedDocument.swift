/// What the index stores about a document for display: its metadata, and
/// the key of its text file (see `DocumentText`), which excerpts and
/// phrase checks read.
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
    /// The key of the document's text file (`DocumentText.key(forID:)`).
    public var textKey: String
    /// The date as the site shows it (see `SearchDocument.dateText`).
    public var dateText: String?
}

extension StoredDocument {
    /// Stored as an array, `[id, url, title, date, section, language, tags,
    /// thumbnail, description, textKey, dateText or null]`, to keep document chunks small.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(id)
        try container.encode(url)
        try container.encode(title)
        try container.encode(date)
        try container.encode(section)
        try container.encode(language)
        try container.encode(tags)
        try container.encode(thumbnail)
        try container.encode(description)
        try container.encode(textKey)
        try container.encode(dateText)
    }

    /// Reads the array form written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        id = try container.decode(String.self)
        url = try container.decode(String.self)
        title = try container.decode(String.self)
        date = try container.decode(String?.self)
        section = try container.decode(String.self)
        language = try container.decode(String.self)
        tags = try container.decode([String].self)
        thumbnail = try container.decode(String?.self)
        description = try container.decode(String.self)
        textKey = try container.decode(String.self)
        dateText = try container.decode(String?.self)
    }
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

/// A search: text plus filters.
public struct SearchQuery: Codable, Sendable, Equatable {
    /// How results are ordered.
    public enum Order: String, Codable, Sendable {
        /// Best match first.
        case relevance
        /// Newest first; undated documents last.
        case date
    }

    /// What the reader typed: words, and phrases in double quotes.
    public var text: String
    /// Only documents carrying every one of these tags.
    public var tags: [String]
    /// Only documents in one of these sections (empty: any).
    public var sections: [String]
    /// Only documents in one of these languages (empty: any).
    public var languages: [String]
    public var sort: Order
    /// The number of results to return.
    public var limit: Int

    /// Creates a query.
    public init(_ text: String, tags: [String] = [], sections: [String] = [], languages: [String] = [],
                sort: Order = .relevance, limit: Int = 10) {
        self.text = text
        self.tags = tags
        self.sections = sections
        self.languages = languages
        self.sort = sort
        self.limit = limit
    }
}

/// A range of UTF-16 code units in an excerpt.
public struct TextRange: Codable, Sendable, Equatable {
    public var start: Int
    public var length: Int
}

/// One found document.
public struct SearchResult: Codable, Sendable, Equatable {
    public var id: String
    public var url: String
    public var title: String
    public var date: String?
    /// The date as the site shows it, in the document's language.
    public var dateText: String?
    public var section: String
    public var language: String
    public var tags: [String]
    public var thumbnail: String?
    public var score: Double
    /// Plain text around the matched words.
    public var excerpt: String
    /// Where the matched words are in `excerpt`.
    public var highlights: [TextRange]
    /// `excerpt`, HTML-escaped, with matched words in `<mark>`.
    public var excerptHTML: String
}

/// How many matching documents carry one facet value.
public struct FacetCount: Codable, Sendable, Equatable {
    public var value: String
    public var count: Int
}

/// Facet counts over all matching documents, largest first.
public struct SearchFacets: Codable, Sendable, Equatable {
    public var tags: [FacetCount]
    public var sections: [FacetCount]
    public var languages: [FacetCount]
}

/// The answer to a query.
public struct SearchResponse: Codable, Sendable, Equatable {
    /// The first `limit` results.
    public var results: [SearchResult]
    /// How many documents match in all.
    public var total: Int
    public var facets: SearchFacets
}

/// Why an index cannot be read.
public enum SearchIndexError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingFile(String)
    case unsupportedVersion(Int)
    case malformed(String)

    public var description: String {
        switch self {
        case .missingFile(let path): return "search index file missing: \(path)"
        case .unsupportedVersion(let version): return "search index version \(version) is not supported"
        case .malformed(let path): return "search index file is malformed: \(path)"
        }
    }
}

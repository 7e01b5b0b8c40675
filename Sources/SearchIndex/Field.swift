import Foundation

/// The indexed fields of a document, in decreasing order of weight.
enum Field: Int, CaseIterable, Sendable {
    case title, keywords, description, headings, body, code

    /// The number of fields.
    static var count: Int { 6 }

    /// How much one occurrence in this field counts, relative to the body.
    var weight: Double {
        switch self {
        case .title: return 10
        case .keywords: return 6
        case .description: return 4
        case .headings: return 3
        case .body: return 1
        case .code: return 0.5
        }
    }
}

/// Constants of the ranking formula, shared with the browser script through
/// the entry file.
enum Ranking {
    /// BM25 saturation constant.
    static let k1 = 1.2
    /// BM25 length normalisation.
    static let b = 0.75
    /// Weighted term frequencies are stored as integers in tenths.
    static let scale = 10.0
    /// How a query word's match counts, by the way it matched.
    static let exactWeight = 1.0
    static let prefixWeight = 0.8
    static let oneTypoWeight = 0.5
    static let twoTyposWeight = 0.3
    /// Extra credit when the document has the very accented form typed.
    static let accentBonus = 0.25
    /// Prefix expansion starts from this many letters.
    static let minimumPrefixLength = 2
    /// At most this many vocabulary words expand a prefix (the shortest).
    static let maximumPrefixExpansions = 50
    /// A phrase query checks at most this many candidates' text files, in
    /// the order of the results, before it stops looking.
    static let phraseCandidates = 200

    /// BM25 saturation of a stored weighted frequency (in tenths).
    /// The browser script evaluates the same expressions in the same order.
    static func saturation(frequency: Int) -> Double {
        let tf = Double(frequency) / scale
        return tf * (k1 + 1) / (tf + k1)
    }

    /// BM25 inverse document frequency of a query word matching
    /// `matching` of `documents` documents (through all its expansions).
    static func idf(matching: Int, documents: Int) -> Double {
        let n = Double(matching), total = Double(documents)
        return log(1 + (total - n + 0.5) / (n + 0.5))
    }

    /// How many edits a query word of `length` letters may contain.
    static func allowedTypos(length: Int) -> Int {
        length >= 9 ? 2 : length >= 5 ? 1 : 0
    }
}

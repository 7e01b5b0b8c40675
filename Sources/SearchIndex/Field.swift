/// The indexed fields of a document, in decreasing order of weight.
enum Field: Int, CaseIterable, Sendable {
    case title, keywords, description, headings, body, code

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

    /// The score of one term in one document: BM25 saturation of the stored
    /// weighted frequency, times the stored inverse document frequency.
    /// The browser script evaluates the same expression in the same order.
    static func score(idfMilli: Int, frequency: Int) -> Double {
        let idf = Double(idfMilli) / 1000
        let tf = Double(frequency) / scale
        return idf * tf * (k1 + 1) / (tf + k1)
    }

    /// How many edits a query word of `length` letters may contain.
    static func allowedTypos(length: Int) -> Int {
        length >= 9 ? 2 : length >= 5 ? 1 : 0
    }
}

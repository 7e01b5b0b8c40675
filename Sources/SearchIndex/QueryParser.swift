/// A word of a query, in the forms the index is searched by.
public struct QueryWord: Sendable, Equatable {
    /// The word as typed.
    public var text: String
    /// Folded: what the vocabulary is searched for.
    public var folded: String
    /// The lowercase accented form, when the word carries accents.
    public var exact: String?
    /// Whether the word is still being typed and matches as a prefix.
    public var isPrefix: Bool
}

/// A part of a parsed query: a free word or a quoted phrase.
public enum QueryClause: Sendable, Equatable {
    case word(QueryWord)
    case phrase([QueryWord])
}

/// Splits query text into clauses. Never fails: any string gives a
/// (possibly empty) list of clauses.
public enum QueryParser {
    /// At most this many words are searched; the rest of the text is ignored.
    public static let maximumWords = 12

    /// Parses `text`. Double quotes (straight or curly) delimit phrases; an
    /// unclosed quote runs to the end. The last free word is a prefix when
    /// nothing follows it (the reader is still typing it).
    public static func parse(_ text: String) -> [QueryClause] {
        let scalars = Array(text.unicodeScalars)
        var clauses: [QueryClause] = []
        var phrase: [QueryWord]?
        var wordCount = 0
        var segmentStart = 0

        func addWords(from start: Int, to end: Int) {
            let segment = Array(scalars[start..<end])
            for range in WordScanner.wordRanges(in: segment) {
                guard wordCount < maximumWords else { return }
                var view = String.UnicodeScalarView()
                view.append(contentsOf: segment[range])
                guard let word = makeWord(String(view), isPrefix: phrase == nil && start + range.upperBound == scalars.count)
                else { continue }
                wordCount += 1
                if phrase != nil {
                    phrase?.append(word)
                } else {
                    clauses.append(.word(word))
                }
            }
        }
        func closePhrase() {
            guard let words = phrase else { return }
            if words.count == 1 {
                clauses.append(.word(words[0]))
            } else if words.count > 1 {
                clauses.append(.phrase(words))
            }
            phrase = nil
        }

        for (index, scalar) in scalars.enumerated() where isQuote(scalar) {
            addWords(from: segmentStart, to: index)
            segmentStart = index + 1
            if phrase == nil { phrase = [] } else { closePhrase() }
        }
        addWords(from: segmentStart, to: scalars.count)
        closePhrase()
        return clauses
    }

    private static func makeWord(_ text: String, isPrefix: Bool) -> QueryWord? {
        let folded = WordForms.folded(text)
        guard !folded.isEmpty else { return nil }
        let exact = WordForms.exact(text)
        return QueryWord(text: text, folded: folded, exact: exact == folded ? nil : exact, isPrefix: isPrefix)
    }

    private static func isQuote(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "\u{201C}" || scalar == "\u{201D}" || scalar == "\u{201E}"
    }
}

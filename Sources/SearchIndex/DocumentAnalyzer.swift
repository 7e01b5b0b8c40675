import Foundation

/// Analyses documents for the index: words, identifier parts, stems, folded
/// and exact forms, counted per field.
///
/// Analysis is independent per document, so callers may analyse documents
/// on many threads at once; each thread keeps its own stemmers and memo of
/// known words.
public enum DocumentAnalyzer {
    /// Maximum length, in Unicode scalars, of the body text stored for
    /// excerpts and phrase checks.
    public static let storedTextLength = 320

    /// Analyses one document.
    public static func analyze(_ document: SearchDocument) -> AnalyzedDocument {
        let analyzer = threadAnalyzers().analyzer(for: document.language)
        var counter = FieldCounter()
        let fieldTexts: [(Field, [String])] = [
            (.title, [document.title]),
            (.keywords, document.tags + document.keywords),
            (.description, [document.description]),
            (.headings, document.headings),
            (.body, [document.body]),
            (.code, [document.code]),
        ]
        for (field, texts) in fieldTexts {
            for text in texts { counter.count(text, in: field) }
        }
        let (terms, vocabulary) = counter.resolve(with: analyzer)
        let stored = StoredDocument(
            id: document.id, url: document.url, title: document.title, date: document.date,
            section: document.section, language: document.language, tags: document.tags,
            thumbnail: document.thumbnail,
            description: collapsingWhitespace(document.description, limit: Int.max),
            text: collapsingWhitespace(document.body, limit: storedTextLength))
        return AnalyzedDocument(
            stored: stored,
            dateKey: document.date.map(DateKey.minutes(fromISO8601:)) ?? 0,
            fieldLengths: counter.lengths,
            terms: terms,
            vocabulary: vocabulary)
    }

    /// Collapses runs of white space to one space and cuts the text after at
    /// most `limit` scalars, at a space.
    static func collapsingWhitespace(_ text: String, limit: Int) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var count = 0
        var lastSpace = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                if count + 1 >= limit { break }
                lastSpace = out.count
                out.append(" ")
                count += 1
                pendingSpace = false
            }
            if count >= limit {
                out = String.UnicodeScalarView(out.prefix(lastSpace))
                break
            }
            out.append(scalar)
            count += 1
        }
        return String(out)
    }

    private static let threadKey = "org.despina.search.analyzers"

    private static func threadAnalyzers() -> AnalyzerSet {
        let dictionary = Thread.current.threadDictionary
        if let set = dictionary[threadKey] as? AnalyzerSet { return set }
        let set = AnalyzerSet()
        dictionary[threadKey] = set
        return set
    }
}

/// The analyzers of one thread, one per language tag.
private final class AnalyzerSet {
    private var analyzers: [String: TermAnalyzer] = [:]

    func analyzer(for language: String) -> TermAnalyzer {
        let key = StemmerLanguage.algorithm(for: language) ?? ""
        if let known = analyzers[key] { return known }
        let made = TermAnalyzer(language: language)
        analyzers[key] = made
        return made
    }
}

/// Counts raw words per field; terms are resolved once per distinct word.
private struct FieldCounter {
    var words: [[String: Int]] = Array(repeating: [:], count: Field.allCases.count)
    var nonASCIIWords: Set<String> = []
    var lengths: [Int] = Array(repeating: 0, count: Field.allCases.count)

    mutating func count(_ text: String, in field: Field) {
        var fieldWords = words[field.rawValue]
        words[field.rawValue] = [:]
        var length = 0
        var nonASCII: [String] = []
        WordScanner.forEachWord(in: text) { bytes, isASCII in
            let word = String(decoding: bytes, as: UTF8.self)
            fieldWords[word, default: 0] += 1
            length += 1
            if !isASCII { nonASCII.append(word) }
        }
        nonASCIIWords.formUnion(nonASCII)
        words[field.rawValue] = fieldWords
        lengths[field.rawValue] += length
    }

    /// Resolves words to terms; returns term counts and vocabulary, sorted.
    func resolve(with analyzer: TermAnalyzer) -> ([TermCounts], [VocabularyEntry]) {
        var counts: [String: [Int]] = [:]
        var vocabulary: [String: Set<String>] = [:]
        for field in Field.allCases {
            for (word, occurrences) in words[field.rawValue] {
                let isASCII = !nonASCIIWords.contains(word)
                for form in analyzer.terms(forWord: word, isASCII: isASCII) {
                    counts[form.term, default: Array(repeating: 0, count: Field.allCases.count)][field.rawValue] += occurrences
                    vocabulary[form.folded, default: []].insert(form.term)
                    if let exact = form.exact {
                        counts[IndexFormat.exactPrefix + exact, default: Array(repeating: 0, count: Field.allCases.count)][field.rawValue] += occurrences
                    }
                }
            }
        }
        let terms = counts.map { TermCounts(term: $0.key, counts: $0.value) }
            .sorted { IndexFormat.precedes($0.term, $1.term) }
        let entries = vocabulary.map { VocabularyEntry(word: $0.key, terms: $0.value.sorted(by: IndexFormat.precedes)) }
            .sorted { IndexFormat.precedes($0.word, $1.word) }
        return (terms, entries)
    }
}

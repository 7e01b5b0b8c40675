import TextFolding

/// One indexed form of a word: the folded surface word readers type, the
/// term (folded stem) it is indexed under, and its exact accented form when
/// that differs from the folded one.
struct WordTerm: Sendable, Equatable {
    var folded: String
    var term: String
    var exact: String?
}

/// Turns the words of one language into index terms, remembering every word
/// it has seen: stemming and folding run once per distinct word.
///
/// Not thread-safe (it owns a Snowball stemmer); each thread uses its own.
final class TermAnalyzer {
    private let stemmer: Stemmer?
    private let stemSuffix: String
    private var memo: [String: [WordTerm]] = [:]
    private static let memoLimit = 500_000

    /// Creates an analyzer for a BCP 47 language tag.
    init(language: String) {
        let algorithm = StemmerLanguage.algorithm(for: language)
        stemmer = algorithm.flatMap { Stemmer(algorithm: $0) }
        stemSuffix = IndexFormat.stemSeparator + (algorithm.map(StemmerLanguage.code(forAlgorithm:)) ?? "")
    }

    /// The forms of a word as written in the text: the whole word first, then
    /// the parts of a code identifier.
    func terms(forWord word: String, isASCII: Bool) -> [WordTerm] {
        if let known = memo[word] { return known }
        var result = [wholeTerm(word, isASCII: isASCII)]
        for part in WordForms.identifierParts(word) {
            var partTerm = wholeTerm(part, isASCII: isASCII)
            partTerm.exact = nil
            if !result.contains(partTerm) { result.append(partTerm) }
        }
        if memo.count >= Self.memoLimit { memo.removeAll(keepingCapacity: true) }
        memo[word] = result
        return result
    }

    private func wholeTerm(_ word: String, isASCII: Bool) -> WordTerm {
        let lower: String
        let folded: String
        if isASCII {
            lower = Self.asciiLowercase(word)
            folded = lower
        } else {
            lower = WordForms.exact(word)
            folded = TextFolding.fold(lower)
        }
        let term = isStemmable(folded) ? stem(lower) : folded
        return WordTerm(folded: folded, term: term, exact: lower == folded ? nil : lower)
    }

    /// Stemming applies to words of three letters or more without digits or
    /// underscores (identifiers and numbers are kept as they are).
    private func isStemmable(_ folded: String) -> Bool {
        guard stemmer != nil else { return false }
        var letters = 0
        for scalar in folded.unicodeScalars {
            if scalar == "_" || (scalar.value >= 0x30 && scalar.value <= 0x39) { return false }
            letters += 1
        }
        return letters >= 3
    }

    /// Stems the accented lowercase word, then folds the stem. Stems carry
    /// the language (`closur~en`): a Turkish stem never meets an English word.
    private func stem(_ lower: String) -> String {
        guard let stemmer else { return TextFolding.fold(lower) }
        return TextFolding.fold(stemmer.stem(lower)) + stemSuffix
    }

    private static func asciiLowercase(_ word: String) -> String {
        var needsChange = false
        for byte in word.utf8 where byte >= 0x41 && byte <= 0x5A { needsChange = true; break }
        guard needsChange else { return word }
        return String(decoding: word.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}

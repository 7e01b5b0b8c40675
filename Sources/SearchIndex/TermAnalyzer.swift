import Bytes
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
/// it has seen: stemming and folding run once per distinct word, and a known
/// word is recognised from its bytes alone.
///
/// A value, so that the per-word path mutates a local variable without
/// the dynamic exclusivity checks a class's stored properties get (they
/// cost a quarter of the analysis). Not thread-safe (its stemmer is a
/// Snowball stemmer with scratch space); each thread uses its own.
struct TermAnalyzer {
    /// A form of a known word, as identifiers of interned strings.
    struct Form {
        var term: Int32
        var folded: Int32
        var exactTerm: Int32
    }

    private let stemmer: Stemmer?
    private let stemSuffix: String
    private var words = ByteTable(capacity: 1024)
    private var formRanges: [Range<Int>] = []
    private var forms: [Form] = []
    private var termIDs: [String: Int32] = [:]
    private(set) var termNames: [String] = []
    private var foldedIDs: [String: Int32] = [:]
    private(set) var foldedNames: [String] = []
    private static let wordLimit = 1_000_000

    /// Creates an analyzer for a BCP 47 language tag.
    init(language: String) {
        let algorithm = StemmerLanguage.algorithm(for: language)
        stemmer = algorithm.flatMap { Stemmer(algorithm: $0) }
        stemSuffix = IndexFormat.stemSeparator + (algorithm.map(StemmerLanguage.code(forAlgorithm:)) ?? "")
    }

    /// The identifier of the word in `bytes`, analysing it the first time.
    mutating func wordIdentifier(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Int {
        let (id, isNew) = words.insert(bytes)
        if isNew {
            let start = forms.count
            for form in terms(forWord: String(decoding: bytes, as: UTF8.self), isASCII: isASCII) {
                forms.append(Form(
                    term: Self.intern(form.term, in: &termIDs, names: &termNames),
                    folded: Self.intern(form.folded, in: &foldedIDs, names: &foldedNames),
                    exactTerm: form.exact.map { Self.intern(IndexFormat.exactPrefix + $0, in: &termIDs, names: &termNames) } ?? -1))
            }
            formRanges.append(start..<forms.count)
        }
        return id
    }

    /// Where the forms of a known word are in `allForms`: a loop over many
    /// words takes the forms once rather than a slice of them a word.
    func formRange(ofWord id: Int) -> Range<Int> { formRanges[id] }

    /// The forms of every known word.
    var allForms: [Form] { forms }

    /// The number of interned terms (identifiers are below it).
    var termCount: Int { termNames.count }
    /// The number of interned folded words.
    var foldedCount: Int { foldedNames.count }

    /// Forgets all words when the memo grows past its limit; call between
    /// documents only.
    mutating func trimIfNeeded() {
        guard words.count > Self.wordLimit else { return }
        words = ByteTable(capacity: 1024)
        formRanges = []
        forms = []
        termIDs = [:]
        termNames = []
        foldedIDs = [:]
        foldedNames = []
    }

    /// The forms of a word as written in the text: the whole word first, then
    /// the parts of a code identifier.
    func terms(forWord word: String, isASCII: Bool) -> [WordTerm] {
        var result = [wholeTerm(word, isASCII: isASCII)]
        for part in WordForms.identifierParts(word) {
            var partTerm = wholeTerm(part, isASCII: isASCII)
            partTerm.exact = nil
            if !result.contains(partTerm) { result.append(partTerm) }
        }
        return result
    }

    private static func intern(_ text: String, in ids: inout [String: Int32], names: inout [String]) -> Int32 {
        if let id = ids[text] { return id }
        let id = Int32(names.count)
        ids[text] = id
        names.append(text)
        return id
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

import Foundation

/// Analyses documents for the index: words, identifier parts, stems, folded
/// and exact forms, counted per field.
///
/// Analysis is independent per document, so callers may analyse documents
/// on many threads at once; each thread keeps its own stemmers and memo of
/// known words.
public enum DocumentAnalyzer {
    /// Analyses one document.
    public static func analyze(_ document: SearchDocument) -> AnalyzedDocument {
        let analysis = threadAnalyses().analysis(for: document.language)
        // Counting works on the analyzer and scratch space taken out of the
        // thread's analysis as local values: no dynamic exclusivity checks
        // in the per-word loop, and no copy (the analysis lets go of them).
        var (analyzer, scratch) = analysis.take()
        analyzer.trimIfNeeded()
        scratch.begin()
        var lengths = [Int](repeating: 0, count: Field.count)
        let texts = [(document.title, Field.title)] + (document.tags + document.keywords).map { ($0, .keywords) }
            + [(document.description, .description)] + document.headings.map { ($0, .headings) }
        for (text, field) in texts {
            var text = text
            lengths[field.rawValue] += text.withUTF8 { countWords(in: $0, as: field, analyzer: &analyzer, scratch: &scratch) }
        }
        for (text, field) in [(document.bodyBytes, Field.body), (document.codeBytes, .code)] {
            lengths[field.rawValue] += text.withUnsafeBufferPointer {
                countWords(in: $0, as: field, analyzer: &analyzer, scratch: &scratch)
            }
        }
        let result = scratch.finish(with: analyzer)
        analysis.giveBack(analyzer, scratch)
        let stored = StoredDocument(
            id: document.id, url: document.url, title: document.title, date: document.date,
            section: document.section, language: document.language, tags: document.tags,
            thumbnail: document.thumbnail,
            description: collapsingWhitespace(document.description, limit: Int.max),
            textKey: DocumentText.key(forID: document.id), dateText: document.dateText)
        return AnalyzedDocument(
            stored: stored,
            dateKey: document.date.map(DateKey.minutes(fromISO8601:)) ?? 0,
            fieldLengths: lengths,
            terms: result.terms,
            counts: result.counts,
            vocabularyWords: result.words,
            vocabularyTerms: result.wordTerms)
    }

    /// Counts the words of `text` in `field`; returns how many there were.
    /// The analyzer and scratch space come in as `inout` parameters, not as
    /// variables a local function captures: captured variables get dynamic
    /// exclusivity checks on every word.
    private static func countWords(
        in text: UnsafeBufferPointer<UInt8>, as field: Field, analyzer: inout TermAnalyzer, scratch: inout CountingScratch
    ) -> Int {
        var length = 0
        WordScanner.forEachWord(inUTF8: text) { bytes, isASCII in
            scratch.count(analyzer.wordIdentifier(bytes, isASCII: isASCII), in: field)
            length += 1
        }
        return length
    }

    /// Collapses runs of white space to one space and cuts the text after at
    /// most `limit` scalars, at a space, marking the cut with an ellipsis.
    static func collapsingWhitespace(_ text: String, limit: Int) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            var out: [UInt8] = []
            out.reserveCapacity(min(bytes.count, limit == Int.max ? bytes.count : limit * 4))
            var pendingSpace = false
            var scalars = 0
            var lastSpace = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(index + length, bytes.count)
                if isWhitespace(bytes, index, length) {
                    pendingSpace = scalars > 0
                    index = end
                    continue
                }
                if pendingSpace {
                    if scalars + 1 >= limit {
                        out += ellipsis
                        return String(decoding: out, as: UTF8.self)
                    }
                    lastSpace = out.count
                    out.append(0x20)
                    scalars += 1
                    pendingSpace = false
                }
                if scalars >= limit {
                    out.removeSubrange(lastSpace...)
                    out += ellipsis
                    return String(decoding: out, as: UTF8.self)
                }
                // Most characters are one byte: appended alone, not as a slice.
                if length == 1 { out.append(byte) } else { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end])) }
                scalars += 1
                index = end
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]

    /// Unicode white space (`White_Space`) at `index`, from its UTF-8 bytes.
    private static func isWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ length: Int) -> Bool {
        let byte = bytes[index]
        if length == 1 { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        guard index + length <= bytes.count else { return false }
        let second = bytes[index + 1]
        switch (byte, length) {
        case (0xC2, 2): return second == 0x85 || second == 0xA0
        case (0xE1, 3): return second == 0x9A && bytes[index + 2] == 0x80
        case (0xE2, 3):
            let third = bytes[index + 2]
            return (second == 0x80 && (third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF))
                || (second == 0x81 && third == 0x9F)
        case (0xE3, 3): return second == 0x80 && bytes[index + 2] == 0x80
        default: return false
        }
    }

    /// The analyses of the calling thread, kept under a thread-specific key
    /// (a thread's `threadDictionary` costs thousands of instructions a
    /// document), and let go when the thread ends.
    private static func threadAnalyses() -> LanguageAnalyses {
        if let held = pthread_getspecific(analysesKey) {
            return Unmanaged<LanguageAnalyses>.fromOpaque(held).takeUnretainedValue()
        }
        let set = LanguageAnalyses()
        pthread_setspecific(analysesKey, Unmanaged.passRetained(set).toOpaque())
        return set
    }
}

private let analysesKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { held in
        if let held { Unmanaged<LanguageAnalyses>.fromOpaque(held).release() }
    }
    return key
}()

/// The analyses of one thread, one per stemming language.
private final class LanguageAnalyses {
    private var analyses: [String: LanguageAnalysis] = [:]

    func analysis(for language: String) -> LanguageAnalysis {
        let key = StemmerLanguage.algorithm(for: language) ?? ""
        if let known = analyses[key] { return known }
        let made = LanguageAnalysis(language: language)
        analyses[key] = made
        return made
    }
}

/// The analyzer of one language and its counting scratch space, lent to
/// one document at a time.
private final class LanguageAnalysis {
    private var analyzer: TermAnalyzer?
    private var scratch: CountingScratch?
    private let language: String

    init(language: String) { self.language = language }

    /// The analyzer and the scratch space, handed over: until `giveBack`,
    /// the analysis holds neither, so the caller's copies are unique.
    func take() -> (TermAnalyzer, CountingScratch) {
        let analyzer = self.analyzer ?? TermAnalyzer(language: language)
        self.analyzer = nil
        let scratch = self.scratch ?? CountingScratch()
        self.scratch = nil
        return (analyzer, scratch)
    }

    func giveBack(_ analyzer: TermAnalyzer, _ scratch: CountingScratch) {
        self.analyzer = analyzer
        self.scratch = scratch
    }
}

/// Counting scratch space: word and term counts live in stamped rows
/// indexed by identifier (`StampedRows`), so nothing has to be cleared
/// between documents.
private struct CountingScratch {
    private static var fields: Int { Field.count }
    private var generation: Int32 = 0
    /// Per word: its counts in each field.
    private var words = StampedRows(width: Field.count)
    private var touchedWords: [Int] = []
    /// Per term: its place among the document's terms.
    private var terms = StampedRows(width: 1)
    /// Per folded word: the term it was first listed with. A folded word
    /// nearly always goes with one term; the rare other pairs are kept in
    /// `otherPairs`.
    private var folded = StampedRows(width: 1)
    private var otherPairs = Set<Int>()

    mutating func begin() {
        // Stamps of earlier documents never equal the current generation, so
        // only an overflowing generation needs fresh rows.
        if generation == Int32.max { self = CountingScratch() }
        generation += 1
        touchedWords.removeAll(keepingCapacity: true)
    }

    mutating func count(_ word: Int, in field: Field) {
        if word >= words.capacity { words.grow(toHold: word) }
        let base = word * Self.fields
        if words.stamps[word] != generation {
            words.stamps[word] = generation
            (words.values + base).update(repeating: 0, count: Self.fields)
            touchedWords.append(word)
        }
        words.values[base + field.rawValue] += 1
    }

    mutating func finish(with analyzer: TermAnalyzer) -> (terms: [String], counts: [Int], words: [String], wordTerms: [Int]) {
        if terms.capacity < analyzer.termCount { terms.grow(toHold: analyzer.termCount - 1) }
        if folded.capacity < analyzer.foldedCount { folded.grow(toHold: analyzer.foldedCount - 1) }
        otherPairs.removeAll(keepingCapacity: true)
        // Room for the counts of every term the forms may name, zeroed at
        // once, rather than each new term's appended; the rest is cut off.
        var mostTerms = 0
        let forms = analyzer.allForms
        for word in touchedWords {
            for place in analyzer.formRange(ofWord: word) { mostTerms += forms[place].exactTerm >= 0 ? 2 : 1 }
        }
        var names: [String] = []
        var counts = [Int](repeating: 0, count: mostTerms * Self.fields)
        var words: [String] = []
        var wordTerms: [Int] = []
        let generation = self.generation
        for word in touchedWords {
            let base = word * Self.fields
            for place in analyzer.formRange(ofWord: word) {
                let form = forms[place]
                func slot(_ term: Int32) -> Int {
                    let index = Int(term)
                    if terms.stamps[index] != generation {
                        terms.stamps[index] = generation
                        terms.values[index] = Int32(names.count)
                        names.append(analyzer.termNames[index])
                    }
                    let local = Int(terms.values[index])
                    for field in 0..<Self.fields { counts[local * Self.fields + field] += Int(self.words.values[base + field]) }
                    return local
                }
                let local = slot(form.term)
                if form.exactTerm >= 0 { _ = slot(form.exactTerm) }
                if isNewPair(folded: Int(form.folded), term: local, generation: generation) {
                    words.append(analyzer.foldedNames[Int(form.folded)])
                    wordTerms.append(local)
                }
            }
        }
        counts.removeLast(counts.count - names.count * Self.fields)
        return (names, counts, words, wordTerms)
    }

    /// Whether the folded word `folded` is listed with the document's term
    /// `term` for the first time in this document.
    private mutating func isNewPair(folded word: Int, term: Int, generation: Int32) -> Bool {
        if folded.stamps[word] != generation {
            folded.stamps[word] = generation
            folded.values[word] = Int32(term)
            return true
        }
        if Int(folded.values[word]) == term { return false }
        return otherPairs.insert(word << 24 | term).inserted
    }
}

/// Rows of `width` numbers, one row per identifier (of a word, a term, a
/// folded word), each stamped with the generation of the document that last
/// wrote it, so that nothing is cleared between documents; in memory of
/// their own: every word of every document is counted through them, and an
/// array's uniqueness and bounds checks on each count cost more than the
/// count. Identifiers below `capacity` have room; `grow` makes more.
private final class StampedRows {
    let width: Int
    private(set) var capacity = 0
    private(set) var stamps = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private(set) var values = UnsafeMutablePointer<Int32>.allocate(capacity: 0)

    init(width: Int) { self.width = width }

    /// Makes room for identifiers up to `identifier`, at least doubling;
    /// new rows have the stamp 0, which no document has.
    func grow(toHold identifier: Int) {
        let size = max(identifier + 1, capacity * 2, 1024)
        let (newStamps, newValues) = (UnsafeMutablePointer<Int32>.allocate(capacity: size),
                                      UnsafeMutablePointer<Int32>.allocate(capacity: size * width))
        newStamps.initialize(repeating: 0, count: size)
        newValues.initialize(repeating: 0, count: size * width)
        newStamps.update(from: stamps, count: capacity)
        newValues.update(from: values, count: capacity * width)
        stamps.deallocate()
        values.deallocate()
        (stamps, values, capacity) = (newStamps, newValues, size)
    }

    deinit {
        stamps.deallocate()
        values.deallocate()
    }
}

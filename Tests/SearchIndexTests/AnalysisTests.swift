import Foundation
import Testing
@testable import SearchIndex

@Suite struct AnalysisTests {
    @Test func wordsSplitAtPunctuationAndApostrophesAndIsolateIdeographs() {
        #expect(WordScanner.words(in: "İstanbul'da dispatch_async(x) @MainActor 日本語")
            == ["İstanbul", "da", "dispatch_async", "x", "MainActor", "日", "本", "語"])
    }

    @Test func byteScannerFindsTheSameWordsAsTheScalarScanner() {
        let text = "Vie\u{0323}\u{0302}t Nam — tìm kiếm; ISTANBUL'da 3.14 naïve_case 日本"
        var found: [String] = []
        var utf8 = text
        utf8.withUTF8 { WordScanner.forEachWord(inUTF8: $0) { bytes, _ in found.append(String(decoding: bytes, as: UTF8.self)) } }
        #expect(found == WordScanner.words(in: text))
    }

    /// Eight bytes of ASCII at a time and a character at a time, across
    /// every edge of a group of eight: the same words as the scalar
    /// scanner, each marked ASCII exactly when it is.
    @Test func byteScannerAgreesOnLongMixedText() {
        let pieces = ["a", "Z", "7", "_", "word", "ş", "ệ", "e\u{0301}", "語", " ", "  ", "\n", "'", "-", ".", "(", "@", "—", "\u{00A0}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...48, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            var found: [String] = []
            var asciiFlags: [Bool] = []
            var utf8 = text
            utf8.withUTF8 {
                WordScanner.forEachWord(inUTF8: $0) { bytes, isASCII in
                    found.append(String(decoding: bytes, as: UTF8.self))
                    asciiFlags.append(isASCII)
                }
            }
            #expect(found == WordScanner.words(in: text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(asciiFlags == found.map { $0.utf8.allSatisfy { $0 < 0x80 } }, "\(found)")
        }
    }

    @Test(arguments: [
        ("URLSession", ["URL", "Session"]), ("dispatch_async", ["dispatch", "async"]),
        ("stringWithFormat", ["string", "With", "Format"]), ("MainActor", ["Main", "Actor"]),
        ("kUTTypeText", ["UT", "Type", "Text"]), ("NSString", ["NS", "String"]),
        ("__block", ["block"]), ("swift", []), ("Swift", []), ("UTF8", []),
    ])
    func identifierParts(word: String, parts: [String]) {
        #expect(WordForms.identifierParts(word) == parts)
    }

    @Test func englishWordsAreStemmedAndTaggedWithTheLanguage() {
        let analyzer = TermAnalyzer(language: "en-US")
        #expect(analyzer.terms(forWord: "closures", isASCII: true) == [WordTerm(folded: "closures", term: "closur~en", exact: nil)])
        #expect(analyzer.terms(forWord: "URLSession", isASCII: true).map(\.term) == ["urlsess~en", "url~en", "session~en"])
        #expect(analyzer.terms(forWord: "dispatch_async", isASCII: true).map(\.term) == ["dispatch_async", "dispatch~en", "async~en"])
        #expect(analyzer.terms(forWord: "a", isASCII: true).map(\.term) == ["a"])
    }

    @Test func turkishIsStemmedBeforeAccentsAreFolded() {
        let analyzer = TermAnalyzer(language: "tr")
        #expect(analyzer.terms(forWord: "Önümde", isASCII: false) == [WordTerm(folded: "onumde", term: "on~tr", exact: "önümde")])
    }

    @Test func vietnameseIsNotStemmed() {
        let analyzer = TermAnalyzer(language: "vi")
        #expect(analyzer.terms(forWord: "Việt", isASCII: false) == [WordTerm(folded: "viet", term: "viet", exact: "việt")])
        #expect(StemmerLanguage.algorithm(for: "vi") == nil)
        #expect(StemmerLanguage.algorithm(for: "pt-BR") == "portuguese")
    }

    @Test func documentTermsAreCountedPerField() {
        let document = DocumentAnalyzer.analyze(SearchDocument(
            id: "x", url: "/x/", title: "Swift closures", tags: ["swift"], language: "en", body: "A closure. Tìm"))
        #expect(document.terms == ["swift~en", "closur~en", "a", "tim~en", "=tìm"])
        #expect(document.counts == [1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])
        #expect(document.vocabularyWords == ["swift", "closures", "a", "closure", "tim"])
        #expect(document.vocabularyTerms == [0, 1, 2, 1, 3])
        #expect(document.fieldLengths == [2, 1, 0, 0, 3, 0])
    }

    @Test func composedAndDecomposedTextIndexAlike() {
        let text = "Tìm kiếm ở Đà Nẵng, Önümde İstanbul, Kỹ thuật"
        let composed = DocumentAnalyzer.analyze(SearchDocument(id: "a", url: "/a/", title: text, language: "vi"))
        let decomposed = DocumentAnalyzer.analyze(SearchDocument(
            id: "a", url: "/a/", title: text.decomposedStringWithCanonicalMapping, language: "vi"))
        #expect(composed.terms == decomposed.terms)
        #expect(composed.counts == decomposed.counts)
        #expect(composed.vocabularyWords == decomposed.vocabularyWords)
        #expect(composed.terms.contains("=tìm"))
    }

    @Test func storedTextIsCollapsedAndCutAtASpace() {
        #expect(DocumentAnalyzer.collapsingWhitespace("  one\n\ttwo   three ", limit: 100) == "one two three")
        #expect(DocumentAnalyzer.collapsingWhitespace("one two three four", limit: 10) == "one two…")
    }

    @Test func everyUnicodeSpaceCollapses() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)..<0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "b"
            let expected = scalar.properties.isWhitespace ? "a b" : text
            if DocumentAnalyzer.collapsingWhitespace(text, limit: 100) != expected { mismatches.append(value) }
        }
        #expect(mismatches == [])
    }

    @Test func analysisOnManyThreadsEqualsAnalysisOnOne() throws {
        let documents = try VectorFiles.documents()
        let sequential = documents.map(DocumentAnalyzer.analyze)
        let results = ResultBox(count: documents.count * 4)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for (index, document) in documents.enumerated() {
                results.set(worker * documents.count + index, DocumentAnalyzer.analyze(document))
            }
        }
        for index in 0..<(documents.count * 4) { #expect(results.get(index) == sequential[index % documents.count]) }
    }

    @Test func analysedDocumentsSurviveACodableRoundTrip() throws {
        let analysed = try VectorFiles.documents().map(DocumentAnalyzer.analyze)
        let decoded = try JSONDecoder().decode([AnalyzedDocument].self, from: JSONEncoder().encode(analysed))
        #expect(decoded == analysed)
    }

    @Test(arguments: [
        ("1970-01-01", 1), ("1970-01-02T00:01:00Z", 1442), ("2024-05-01T10:30:00+02:00", 28_575_871),
        ("2024-05-01 08:30", 28_575_871), ("May 1st", 0), ("2024-13-01", 0),
    ])
    func datesBecomeMinutes(text: String, minutes: Int) {
        #expect(DateKey.minutes(fromISO8601: text) == minutes)
    }
}

/// Collects results written from several threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [AnalyzedDocument?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: AnalyzedDocument) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    func get(_ index: Int) -> AnalyzedDocument? {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}

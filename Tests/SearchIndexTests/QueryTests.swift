import Testing
@testable import SearchIndex

@Suite struct QueryTests {
    private func describe(_ clauses: [QueryClause]) -> [String] {
        clauses.map { clause in
            switch clause {
            case .word(let word): return word.folded + (word.isPrefix ? "*" : "")
            case .phrase(let words): return "\"" + words.map(\.folded).joined(separator: " ") + "\""
            }
        }
    }

    @Test func phrasesAndFreeWordsMix() {
        #expect(describe(QueryParser.parse("swift \"main actor\" clo")) == ["swift", "\"main actor\"", "clo*"])
    }

    @Test func aWordFollowedBySpaceIsNoLongerAPrefix() {
        #expect(describe(QueryParser.parse("closure ")) == ["closure"])
        #expect(describe(QueryParser.parse("closure")) == ["closure*"])
    }

    @Test func unclosedAndOneWordPhrasesDegradeGracefully() {
        #expect(describe(QueryParser.parse("\"trailing closure")) == ["\"trailing closure\""])
        #expect(describe(QueryParser.parse("“swift”")) == ["swift"])
        #expect(describe(QueryParser.parse("\"\"")) == [])
    }

    @Test func accentedWordsKeepTheirExactForm() {
        guard case .word(let word) = QueryParser.parse("Tìm").first else {
            Issue.record("no word")
            return
        }
        #expect(word.folded == "tim")
        #expect(word.exact == "tìm")
        guard case .word(let plain) = QueryParser.parse("İstanbul").first else {
            Issue.record("no word")
            return
        }
        #expect(plain.folded == "istanbul")
        #expect(plain.exact == nil)
    }

    @Test func atMostTwelveWordsCount() {
        let text = (1...20).map { "w\($0)" }.joined(separator: " ")
        #expect(QueryParser.parse(text).count == QueryParser.maximumWords)
    }

    @Test func arbitraryTextNeverBreaksTheParserOrTheEngine() throws {
        let engine = try VectorFiles.engine(VectorFiles.builtIndex())
        var generator = SplitMix(seed: 7)
        let alphabet: [Unicode.Scalar] = ["\"", " ", "a", "s", "w", "i", "İ", "ı", "\u{0301}", "\u{201C}", "_", "'", "日",
                                          "\u{1F600}", "é", "ğ", "-", "@", ":", "\u{FFFD}", "\u{0}", "t"]
        for _ in 0..<500 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 24) { view.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            let text = String(view)
            let clauses = QueryParser.parse(text)
            #expect(clauses.count <= QueryParser.maximumWords)
            let response = try engine.search(SearchQuery(text))
            #expect(response.results.count <= response.total)
        }
    }
}

/// A small deterministic random number generator for fuzzing.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

import Testing
@testable import SearchIndex

@Suite struct ExcerptTests {
    private func marker(words: Set<String> = [], terms: [String] = []) -> MatchMarker {
        var marker = MatchMarker()
        marker.words = words
        marker.terms = terms
        return marker
    }

    private func excerpt(_ passages: [String], description: String = "", _ words: [MatchMarker]) -> Excerpt.Result {
        var all = MatchMarker()
        for word in words { all.add(word) }
        return Excerpt.make(passages: passages, description: description, words: words, marker: all)
    }

    @Test func excerptsAreEscapedAndMarkMatchedWords() {
        let result = excerpt(["a <script>x</script> & b"], [marker(words: ["script"])])
        #expect(result.text == "a <script>x</script> & b")
        #expect(result.html == "a &lt;<mark>script</mark>&gt;x&lt;/<mark>script</mark>&gt; &amp; b")
        #expect(result.highlights == [TextRange(start: 3, length: 6), TextRange(start: 13, length: 6)])
    }

    @Test func longTextIsCutAroundTheFirstMatch() {
        let filler = Array(repeating: "word", count: 60).joined(separator: " ")
        let result = excerpt([filler + " Needles here " + filler], [marker(terms: ["needl"])])
        #expect(result.text.hasPrefix("…"))
        #expect(result.text.hasSuffix("…"))
        #expect(result.html.contains("<mark>Needles</mark> here"))
        #expect(result.text.unicodeScalars.count <= Excerpt.length + 2)
    }

    @Test func thePassageHoldingMostQueryWordsIsChosen() {
        let words = [marker(words: ["swift"]), marker(words: ["actor"])]
        let passages = ["Intro.", "Swift is a language.", "An actor in Swift isolates state.", "Actor again."]
        #expect(excerpt(passages, words).html == "An <mark>actor</mark> in <mark>Swift</mark> isolates state.")
    }

    @Test func theDescriptionIsShownWhenNoPassageMatches() {
        let words = [marker(words: ["title"])]
        #expect(excerpt(["one", "two"], description: "About it", words).html == "About it")
        #expect(excerpt(["one", "two"], words).html == "one")
        #expect(excerpt(["one", "a title here"], description: "About it", words).html == "a <mark>title</mark> here")
    }

    @Test func highlightsCountUTF16Units() {
        #expect(excerpt(["😀 x"], [marker(words: ["x"])]).highlights == [TextRange(start: 3, length: 1)])
    }
}

import Testing
@testable import SearchIndex

@Suite struct ExcerptTests {
    @Test func excerptsAreEscapedAndMarkMatchedWords() {
        var marker = MatchMarker()
        marker.words = ["script"]
        let excerpt = Excerpt.make(sources: ["a <script>x</script> & b"], marker: marker)
        #expect(excerpt.text == "a <script>x</script> & b")
        #expect(excerpt.html == "a &lt;<mark>script</mark>&gt;x&lt;/<mark>script</mark>&gt; &amp; b")
        #expect(excerpt.highlights == [TextRange(start: 3, length: 6), TextRange(start: 13, length: 6)])
    }

    @Test func longTextIsCutAroundTheFirstMatch() {
        var marker = MatchMarker()
        marker.terms = ["needl"]
        let filler = Array(repeating: "word", count: 60).joined(separator: " ")
        let excerpt = Excerpt.make(sources: [filler + " Needles here " + filler], marker: marker)
        #expect(excerpt.text.hasPrefix("…"))
        #expect(excerpt.text.hasSuffix("…"))
        #expect(excerpt.html.contains("<mark>Needles</mark> here"))
        #expect(excerpt.text.unicodeScalars.count <= Excerpt.length + 2)
    }

    @Test func theSourceHoldingAMatchIsPreferred() {
        var marker = MatchMarker()
        marker.words = ["two"]
        #expect(Excerpt.make(sources: ["one", "two"], marker: marker).html == "<mark>two</mark>")
        #expect(Excerpt.make(sources: ["", "three"], marker: marker).html == "three")
    }

    @Test func highlightsCountUTF16Units() {
        var marker = MatchMarker()
        marker.words = ["x"]
        #expect(Excerpt.make(sources: ["😀 x"], marker: marker).highlights == [TextRange(start: 3, length: 1)])
    }
}

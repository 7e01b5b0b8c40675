import Bytes
import Testing
@testable import SearchIndex

@Suite struct FormatTests {
    @Test func varintsEncodeFiveBitsPerCharacter() {
        var bytes: [UInt8] = []
        for value in [0, 1, 1023, 5, 94] { VarintCodec.append(value, to: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self) == "AB_fF-C")
        #expect(VarintCodec.decode("AB_fF-C") == [0, 1, 1023, 5, 94])
    }

    @Test func malformedVarintsAreRejected() {
        #expect(VarintCodec.decode("g") == nil)
        #expect(VarintCodec.decode("A*") == nil)
        #expect(VarintCodec.decode("é") == nil)
    }

    @Test func ordinalSetsPickTheShorterEncoding() {
        #expect(OrdinalSetCodec.encode([5, 100]) == "F-C")
        #expect(OrdinalSetCodec.encode(Array(0..<12)) == "*__")
        #expect(OrdinalSetCodec.decode("*__") == Set(0..<12))
        #expect(OrdinalSetCodec.decode("F-C") == [5, 100])
        #expect(OrdinalSetCodec.decode("*é") == nil)
    }

    @Test func keysAreOrderedByCodePoint() {
        let keys = ["z", "\u{FF21}", "a", "\u{1F600}", "ab", "é"]
        #expect(keys.sorted(by: IndexFormat.precedes) == ["a", "ab", "z", "é", "\u{FF21}", "\u{1F600}"])
    }

    @Test func keysAreOrderedByTheirBytesNotByCanonicalEquivalence() {
        // Long enough to live on the heap, sharing long prefixes.
        let prefix = "posts/a-rather-long-folder-name/"
        let keys = [prefix + "b/index.html", prefix + "a/index.html", prefix + "a", prefix + "é", prefix + "e\u{301}"]
        #expect(keys.sorted(by: IndexFormat.precedes) == [
            prefix + "a", prefix + "a/index.html", prefix + "b/index.html", prefix + "e\u{301}", prefix + "é",
        ])
        // Equal as Swift strings, different as bytes: neither precedes itself.
        #expect(IndexFormat.precedes("e\u{301}", "é") && !IndexFormat.precedes("é", "e\u{301}"))
        #expect(!IndexFormat.precedes(prefix, prefix))
    }

    @Test func byteOrderGivesPositionsAndKeepsEqualKeysInPlace() {
        let keys = ["b", "a/x", "e\u{301}", "a", "é", "b", ""]
        let order = byteOrder(of: keys)
        #expect(order == [6, 3, 1, 0, 5, 2, 4])
        #expect(order.map { keys[$0] } == keys.sorted(by: precedesByBytes))
        #expect(byteOrder(of: []).isEmpty)
    }

    @Test func piecesAreNamedByTheHashOfTheirFirstKey() {
        #expect(IndexFormat.hashName("") == "811c9dc5")
        #expect(IndexFormat.hashName("a") == "e40c292c")
    }

    @Test func chunkCountsArePowersOfTwo() {
        #expect(IndexFormat.chunkCount(forDocuments: 0) == 1)
        #expect(IndexFormat.chunkCount(forDocuments: 10) == 1)
        #expect(IndexFormat.chunkCount(forDocuments: 11) == 2)
        #expect(IndexFormat.chunkCount(forDocuments: 10_000) == 1024)
        #expect(IndexFormat.chunkCount(forDocuments: 1_000_000) == 8192)
    }

    @Test func editDistanceStopsAtTheLimit() {
        let kitten = Array("kitten".unicodeScalars), sitting = Array("sitting".unicodeScalars)
        #expect(EditDistance.distance(kitten, sitting, limit: 3) == 3)
        #expect(EditDistance.distance(kitten, sitting, limit: 1) == 2)
        #expect(String(String.UnicodeScalarView(EditDistance.soundKey(Array("spotlight".unicodeScalars)))) == "spotlit")
        #expect(EditDistance.typoDistance(Array("spotlite".unicodeScalars), Array("spotlight".unicodeScalars), limit: 1) == 1)
    }
}

import Testing
import Bytes

/// The published FNV-1a test values: the caches on disk and the search
/// index's file names depend on these exact numbers.
@Suite struct FNV1aTests {
    @Test func sixtyFourBitHashOfTextMatchesTheReferenceValues() {
        #expect(FNV1a64.hash("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a64.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
    }

    @Test func textHashesAsItsUTF8Bytes() {
        #expect(FNV1a64.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash("foobar") == 0x8594_4171_f739_67e8)
        let long = String(repeating: "İstanbul'da ılık ", count: 8)
        #expect(FNV1a64.hash(long) == FNV1a64.hash(Array(long.utf8)))
    }

    @Test func bytesFedOneAtATimeHashAsTheWholeSequence() {
        var hash = FNV1a64()
        for byte in "foo".utf8 { hash.combine(byte) }
        hash.combine(contentsOf: "bar".utf8)
        #expect(hash.value == FNV1a64.hash("foobar".utf8))
    }

    @Test func thirtyTwoBitHashOfTextMatchesTheReferenceValues() {
        #expect(FNV1a32.hash("".utf8) == 0x811c_9dc5)
        #expect(FNV1a32.hash("a".utf8) == 0xe40c_292c)
        #expect(FNV1a32.hash("foobar".utf8) == 0xbf9c_f968)
    }
}

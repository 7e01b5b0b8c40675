import Testing
import Bytes

@Suite struct ByteSearchTests {
    @Test func findsTheFirstOccurrenceAtOrAfterTheStart() {
        let bytes = Array("ab href=\"#x\" href=\"#y\"".utf8)
        #expect(ByteSearch.firstOffset(of: Array("href".utf8), in: bytes) == 3)
        #expect(ByteSearch.firstOffset(of: Array("href".utf8), in: bytes, from: 4) == 13)
        #expect(ByteSearch.firstOffset(of: Array("href".utf8), in: bytes, from: 14) == nil)
    }

    @Test func edgesAnswerNothingRatherThanReadingOutside() {
        let bytes = Array("abc".utf8)
        #expect(ByteSearch.firstOffset(of: [], in: bytes) == nil)
        #expect(ByteSearch.firstOffset(of: Array("abcd".utf8), in: bytes) == nil)
        #expect(ByteSearch.firstOffset(of: Array("c".utf8), in: bytes, from: 3) == nil)
        #expect(ByteSearch.firstOffset(of: Array("c".utf8), in: bytes, from: 9) == nil)
        #expect(ByteSearch.firstOffset(of: Array("c".utf8), in: [UInt8]()) == nil)
        #expect(ByteSearch.firstOffset(of: Array("c".utf8), in: bytes, from: 2) == 2)
    }

    @Test func substringsAreSearchedWithinTheirOwnBounds() {
        let text = "param {{< param x >}} tail"
        let slice = text.dropFirst(6).prefix(15)
        #expect(ByteSearch.contains("param", in: slice))
        #expect(!ByteSearch.contains("tail", in: slice))
        #expect(ByteSearch.contains("çe", in: "Türkçe"))
        #expect(!ByteSearch.contains("ce", in: "Türkçe"))
    }
}

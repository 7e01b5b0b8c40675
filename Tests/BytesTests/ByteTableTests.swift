import Testing
import Bytes

@Suite struct ByteTableTests {
    private func insert(_ text: String, into table: inout ByteTable) -> (index: Int, isNew: Bool) {
        var text = text
        return text.withUTF8 { table.insert($0) }
    }

    private func index(of text: String, in table: ByteTable) -> Int? {
        let bytes = Array(text.utf8)
        let hash = ByteTable.hashAndHead(length: bytes.count) { bytes[$0] }.hash
        return table.index(hash: hash, length: bytes.count) { bytes[$0] }
    }

    /// Strings are numbered in the order they were first added, through
    /// many growths of the table.
    @Test func stringsAreNumberedInTheOrderAdded() {
        var table = ByteTable()
        for number in 0..<5000 { #expect(insert("word\(number)", into: &table) == (number, true)) }
        #expect(insert("", into: &table) == (5000, true))
        #expect(insert("word42", into: &table) == (42, false))
        #expect(insert("", into: &table) == (5000, false))
        #expect(table.count == 5001)
        for number in stride(from: 0, to: 5000, by: 97) { #expect(index(of: "word\(number)", in: table) == number) }
        #expect(index(of: "word5000", in: table) == nil)
        #expect(index(of: "word", in: table) == nil)
        #expect(index(of: "", in: table) == 5000)
    }

    /// Bytes in memory, read a few at a time, hash as they do read one at a
    /// time through a closure (how keywords are looked up): every length
    /// up to twenty, zeros and high bytes among them.
    @Test func bytesInMemoryHashAsBytesReadOneByOne() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...20 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in [0, 0x41, 0x7A, 0xC4, 0xFF, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator) ?? 0 }
                let oneByOne = ByteTable.hashAndHead(length: length) { bytes[$0] }
                let inMemory = bytes.withUnsafeBufferPointer { ByteTable.hashAndHead(of: $0) }
                #expect(inMemory == oneByOne, "\(bytes)")
            }
        }
    }

    /// Strings of eight bytes or fewer are hashed from their bytes packed
    /// into one integer, longer ones through FNV-1a: strings on either side
    /// of the line, and strings alike in their first eight bytes or in
    /// all but their length, are each found as themselves.
    @Test func shortAndLongStringsAreFoundAsThemselves() {
        let texts = ["a", "a\u{0}", "\u{0}", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghj", "abcdefgh\u{0}",
                     "ı", "ılık", "ılıklar", "a longer word than eight bytes"]
        var table = ByteTable()
        for (number, text) in texts.enumerated() { #expect(insert(text, into: &table) == (number, true)) }
        for (number, text) in texts.enumerated() {
            #expect(insert(text, into: &table) == (number, false))
            #expect(index(of: text, in: table) == number)
        }
        #expect(index(of: "abcdefghk", in: table) == nil)
        #expect(index(of: "abcdef", in: table) == nil)
    }

    /// A look-up may read its bytes changed on the way (here, as lowercase).
    @Test func lookUpReadsBytesThroughTheCallersFunction() {
        var table = ByteTable(capacity: 2)
        _ = insert("select", into: &table)
        let text = Array("SeLeCt".utf8)
        let hash = ByteTable.hashAndHead(length: text.count) { text[$0] | 0x20 }.hash
        #expect(table.index(hash: hash, length: text.count) { text[$0] | 0x20 } == 0)
        #expect(index(of: "SeLeCt", in: table) == nil)
        #expect(ByteTable().index(hash: 0, length: 0) { _ in 0 } == nil)
    }
}

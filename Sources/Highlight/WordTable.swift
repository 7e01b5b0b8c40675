import Bytes

/// A fixed set of words, each mapped to a small value, looked up directly
/// from UTF-8 bytes without creating a `String`: a `ByteTable` of the words
/// and the value of each. Built once per language. A class, so that the
/// lexers' shared tables are passed around without copying or retaining
/// each array.
final class WordTable: Sendable {
    private let table: ByteTable
    private let values: [Int32]

    /// Creates a table in which each word maps to its value. A word listed
    /// twice keeps the later value.
    init(_ entries: [(String, Int)]) {
        // A third full at most: a probe of a word not listed ends soon.
        var table = ByteTable(capacity: entries.count * 3 / 2)
        var values: [Int32] = []
        for (text, value) in entries {
            var text = text
            let (index, isNew) = text.withUTF8 { table.insert($0) }
            if isNew { values.append(Int32(value)) } else { values[index] = Int32(value) }
        }
        self.table = table
        self.values = values
    }

    /// Creates a table in which every word of `words` maps to the same value.
    convenience init(_ words: [String], value: Int) {
        self.init(words.map { ($0, value) })
    }

    /// The value of the word `text[start..<end]`, or `nil` if it is not in
    /// the table.
    func value(of text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        lookUp(text, from: start, to: end, ignoringCase: false)
    }

    /// The value of the word `text[start..<end]` read with ASCII capitals
    /// as lowercase letters, for languages whose keywords are written in any
    /// case (SQL's `SELECT` and `select`). The table's words must be
    /// lowercase.
    func value(ignoringCaseOf text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        lookUp(text, from: start, to: end, ignoringCase: true)
    }

    @inline(__always)
    private func lookUp(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, ignoringCase: Bool) -> Int? {
        @inline(__always) func byte(at index: Int) -> UInt8 {
            let byte = text[index]
            return ignoringCase && ByteClass.isUppercase(byte) ? byte | 0x20 : byte
        }
        let length = end - start
        if length <= 0 || length > 40 { return nil }
        let hash = ByteTable.hashAndHead(length: length) { byte(at: start + $0) }.hash
        return table.index(hash: hash, length: length) { byte(at: start + $0) }.map { Int(values[$0]) }
    }

    /// Whether `text[start..<end]` is in the table.
    func contains(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        value(of: text, from: start, to: end) != nil
    }
}

import Bytes

/// A fixed set of words, each mapped to a small value, looked up directly
/// from UTF-8 bytes without creating a `String`.
///
/// Open addressing over an FNV-1a hash; built once per language. A class,
/// so that the lexers' shared tables are passed around without copying or
/// retaining each array.
final class WordTable: Sendable {
    private let slots: [Int32]
    private let starts: [Int32]
    private let lengths: [Int32]
    private let values: [Int32]
    private let storage: [UInt8]
    private let mask: Int

    /// Creates a table in which each word maps to its value. A word listed
    /// twice keeps the later value.
    init(_ entries: [(String, Int)]) {
        var capacity = 16
        while capacity < entries.count * 3 { capacity *= 2 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        var starts: [Int32] = []
        var lengths: [Int32] = []
        var values: [Int32] = []
        var storage: [UInt8] = []
        for (text, value) in entries {
            let word = Array(text.utf8)
            var slot = Self.hash(word) & mask
            var isDuplicate = false
            while slots[slot] >= 0 {
                let entry = Int(slots[slot])
                if storage[Int(starts[entry])..<Int(starts[entry] + lengths[entry])].elementsEqual(word) {
                    values[entry] = Int32(value)
                    isDuplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if isDuplicate { continue }
            slots[slot] = Int32(values.count)
            starts.append(Int32(storage.count))
            lengths.append(Int32(word.count))
            values.append(Int32(value))
            storage.append(contentsOf: word)
        }
        self.mask = mask
        self.slots = slots
        self.starts = starts
        self.lengths = lengths
        self.values = values
        self.storage = storage
    }

    /// Creates a table in which every word of `words` maps to the same value.
    convenience init(_ words: [String], value: Int) {
        self.init(words.map { ($0, value) })
    }

    private static func hash(_ bytes: [UInt8]) -> Int {
        let hash = FNV1a64.hash(bytes)
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
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
        var digest = FNV1a64()
        for index in start..<end { digest.combine(byte(at: index)) }
        let hash = digest.value
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if Int(lengths[entry]) == length {
                let stored = Int(starts[entry])
                var matches = true
                for offset in 0..<length where storage[stored + offset] != byte(at: start + offset) {
                    matches = false
                    break
                }
                if matches { return Int(values[entry]) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `text[start..<end]` is in the table.
    func contains(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        value(of: text, from: start, to: end) != nil
    }
}

import Bytes

/// An open-addressing hash table from byte strings to consecutive integer
/// identifiers, so that the analyzer can recognise a word it has seen
/// without creating a `String` for it.
struct ByteTable {
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var starts: [Int] = []
    private var lengths: [Int32] = []
    private var arena: [UInt8] = []
    private var mask: Int

    /// The number of distinct keys.
    private(set) var count = 0

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// The identifier of `bytes`, and whether it was just added.
    mutating func identifier(for bytes: UnsafeBufferPointer<UInt8>) -> (id: Int, isNew: Bool) {
        let hash = FNV1a64.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let id = Int(slots[slot])
            if id < 0 { break }
            if hashes[id] == hash && Int(lengths[id]) == bytes.count && equals(id, bytes) { return (id, false) }
            slot = (slot + 1) & mask
        }
        let id = count
        slots[slot] = Int32(id)
        hashes.append(hash)
        starts.append(arena.count)
        lengths.append(Int32(bytes.count))
        arena.append(contentsOf: bytes)
        count += 1
        if count * 2 > slots.count { grow() }
        return (id, true)
    }

    private func equals(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[id]
        for index in 0..<bytes.count where arena[start + index] != bytes[index] { return false }
        return true
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        for id in 0..<count {
            var slot = Int(truncatingIfNeeded: hashes[id] ^ (hashes[id] >> 29)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }
}

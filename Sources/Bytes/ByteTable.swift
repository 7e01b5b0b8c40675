#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open-addressing hash table from byte strings to the numbers 0, 1, 2…
/// in the order they were added: the table behind the search analyzer's
/// words and the highlighter's keywords. A string is found from its bytes,
/// without making a `String`; what goes with each number (a value, a word's
/// analysis) the caller keeps in an array of its own. Strings are never
/// removed. (The template engine's `Fields` keeps a table of its own: it
/// compares names as `String`s, which this one would make slower.)
///
/// Keyed by `hashAndHead(length:byte:)`, which reads a string through a
/// closure, so that a caller that reads a string changed on the way
/// (keywords in any case) hashes the changed bytes.
public struct ByteTable: Sendable {
    /// One place of the table: the number of a string (-1 when empty), its
    /// length and its first eight bytes (zeros after a shorter one). A
    /// look-up reads one slot for each place it probes, and a string of
    /// eight bytes or fewer, most words, is told by its slot alone.
    @usableFromInline struct Slot: Sendable {
        @usableFromInline var head: UInt64
        @usableFromInline var index: Int32
        @usableFromInline var length: Int32

        @usableFromInline static let empty = Slot(head: 0, index: -1, length: 0)

        @inlinable init(head: UInt64, index: Int32, length: Int32) {
            self.head = head
            self.index = index
            self.length = length
        }
    }

    /// A power of two long, at most half full.
    @usableFromInline var slots: [Slot]
    @usableFromInline var hashes: [UInt64] = []
    @usableFromInline var starts: [Int] = []
    @usableFromInline var arena: [UInt8] = []

    /// Room for `capacity` strings before the table first grows.
    public init(capacity: Int = 0) {
        var size = 4
        while size < capacity * 2 { size <<= 1 }
        slots = [Slot](repeating: .empty, count: size)
    }

    /// The number of strings.
    @inlinable
    public var count: Int { hashes.count }

    /// The table's hash of the string `length` bytes long whose byte at
    /// each offset is `byte(offset)`, and its first eight bytes as one
    /// integer, the first lowest (zeros after a shorter string). A string
    /// of eight bytes or fewer, most words, is hashed from that integer by
    /// one multiplication; a longer one by a multiplication for each eight
    /// bytes. Both are mixed so that the low bits, which pick the slot,
    /// depend on every byte.
    @inlinable
    public static func hashAndHead(length: Int, byte: (Int) -> UInt8) -> (hash: UInt64, head: UInt64) {
        // The bytes from `offset`, at most eight, as one integer.
        func lanes(from offset: Int) -> UInt64 {
            var lanes: UInt64 = 0
            for lane in 0..<min(8, length &- offset) { lanes |= UInt64(byte(offset &+ lane)) &<< UInt64(lane &<< 3) }
            return lanes
        }
        let head = lanes(from: 0)
        return (hash(head: head, length: length, lanes: lanes), head)
    }

    /// The hash of a string whose first eight bytes are `head`: from `head`
    /// alone up to eight bytes, else with `lanes(offset)`, the (at most
    /// eight) bytes from each further eighth offset as one integer. Both
    /// ways of reading a string end here, so that they give the same hash.
    @inlinable @inline(__always)
    static func hash(head: UInt64, length: Int, lanes: (Int) -> UInt64) -> UInt64 {
        guard length > 8 else {
            let mixed = head &* 0x9E37_79B9_7F4A_7C15
            return mixed ^ (mixed >> 32)
        }
        // Eight bytes a step, each step one multiplication: byte after byte
        // (FNV-1a) was a chain of a multiplication for each byte, and most
        // long words are nine to sixteen bytes.
        var mixed = (head ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
        var offset = 8
        while offset < length {
            mixed = (mixed ^ (mixed >> 29) ^ lanes(offset)) &* 0x9E37_79B9_7F4A_7C15
            offset &+= 8
        }
        return mixed ^ (mixed >> 32)
    }

    /// `hashAndHead(length:byte:)` of bytes in memory, whose first eight
    /// bytes are read in one or two loads rather than one at a time: the
    /// search analyzer hashes every word of every document.
    @inlinable @inline(__always)
    public static func hashAndHead(of bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, head: UInt64) {
        let length = bytes.count
        guard let base = bytes.baseAddress, length > 0 else { return hashAndHead(length: 0) { _ in 0 } }
        let raw = UnsafeRawPointer(base)
        let head: UInt64
        if length >= 8 {
            head = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        } else if length >= 4 {
            // The first four bytes and the last four, which overlap.
            let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let last = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)))
            head = first | last << UInt64((length - 4) << 3)
        } else {
            // The first, middle and last bytes: all of one to three.
            head = UInt64(base[0]) | UInt64(base[length >> 1]) << UInt64((length >> 1) << 3)
                | UInt64(base[length - 1]) << UInt64((length - 1) << 3)
        }
        return (hash(head: head, length: length) { offset in
            // A part shorter than eight bytes is read as the last eight,
            // the bytes before it shifted out.
            let rest = length &- offset
            if rest >= 8 { return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self))
            return last &>> UInt64((8 &- rest) &<< 3)
        }, head)
    }

    /// The number of the string `length` bytes long whose byte at each
    /// offset is `byte(offset)` and whose hash is `hash`; or, when there is
    /// none, the negative `-1 - slot` of the empty slot it would take.
    @inlinable
    func find(hash: UInt64, length: Int, byte: (Int) -> UInt8) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let place = slots[slot]
            let index = Int(place.index)
            if index < 0 { return -1 - slot }
            if Int(place.length) == length && hashes[index] == hash {
                let start = starts[index]
                var offset = 0
                while offset < length && arena[start + offset] == byte(offset) { offset += 1 }
                if offset == length { return index }
            }
            slot = (slot + 1) & mask
        }
    }

    /// `find(hash:length:byte:)` for bytes in memory whose first eight
    /// bytes are `head`: the search analyzer's words, looked up for every
    /// word of every document. Most are eight bytes or fewer, found by
    /// their length and head in the slot, with no other read.
    @inlinable @inline(__always)
    func find(hash: UInt64, bytes: UnsafeBufferPointer<UInt8>, head: UInt64) -> Int {
        let length = bytes.count
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let place = slots[slot]
            let index = Int(place.index)
            if index < 0 { return -1 - slot }
            if place.head == head && Int(place.length) == length {
                if length <= 8 { return index }
                guard hashes[index] == hash else {
                    slot = (slot + 1) & mask
                    continue
                }
                let start = starts[index]
                if arena.withUnsafeBufferPointer({ Self.equal($0.baseAddress.map { $0 + start }, bytes.baseAddress, count: length) }) {
                    return index
                }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the `count` bytes at `first` and at `second` are the same.
    @inlinable
    static func equal(_ first: UnsafePointer<UInt8>?, _ second: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard let first, let second else { return false }
        return memcmp(first, second, count) == 0
    }

    /// The number of the string `length` bytes long whose byte at each
    /// offset is `byte(offset)` and whose hash is `hash`; nil when the table
    /// does not hold it.
    @inlinable
    public func index(hash: UInt64, length: Int, byte: (Int) -> UInt8) -> Int? {
        let found = find(hash: hash, length: length, byte: byte)
        return found >= 0 ? found : nil
    }

    /// The number of `bytes`, and whether they were just added (with the
    /// next number).
    @inlinable @inline(__always)
    public mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, isNew: Bool) {
        let (hash, head) = Self.hashAndHead(of: bytes)
        let found = find(hash: hash, bytes: bytes, head: head)
        if found >= 0 { return (found, false) }
        return (add(bytes, hash: hash, head: head, slot: -1 - found), true)
    }

    /// Adds `bytes`, not in the table, at `slot`; returns their number.
    @usableFromInline
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, head: UInt64, slot: Int) -> Int {
        let index = count
        slots[slot] = Slot(head: head, index: Int32(index), length: Int32(bytes.count))
        hashes.append(hash)
        starts.append(arena.count)
        arena.append(contentsOf: bytes)
        if count * 2 > slots.count { grow() }
        return index
    }

    @usableFromInline
    mutating func grow() {
        let size = slots.count * 2
        let old = slots
        slots = [Slot](repeating: .empty, count: size)
        for place in old where place.index >= 0 {
            var slot = Int(truncatingIfNeeded: hashes[Int(place.index)]) & (size - 1)
            while slots[slot].index >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = place
        }
    }
}

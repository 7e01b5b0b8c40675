import Bytes

/// The named fields of a dictionary ``Value``, read-only once made.
///
/// A small open-addressing table keyed by a 64-bit FNV-1a hash of each
/// name's UTF-8 bytes. The renderer hashes every name of a template once,
/// when the template is parsed, and a look-up then costs a probe or two and
/// one comparison of the names, where a `[String: Value]` would hash the
/// name again (with a seeded hasher) in every context it is looked for in.
///
/// Iteration gives the fields in the order of their names (sorted when
/// asked for: rendering never iterates, and making fields should not pay
/// for a sort).
public struct Fields: Sendable {
    private final class Storage: Sendable {
        let names: [String]
        let values: [Value]
        let hashes: [UInt64]
        /// Indexes into `names`, -1 for an empty slot; a power of two long.
        let slots: [Int32]

        /// Fields of `names` and `values`; a name given again keeps its
        /// first place and takes its last value.
        init(names: [String], values: [Value]) {
            var (names, values, hashes) = (names, values, names.map(Fields.hash))
            var size = 4
            while size < names.count * 2 { size <<= 1 }
            var slots = [Int32](repeating: -1, count: size)
            var repeated: [Int] = []
            for index in names.indices {
                var slot = Int(truncatingIfNeeded: hashes[index]) & (size - 1)
                while slots[slot] >= 0 {
                    let other = Int(slots[slot])
                    if hashes[other] == hashes[index] && names[other] == names[index] { break }
                    slot = (slot + 1) & (size - 1)
                }
                if slots[slot] >= 0 {
                    values[Int(slots[slot])] = values[index]
                    repeated.append(index)
                } else {
                    slots[slot] = Int32(index)
                }
            }
            if !repeated.isEmpty {
                // Rare: made again without the repeats, so that every name is counted once.
                for index in repeated.reversed() {
                    names.remove(at: index)
                    values.remove(at: index)
                    hashes.remove(at: index)
                }
                slots = [Int32](repeating: -1, count: size)
                for (index, hash) in hashes.enumerated() {
                    var slot = Int(truncatingIfNeeded: hash) & (size - 1)
                    while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
                    slots[slot] = Int32(index)
                }
            }
            (self.names, self.values, self.hashes, self.slots) = (names, values, hashes, slots)
        }
    }

    private let storage: Storage

    /// Fields with the names and values of `dictionary`.
    public init(_ dictionary: [String: Value]) {
        var names: [String] = []
        var values: [Value] = []
        names.reserveCapacity(dictionary.count)
        values.reserveCapacity(dictionary.count)
        for (name, value) in dictionary {
            names.append(name)
            values.append(value)
        }
        storage = Storage(names: names, values: values)
    }

    /// Fields with the names and values of `pairs`, made straight from them,
    /// without a `Dictionary` first: a name given again keeps its last value.
    public init(_ pairs: [(String, Value)]) {
        storage = Storage(names: pairs.map { $0.0 }, values: pairs.map { $0.1 })
    }

    /// The value of the field `name`, or `nil` when there is none.
    public subscript(name: String) -> Value? {
        value(named: name, hash: Fields.hash(name))
    }

    /// The value of the field `name` whose ``hash(_:)`` is `hash`.
    public func value(named name: String, hash: UInt64) -> Value? {
        let slots = storage.slots
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            if storage.hashes[index] == hash && storage.names[index] == name { return storage.values[index] }
            slot = (slot + 1) & mask
        }
    }

    /// The number of fields.
    public var count: Int { storage.names.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { storage.names.isEmpty }

    /// The names of the fields, in order.
    public var keys: [String] { storage.names.sorted() }

    /// The positions of the fields in the order of their names.
    private var sortedIndices: [Int] {
        let names = storage.names
        return names.indices.sorted { names[$0] < names[$1] }
    }

    /// The 64-bit FNV-1a hash of the UTF-8 bytes of `name`, mixed: what
    /// fields are found by, and what the renderer passes with each key.
    public static func hash(_ name: String) -> UInt64 {
        let hash = FNV1a64.hash(name)
        // Mixed so that the low bits, which pick the slot, depend on every byte.
        return hash ^ (hash >> 32)
    }
}

extension Fields: ExpressibleByDictionaryLiteral {
    /// Fields from a literal; a repeated name keeps its last value. Made
    /// straight from the pairs, without a `Dictionary` first: literals are
    /// small, and pages make thousands of them (links, tags, pagination).
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements)
    }
}

extension Fields: Sequence {
    /// The fields as name and value pairs, in the order of their names.
    public func makeIterator() -> IndexingIterator<[(String, Value)]> {
        sortedIndices.map { (storage.names[$0], storage.values[$0]) }.makeIterator()
    }
}

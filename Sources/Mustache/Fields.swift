import Bytes

/// The named fields of a dictionary ``Value``, read-only once made.
///
/// Keyed by a 64-bit FNV-1a hash of each name's UTF-8 bytes. The renderer
/// hashes every name of a template once, when the template is parsed, and a
/// look-up then compares hashes and one name, where a `[String: Value]`
/// would hash the name again (with a seeded hasher) in every context it is
/// looked for in. Up to eight fields are one array, gone through in order;
/// more have an open-addressing table beside it.
///
/// Iteration gives the fields in the order of their names (sorted when
/// asked for: rendering never iterates, and making fields should not pay
/// for a sort).
public struct Fields: Sendable {
    private final class Storage: Sendable {
        /// The fields in the order they were first given.
        let entries: [Entry]
        /// Indexes into `entries`, -1 for an empty slot, a power of two
        /// long; empty for a few fields, which are found by going through
        /// their hashes (most fields are a link's or a tag's two or three).
        let slots: [Int32]

        struct Entry {
            let hash: UInt64
            let name: String
            var value: Value
        }

        /// The most fields found without a table of slots.
        static let scanned = 8

        /// Fields of `pairs`; a name given again keeps its first place and
        /// takes its last value.
        init(_ pairs: [(String, Value)]) {
            var entries: [Entry] = []
            entries.reserveCapacity(pairs.count)
            var slots: [Int32] = []
            if pairs.count > Self.scanned {
                var size = 4
                while size < pairs.count * 2 { size <<= 1 }
                slots = [Int32](repeating: -1, count: size)
            }
            for (name, value) in pairs {
                let hash = Fields.hash(name)
                let known: Int?
                if slots.isEmpty {
                    known = Self.scan(for: name, hash: hash, in: entries)
                } else {
                    let slot = Self.slot(for: name, hash: hash, in: slots, entries: entries)
                    known = slots[slot] >= 0 ? Int(slots[slot]) : nil
                    if known == nil { slots[slot] = Int32(entries.count) }
                }
                if let known {
                    entries[known].value = value
                } else {
                    entries.append(Entry(hash: hash, name: name, value: value))
                }
            }
            (self.entries, self.slots) = (entries, slots)
        }

        func value(named name: String, hash: UInt64) -> Value? {
            if slots.isEmpty { return Self.scan(for: name, hash: hash, in: entries).map { entries[$0].value } }
            let index = Int(slots[Self.slot(for: name, hash: hash, in: slots, entries: entries)])
            guard index >= 0 else { return nil }
            return entries[index].value
        }

        /// The place of `name` among a few `entries`, found by going through them.
        @inline(__always)
        private static func scan(for name: String, hash: UInt64, in entries: [Entry]) -> Int? {
            entries.firstIndex { $0.hash == hash && $0.name == name }
        }

        /// The slot of `name` in `slots`, or the empty slot it would take.
        @inline(__always)
        private static func slot(for name: String, hash: UInt64, in slots: [Int32], entries: [Entry]) -> Int {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 {
                let entry = entries[Int(slots[slot])]
                if entry.hash == hash && entry.name == name { break }
                slot = (slot + 1) & mask
            }
            return slot
        }
    }

    private let storage: Storage

    /// Fields with the names and values of `dictionary`.
    public init(_ dictionary: [String: Value]) {
        storage = Storage(dictionary.map { ($0.key, $0.value) })
    }

    /// Fields with the names and values of `pairs`, made straight from them,
    /// without a `Dictionary` first: a name given again keeps its last value.
    public init(_ pairs: [(String, Value)]) {
        storage = Storage(pairs)
    }

    /// The value of the field `name`, or `nil` when there is none.
    public subscript(name: String) -> Value? {
        value(named: name, hash: Fields.hash(name))
    }

    /// The value of the field `name` whose ``hash(_:)`` is `hash`.
    public func value(named name: String, hash: UInt64) -> Value? {
        storage.value(named: name, hash: hash)
    }

    /// The number of fields.
    public var count: Int { storage.entries.count }

    /// Whether `other` is this very set of fields (not an equal copy).
    func isIdentical(to other: Fields) -> Bool { storage === other.storage }

    /// Whether there are no fields.
    public var isEmpty: Bool { storage.entries.isEmpty }

    /// The names of the fields, in order.
    public var keys: [String] { storage.entries.map(\.name).sorted() }

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
        storage.entries.sorted { $0.name < $1.name }.map { ($0.name, $0.value) }.makeIterator()
    }
}

import Synchronization

/// Renderings of partials kept from one render to the next, so that a
/// partial shown many times for the same object (a post's summary on the
/// home page, on each of its tag pages and in its section) is rendered
/// once and copied after that.
///
/// Only a partial rendered for an element of a list that is an object
/// (`{{#posts}}{{>post-summary}}{{/posts}}`) is kept. With its text the
/// memo keeps what the partial read from outside that object: each name
/// that neither the object nor a section the partial opened answered, and
/// the value the name found (or that it found none). The kept text is
/// used for the same object, partial and indentation when every one of
/// those names finds the same value again; otherwise the partial is
/// rendered anew. Strings are compared by their bytes, numbers and flags
/// by value, and mappings and objects by identity, so a value made afresh
/// for each page counts as different. A rendering that calls a lambda or
/// fills a block is not kept: what it depends on is not seen.
///
/// Objects must answer the same each time they are asked. A memo serves
/// one set of templates (partials are told apart by name) and keeps each
/// object it holds a rendering of until the memo is released. It keeps
/// renderings up to a size, and renders anew whatever it has no room for,
/// so that its memory stays bounded however many objects are listed.
public final class PartialMemo: Sendable {
    struct Key: Hashable {
        let partial: String
        let object: ObjectIdentifier
        /// The indentation the partial's lines get, and whether its first
        /// line gets it (the output ended a line); both empty or false
        /// when it has none.
        let indentation: [UInt8]
        let startsLine: Bool
    }

    struct Rendering: Sendable {
        /// Each name looked up outside the object, with what it found.
        let reads: [(name: Name, value: Value?)]
        let bytes: [UInt8]
        /// Holds the object, so that its identifier is not reused.
        let object: any MustacheObject
    }

    /// Renderings kept per key: one for each set of outside values seen.
    private static let limit = 4

    private let renderings = Mutex<(byKey: [Key: [Rendering]], size: Int)>(([:], 0))
    private let sizeLimit: Int

    /// A memo that keeps renderings while they take less than about
    /// `sizeLimit` bytes in all.
    public init(sizeLimit: Int = 16 << 20) {
        self.sizeLimit = sizeLimit
    }

    func renderings(for key: Key) -> [Rendering] {
        renderings.withLock { $0.byKey[key] ?? [] }
    }

    func keep(_ rendering: Rendering, for key: Key) {
        // The text, the names read and the record around them.
        let size = rendering.bytes.count + rendering.reads.count * 64 + 160
        renderings.withLock { renderings in
            guard renderings.size + size <= sizeLimit, renderings.byKey[key, default: []].count < Self.limit else { return }
            renderings.byKey[key, default: []].append(rendering)
            renderings.size += size
        }
    }

    /// Whether `found` would render as `kept` did, wherever a template uses it.
    static func isSame(_ found: Value?, as kept: Value?) -> Bool {
        switch (found, kept) {
        case (nil, nil), (.null?, .null?): return true
        case (.bool(let a)?, .bool(let b)?): return a == b
        case (.int(let a)?, .int(let b)?): return a == b
        case (.double(let a)?, .double(let b)?): return a.bitPattern == b.bitPattern
        // By bytes: `==` takes differently composed accents as equal.
        case (.string(var a)?, .string(var b)?): return a.withUTF8 { a in b.withUTF8 { a.elementsEqual($0) } }
        case (.array(let a)?, .array(let b)?): return a.count == b.count && zip(a, b).allSatisfy { isSame($0, as: $1) }
        case (.dictionary(let a)?, .dictionary(let b)?): return a.isIdentical(to: b)
        case (.object(let a)?, .object(let b)?): return a === b
        default: return false
        }
    }
}

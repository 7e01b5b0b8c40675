import Foundation

/// A value of YAML front matter with the place it is written.
public struct YAMLValue: Sendable, Hashable {
    /// What a YAML value holds, typed by the YAML 1.2 core schema plus
    /// dates. Quoted scalars are always strings.
    public indirect enum Content: Sendable, Hashable {
        case null
        case bool(Bool)
        case integer(Int)
        case number(Double)
        /// A plain (unquoted) scalar that ``parseDate(_:timeZone:)`` reads,
        /// kept as written because its meaning needs a time zone.
        case date(String)
        case string(String)
        case list([YAMLValue])
        case mapping(YAMLMapping)
    }

    /// The value.
    public var content: Content
    /// The 1-based line of the value in the file.
    public var line: Int
    /// The 1-based column of the value in the file.
    public var column: Int
    /// The scalar as written (empty for lists and mappings), for messages.
    public var sourceText: String

    /// Creates a value.
    public init(content: Content, line: Int, column: Int, sourceText: String = "") {
        self.content = content
        self.line = line
        self.column = column
        self.sourceText = sourceText
    }

    /// Whether `other` holds the same value, wherever each is written.
    public func hasSameContent(as other: YAMLValue) -> Bool {
        switch (content, other.content) {
        case let (.list(a), .list(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameContent(as: $1) }
        case let (.mapping(a), .mapping(b)):
            return a.entries.count == b.entries.count
                && zip(a.entries, b.entries).allSatisfy { $0.key.name == $1.key.name && $0.value.hasSameContent(as: $1.value) }
        default:
            return content == other.content
        }
    }

    /// The value for an error message: `the number 5`, `'tomorrow'`,
    /// `a list`, ...
    public var summary: String {
        switch content {
        case .null: return "nothing (null)"
        case .bool: return "the boolean \(sourceText)"
        case .integer, .number: return "the number \(sourceText)"
        case .date(let text), .string(let text): return "'\(text)'"
        case .list: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// A YAML mapping in the order written, looked up by key without regard to
/// letter case (`Title:` answers `title`).
public struct YAMLMapping: Sendable, Hashable {
    /// A key of a mapping and where it is written.
    public struct Key: Sendable, Hashable {
        /// The key as written.
        public var name: String
        /// The 1-based line of the key in the file.
        public var line: Int
        /// The 1-based column of the key in the file.
        public var column: Int

        /// Creates a key named `name`, written at `line` and `column`.
        public init(name: String, line: Int, column: Int) {
            self.name = name
            self.line = line
            self.column = column
        }
    }

    /// The entries in the order written.
    public private(set) var entries: [(key: Key, value: YAMLValue)]
    /// Each key in lowercase, in the order written.
    private var foldedNames: [String]
    /// The place of each key in lowercase, kept once the mapping has more
    /// keys than a front matter's few: fewer are found by comparing them
    /// in turn, which is cheaper than hashing the name asked for.
    private var positions: [String: Int]
    private static let keysComparedInTurn = 16

    /// An empty mapping.
    public init() {
        entries = []
        foldedNames = []
        positions = [:]
    }

    /// A mapping of `entries` in the order given, for front matter read by
    /// another reader than libyaml. A later entry whose key repeats an
    /// earlier one in any letter case is left out: a reader reports
    /// duplicate keys itself, before it builds the mapping.
    public init(_ entries: [(key: Key, value: YAMLValue)]) {
        self.init()
        for (key, value) in entries {
            _ = add(key: key, value: value)
        }
    }

    /// The keys in the order written.
    public var keys: [Key] { entries.map(\.key) }

    /// The entry whose key matches `name` in any letter case.
    public func entry(_ name: String) -> (key: Key, value: YAMLValue)? {
        position(of: Self.folded(name)).map { entries[$0] }
    }

    private func position(of folded: String) -> Int? {
        foldedNames.count <= Self.keysComparedInTurn ? foldedNames.firstIndex(of: folded) : positions[folded]
    }

    /// `name` in lowercase; a name in lowercase ASCII already (the keys
    /// asked for, and most written) is not lowercased again.
    private static func folded(_ name: String) -> String {
        var name = name
        let isFolded = name.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 || $0 &- 0x41 < 26 } }
        return isFolded ? name : name.lowercased()
    }

    /// The value whose key matches `name` in any letter case.
    public subscript(_ name: String) -> YAMLValue? {
        entry(name)?.value
    }

    /// Adds an entry; returns the existing key instead when a key of the
    /// same name in any letter case is already there.
    mutating func add(key: Key, value: YAMLValue) -> Key? {
        let folded = Self.folded(key.name)
        if let existing = position(of: folded) { return entries[existing].key }
        // Room for a front matter's keys at once, rather than growing four times.
        if entries.isEmpty {
            entries.reserveCapacity(8)
            foldedNames.reserveCapacity(8)
        }
        foldedNames.append(folded)
        entries.append((key, value))
        if foldedNames.count > Self.keysComparedInTurn {
            if positions.isEmpty {
                for (place, name) in foldedNames.enumerated() { positions[name] = place }
            } else {
                positions[folded] = entries.count - 1
            }
        }
        return nil
    }

    public static func == (lhs: YAMLMapping, rhs: YAMLMapping) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (key, value) in entries {
            hasher.combine(key)
            hasher.combine(value)
        }
    }

    // MARK: - Typed access

    /// The string for `name`, or `nil` when the key is absent or null.
    /// Throws when the value is not a string (`title: 2024` must be quoted).
    public func string(_ name: String) throws(MarkupError) -> String? {
        guard let (key, value) = present(name) else { return nil }
        switch value.content {
        case .string(let text), .date(let text): return text
        default: throw mismatch("a string", key, value)
        }
    }

    /// The list of strings for `name`; a single string is a one-element
    /// list. Throws for anything else, at the offending value.
    public func strings(_ name: String) throws(MarkupError) -> [String]? {
        guard let (key, value) = present(name) else { return nil }
        switch value.content {
        case .string(let text), .date(let text): return [text]
        case .list(let items):
            var strings: [String] = []
            for item in items {
                switch item.content {
                case .string(let text), .date(let text): strings.append(text)
                default: throw mismatch("a list of strings", key, item)
                }
            }
            return strings
        default: throw mismatch("a list of strings", key, value)
        }
    }

    /// The boolean for `name` (`true` or `false`).
    public func bool(_ name: String) throws(MarkupError) -> Bool? {
        guard let (key, value) = present(name) else { return nil }
        guard case .bool(let flag) = value.content else { throw mismatch("true or false", key, value) }
        return flag
    }

    /// The whole number for `name`.
    public func int(_ name: String) throws(MarkupError) -> Int? {
        guard let (key, value) = present(name) else { return nil }
        guard case .integer(let number) = value.content else { throw mismatch("a whole number", key, value) }
        return number
    }

    /// The whole number for `name`, which must be `minimum` or more
    /// (`seriesPart: 0` when parts count from 1). Throws at the value
    /// when it is smaller.
    public func int(_ name: String, atLeast minimum: Int) throws(MarkupError) -> Int? {
        guard let number = try int(name), let (key, value) = present(name) else { return nil }
        guard number >= minimum else {
            throw MarkupError(
                line: value.line, column: value.column,
                message: "'\(key.name)' must be at least \(minimum), found \(number)")
        }
        return number
    }

    /// The whole number for `name`, which must lie in `range`: a setting
    /// such as a page size has a sensible span, and a value far outside it
    /// would make the site huge or the build overflow.
    public func int(_ name: String, in range: ClosedRange<Int>) throws(MarkupError) -> Int? {
        guard let number = try int(name), let (key, value) = present(name) else { return nil }
        guard range.contains(number) else {
            throw MarkupError(
                line: value.line, column: value.column,
                message: "'\(key.name)' must be from \(range.lowerBound) to \(range.upperBound), found \(number)")
        }
        return number
    }

    /// The number for `name`, whole or not.
    public func double(_ name: String) throws(MarkupError) -> Double? {
        guard let (key, value) = present(name) else { return nil }
        switch value.content {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: throw mismatch("a number", key, value)
        }
    }

    /// The date for `name`, read by ``parseDate(_:timeZone:)``; a date
    /// without a zone is in `timeZone`. Quoted dates are accepted too.
    public func date(_ name: String, timeZone: TimeZone) throws(MarkupError) -> Date? {
        guard let (key, value) = present(name) else { return nil }
        switch value.content {
        case .string(let text), .date(let text):
            if let date = parseDate(text, timeZone: timeZone) { return date }
        default:
            break
        }
        throw mismatch("a date like 2015-06-08 or 2015-06-08 10:00", key, value)
    }

    /// The mapping for `name`.
    public func mapping(_ name: String) throws(MarkupError) -> YAMLMapping? {
        guard let (key, value) = present(name) else { return nil }
        guard case .mapping(let mapping) = value.content else { throw mismatch("a mapping", key, value) }
        return mapping
    }

    /// The list for `name`, of values of any type.
    public func list(_ name: String) throws(MarkupError) -> [YAMLValue]? {
        guard let (key, value) = present(name) else { return nil }
        guard case .list(let items) = value.content else { throw mismatch("a list", key, value) }
        return items
    }

    /// The entry for `name` unless it is absent or null.
    private func present(_ name: String) -> (key: Key, value: YAMLValue)? {
        guard let found = entry(name) else { return nil }
        if case .null = found.value.content { return nil }
        return found
    }

    private func mismatch(_ expected: String, _ key: Key, _ value: YAMLValue) -> MarkupError {
        MarkupError(
            line: value.line, column: value.column,
            message: "expected \(expected) for '\(key.name)', found \(value.summary)")
    }
}

import Markup

/// A TOML table while its document is read: tables can still gain keys
/// from later lines (`[params]`, dotted keys, `[[array of tables]]`), so
/// they are built here and turned into a `YAMLMapping` once the whole
/// document is read. Keys are compared in any letter case, as front matter
/// keys are matched, so `Title` and `title` in one table are a duplicate.
final class TOMLTable {
    /// How a table came to be; decides whether a header may define it.
    enum Origin {
        /// Made as the parent of a header (`a` for `[a.b]`): a header may still define it.
        case implicit
        /// Defined by a `[header]` (or the root table).
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`).
        case dotted
        /// An inline table `{ ... }`: complete once written.
        case inline
    }

    /// One part of a key (`params` in `params.author`) and where it is written.
    struct KeyPart {
        var name: String
        var line: Int
        var column: Int

        var key: YAMLMapping.Key { YAMLMapping.Key(name: name, line: line, column: column) }
    }

    enum Node {
        case value(YAMLValue)
        case table(TOMLTable)
        /// An array of tables, with the place of its first header.
        case tables([TOMLTable], line: Int, column: Int)
    }

    private(set) var origin: Origin
    let line: Int
    let column: Int
    private var entries: [(key: YAMLMapping.Key, node: Node)] = []
    private var positions: [String: Int] = [:]

    init(origin: Origin, line: Int, column: Int) {
        self.origin = origin
        self.line = line
        self.column = column
    }

    /// Sets the key `path` (dotted: `params.author`) to `value`; the parts
    /// before the last make or enter tables.
    func insert(_ value: YAMLValue, at path: [KeyPart]) throws(MarkupError) {
        guard let last = path.last else { return }
        var table = self
        for part in path.dropLast() {
            table = try table.child(part, creating: .dotted)
        }
        if let existing = table.entry(named: last.name) {
            throw Self.duplicateKey(last, first: existing.key)
        }
        table.append(last.key, .value(value))
    }

    /// The table a header `[path]` or `[[path]]` opens: later `key = value`
    /// lines go into it.
    func openTable(at path: [KeyPart], isArray: Bool, line: Int, column: Int) throws(MarkupError) -> TOMLTable {
        guard let last = path.last else { return self }
        var table = self
        for part in path.dropLast() {
            table = try table.child(part, creating: .implicit)
        }
        let header = (isArray ? "[[" : "[") + path.map(\.name).joined(separator: ".") + (isArray ? "]]" : "]")
        guard let existing = table.entry(named: last.name) else {
            let opened = TOMLTable(origin: .header, line: line, column: column)
            table.append(last.key, isArray ? .tables([opened], line: line, column: column) : .table(opened))
            return opened
        }
        switch existing.node {
        case .tables(var list, let firstLine, let firstColumn) where isArray:
            let opened = TOMLTable(origin: .header, line: line, column: column)
            list.append(opened)
            table.replace(last.name, with: .tables(list, line: firstLine, column: firstColumn))
            return opened
        case .table(let child) where !isArray && child.origin == .implicit:
            child.origin = .header
            return child
        case .table(let child):
            throw MarkupError(
                line: line, column: column,
                message: "the table \(header) is already defined on line \(child.line); write its keys in one place")
        case .tables(_, let firstLine, _):
            throw MarkupError(
                line: line, column: column,
                message: "'\(last.name)' is an array of tables (line \(firstLine)); write [[\(path.map(\.name).joined(separator: "."))]] to add to it")
        case .value(let value):
            throw MarkupError(
                line: line, column: column,
                message: "the table \(header) repeats the key '\(existing.key.name)' (first defined on line \(value.line) as a value)")
        }
    }

    /// The table under `part`, made with `origin` when missing. The last
    /// table of an array of tables is entered, as `[a.b]` after `[[a]]`
    /// means in TOML.
    private func child(_ part: KeyPart, creating origin: Origin) throws(MarkupError) -> TOMLTable {
        guard let existing = entry(named: part.name) else {
            let made = TOMLTable(origin: origin, line: part.line, column: part.column)
            append(part.key, .table(made))
            return made
        }
        switch existing.node {
        case .table(let table) where table.origin != .inline:
            return table
        case .tables(let list, _, _) where origin == .implicit:
            if let last = list.last { return last }
        default:
            break
        }
        let firstLine: Int
        switch existing.node {
        case .value(let value): firstLine = value.line
        case .table(let table): firstLine = table.line
        case .tables(_, let line, _): firstLine = line
        }
        throw MarkupError(
            line: part.line, column: part.column,
            message: "'\(part.name)' is already a value (line \(firstLine)); it cannot also hold keys")
    }

    private func entry(named name: String) -> (key: YAMLMapping.Key, node: Node)? {
        positions[name.lowercased()].map { entries[$0] }
    }

    private func append(_ key: YAMLMapping.Key, _ node: Node) {
        positions[key.name.lowercased()] = entries.count
        entries.append((key, node))
    }

    private func replace(_ name: String, with node: Node) {
        guard let index = positions[name.lowercased()] else { return }
        entries[index].node = node
    }

    static func duplicateKey(_ part: KeyPart, first: YAMLMapping.Key) -> MarkupError {
        MarkupError(
            line: part.line, column: part.column,
            message: "duplicate key '\(part.name)' (first defined on line \(first.line) as '\(first.name)')")
    }

    // MARK: - The finished mapping

    /// The table's keys and values, in the order written.
    var mapping: YAMLMapping {
        YAMLMapping(entries.map { entry in (entry.key, Self.value(of: entry.node)) })
    }

    /// The table as a value at the place it was made.
    var value: YAMLValue {
        YAMLValue(content: .mapping(mapping), line: line, column: column)
    }

    private static func value(of node: Node) -> YAMLValue {
        switch node {
        case .value(let value): return value
        case .table(let table): return table.value
        case .tables(let list, let line, let column):
            return YAMLValue(content: .list(list.map(\.value)), line: line, column: column)
        }
    }
}

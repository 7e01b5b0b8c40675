/// The events libyaml gives for the simplest front matter, found without
/// libyaml: setting up its parser and turning its events into Swift values
/// cost more than a post's few lines take to read.
///
/// Only a mapping of `key: value` lines is taken, each key at the start of
/// its line, each value on its key's line:
///
/// - a plain scalar that cannot be read as anything else (it starts with no
///   indicator, holds no `: ` or ` #`, and ends without a space or `:`);
/// - a quoted one without escapes, `"…"` or `'…'`;
/// - a list in brackets of such scalars (`[swift, ios]`), or a list of
///   `- item` lines below a key with nothing after its colon.
///
/// Blank lines may come between them. Anything else (comments, indented
/// mappings, values over several lines, anchors, tags, tabs, other line
/// breaks than `\n`) gives nil, and libyaml reads the text: it alone
/// reports errors. A test compares these events, places included, with
/// libyaml's for many texts.
struct SimpleYAMLEvents: YAMLEvents {
    private var events: [(event: YAMLEvent, line: Int, column: Int)] = []
    private var index = 0

    init?(_ text: String, firstLine: Int) {
        var text = text
        let found = text.withUTF8 { bytes in Self.events(in: bytes, firstLine: firstLine) }
        guard let found else { return nil }
        events = found
    }

    mutating func next() throws(MarkupError) -> (event: YAMLEvent, line: Int, column: Int) {
        // After the stream's end libyaml gives no more; the reader never asks.
        guard index < events.count else { return (.streamEnd, 0, 0) }
        defer { index += 1 }
        return events[index]
    }

    /// The events of `bytes`, or nil when they are not in the simple form.
    private static func events(
        in bytes: UnsafeBufferPointer<UInt8>, firstLine: Int
    ) -> [(event: YAMLEvent, line: Int, column: Int)]? {
        guard hasOnlySimpleCharacters(bytes) else { return nil }
        var scanner = LineScanner(bytes: bytes, firstLine: firstLine)
        var events: [(event: YAMLEvent, line: Int, column: Int)] = []
        events.reserveCapacity(24)
        // A key whose list of `- item` lines is open, with its sequence's start.
        var openList: (indent: Int, items: Int)?
        while let line = scanner.nextLine() {
            if line.isBlank { continue }
            if line.indent > 0 || line.startsWith(UInt8(ascii: "-")) {
                // An item of the open list, at the indent of its first.
                guard var list = openList, line.startsWith(UInt8(ascii: "-")),
                      list.items == 0 || line.indent == list.indent
                else { return nil }
                let dash = line.indent
                guard dash + 1 < line.count, line[dash + 1] == UInt8(ascii: " ") else { return nil }
                if list.items == 0 {
                    events.append((.sequenceStart(anchor: nil), line.number, line.column(of: dash)))
                    list.indent = dash
                }
                let start = line.firstNonSpace(from: dash + 2)
                guard start < line.count, let item = line.blockValue(from: start) else { return nil }
                events.append(item)
                list.items += 1
                openList = list
                continue
            }
            if let list = openList {
                // A key with nothing after its colon and no items is null,
                // which libyaml places where it found nothing.
                guard list.items > 0 else { return nil }
                events.append((.sequenceEnd, 0, 0))
                openList = nil
            }
            guard let colon = line.keyEnd() else { return nil }
            if events.isEmpty {
                events.append((.streamStart, firstLine, 1))
                events.append((.documentStart, line.number, 1))
                events.append((.mappingStart(anchor: nil), line.number, 1))
            }
            events.append((line.scalar(from: 0, to: colon, isPlain: true), line.number, 1))
            if colon + 1 == line.count {
                openList = (0, 0)
                continue
            }
            guard line[colon + 1] == UInt8(ascii: " ") else { return nil }
            let start = line.firstNonSpace(from: colon + 1)
            guard start < line.count else { return nil }
            if line[start] == UInt8(ascii: "[") {
                guard let list = line.flowList(from: start) else { return nil }
                events += list
            } else {
                guard let value = line.blockValue(from: start) else { return nil }
                events.append(value)
            }
        }
        if let list = openList {
            guard list.items > 0 else { return nil }
            events.append((.sequenceEnd, 0, 0))
        }
        guard !events.isEmpty else { return nil }
        events += [(.mappingEnd, 0, 0), (.documentEnd, 0, 0), (.streamEnd, 0, 0)]
        return events
    }

    /// No bytes libyaml treats apart: tabs, carriage returns and other
    /// controls, the byte-order mark, C1 controls (among them NEL) and the
    /// line and paragraph separators (breaks to YAML 1.1), the non-characters
    /// U+FFFE and U+FFFF. The text is valid UTF-8 already.
    private static func hasOnlySimpleCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if (byte < 0x20 && byte != 0x0A) || byte == 0x7F { return false }
                index += 1
                continue
            }
            let second = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            switch byte {
            case 0xC2 where second < 0xA0: return false
            case 0xE2 where second == 0x80 && (third == 0xA8 || third == 0xA9): return false
            case 0xEF where (second == 0xBB && third == 0xBF) || (second == 0xBF && third >= 0xBE): return false
            default: break
            }
            index += 1
        }
        return true
    }
}

/// The lines of a text, each with its number in the file.
private struct LineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let firstLine: Int
    private var start = 0
    private var number = 0

    init(bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) {
        self.bytes = bytes
        self.firstLine = firstLine
    }

    mutating func nextLine() -> Line? {
        guard start < bytes.count else { return nil }
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        defer {
            start = end + 1
            number += 1
        }
        return Line(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), number: firstLine + number)
    }
}

/// One line of the text, without its break.
private struct Line {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Its line number in the file.
    let number: Int

    var count: Int { bytes.count }
    subscript(_ index: Int) -> UInt8 { bytes[index] }

    var indent: Int { firstNonSpace(from: 0) }
    var isBlank: Bool { indent == count }

    func startsWith(_ byte: UInt8) -> Bool { indent < count && bytes[indent] == byte }

    func firstNonSpace(from start: Int) -> Int {
        var index = start
        while index < count && bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// The column (from 1, in characters) of the byte at `index`.
    func column(of index: Int) -> Int {
        var column = 1
        for byte in bytes[..<index] where byte & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// Where the colon after a key at the start of the line is: a key of
    /// letters, digits, `_`, `-` and `.`, starting with a letter, digit or `_`.
    func keyEnd() -> Int? {
        guard count > 0, isKeyStart(bytes[0]) else { return nil }
        var index = 1
        while index < count && (isKeyStart(bytes[index]) || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ".")) {
            index += 1
        }
        return index < count && bytes[index] == UInt8(ascii: ":") ? index : nil
    }

    private func isKeyStart(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == UInt8(ascii: "_")
    }

    func scalar(from start: Int, to end: Int, isPlain: Bool) -> YAMLEvent {
        .scalar(
            text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self),
            isPlain: isPlain, tag: nil, anchor: nil)
    }

    /// The scalar that starts at `start` and ends the line: quoted, or plain.
    func blockValue(from start: Int) -> (event: YAMLEvent, line: Int, column: Int)? {
        let first = bytes[start]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let end = closingQuote(from: start), end + 1 == count else { return nil }
            return (scalar(from: start + 1, to: end, isPlain: false), number, column(of: start))
        }
        guard !Self.indicators.contains(first), bytes[count - 1] != UInt8(ascii: " "),
              bytes[count - 1] != UInt8(ascii: ":")
        else { return nil }
        for index in start..<(count - 1) {
            let next = bytes[index + 1]
            if bytes[index] == UInt8(ascii: ":") && next == UInt8(ascii: " ") { return nil }
            if bytes[index] == UInt8(ascii: " ") && next == UInt8(ascii: "#") { return nil }
        }
        return (scalar(from: start, to: count, isPlain: true), number, column(of: start))
    }

    /// The events of a list in brackets that starts at `start` and ends the line.
    func flowList(from start: Int) -> [(event: YAMLEvent, line: Int, column: Int)]? {
        var events: [(event: YAMLEvent, line: Int, column: Int)] = [(.sequenceStart(anchor: nil), number, column(of: start))]
        var index = firstNonSpace(from: start + 1)
        if index < count && bytes[index] == UInt8(ascii: "]") {
            guard index + 1 == count else { return nil }
            return events + [(.sequenceEnd, 0, 0)]
        }
        while index < count {
            let first = bytes[index]
            var end: Int
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                guard let close = closingQuote(from: index) else { return nil }
                events.append((scalar(from: index + 1, to: close, isPlain: false), number, column(of: index)))
                end = close + 1
            } else {
                guard !Self.indicators.contains(first) else { return nil }
                end = index
                while end < count && !Self.flowStops.contains(bytes[end]) { end += 1 }
                var last = end
                while bytes[last - 1] == UInt8(ascii: " ") { last -= 1 }
                events.append((scalar(from: index, to: last, isPlain: true), number, column(of: index)))
            }
            end = firstNonSpace(from: end)
            guard end < count else { return nil }
            if bytes[end] == UInt8(ascii: "]") {
                guard end + 1 == count else { return nil }
                return events + [(.sequenceEnd, 0, 0)]
            }
            guard bytes[end] == UInt8(ascii: ",") else { return nil }
            index = firstNonSpace(from: end + 1)
        }
        return nil
    }

    /// The closing quote of the quoted scalar at `start` on this line, when
    /// its text has no escapes (no `\` in double quotes; in single quotes,
    /// a quote is the end).
    private func closingQuote(from start: Int) -> Int? {
        let quote = bytes[start]
        var index = start + 1
        while index < count {
            let byte = bytes[index]
            if byte == quote {
                // `''` in single quotes is a quote: not taken here.
                if quote == UInt8(ascii: "'"), index + 1 < count, bytes[index + 1] == quote { return nil }
                return index
            }
            if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") { return nil }
            index += 1
        }
        return nil
    }

    /// Bytes that may not start a plain scalar here (YAML's indicators, and
    /// the space), or that start another kind of value.
    private static let indicators = ByteSet(" -?:,[]{}#&*!|>'\"%@`")
    /// Bytes that end a scalar in a list in brackets, or that make one too
    /// hard to read without libyaml.
    private static let flowStops = ByteSet(",[]{}:#\"'")
}

/// A set of ASCII bytes, as bits.
private struct ByteSet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ members: StaticString) {
        members.withUTF8Buffer { bytes in
            for byte in bytes where byte < 0x80 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}

/// Cuts template source into text, line endings and tags, following
/// set-delimiter tags as it goes.
struct Scanner {
    private let source: [UInt8]
    private let templateName: String
    private var delimiters: Delimiters
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    /// A cache for column counting: the column at byte `columnOffset` of the current line.
    private var columnOffset = 0
    private var column = 1

    init(source: [UInt8], templateName: String, delimiters: Delimiters) {
        self.source = source
        self.templateName = templateName
        self.delimiters = delimiters
    }

    /// All tokens of the source, in order.
    mutating func scan() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var textStart = 0
        var textPosition = position(of: 0)
        while offset < source.count {
            let byte = source[offset]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && offset + 1 < source.count && source[offset + 1] == UInt8(ascii: "\n")) {
                appendText(textStart..<offset, at: textPosition, to: &tokens)
                let length = byte == UInt8(ascii: "\n") ? 1 : 2
                tokens.append(Token(kind: .lineEnding, range: offset..<offset + length, name: "", position: position(of: offset), delimiters: delimiters))
                offset += length
                line += 1
                lineStart = offset
                textStart = offset
                textPosition = position(of: offset)
            } else if byte == delimiters.open[0], matches(delimiters.open, at: offset) {
                appendText(textStart..<offset, at: textPosition, to: &tokens)
                tokens.append(try scanTag())
                textStart = offset
                textPosition = position(of: offset)
            } else {
                offset += 1
            }
        }
        appendText(textStart..<offset, at: textPosition, to: &tokens)
        return tokens
    }

    private mutating func appendText(_ range: Range<Int>, at position: SourcePosition, to tokens: inout [Token]) {
        guard !range.isEmpty else { return }
        tokens.append(Token(kind: .text, range: range, name: "", position: position, delimiters: delimiters))
    }

    /// Scans the tag whose open delimiter starts at `offset`.
    private mutating func scanTag() throws(TemplateError) -> Token {
        let tagStart = offset
        let tagPosition = position(of: tagStart)
        let tagDelimiters = delimiters
        let contentStart = tagStart + delimiters.open.count
        let sigil: UInt8? = contentStart < source.count ? source[contentStart] : nil

        let closing: [UInt8]
        if sigil == UInt8(ascii: "{") {
            closing = [UInt8(ascii: "}")] + delimiters.close
        } else {
            closing = delimiters.close
        }
        guard let contentEnd = firstIndex(of: closing, from: contentStart) else {
            throw error(at: tagPosition, "tag \(String(decoding: delimiters.open, as: UTF8.self)) is never closed: expected \(String(decoding: closing, as: UTF8.self))")
        }
        let tagEnd = contentEnd + closing.count
        let content = source[contentStart..<contentEnd]

        let kind: Token.Kind
        var nameBytes = content.dropFirst()
        switch sigil {
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "&"): kind = .unescapedVariable
        case UInt8(ascii: "{"): kind = .unescapedVariable
        case UInt8(ascii: "="): kind = .setDelimiters
        default:
            kind = .variable
            nameBytes = content[...]
        }

        let name = String(decoding: trimmed(nameBytes), as: UTF8.self)
        let token = Token(kind: kind, range: tagStart..<tagEnd, name: name, position: tagPosition, delimiters: tagDelimiters)

        switch kind {
        case .comment:
            break
        case .setDelimiters:
            delimiters = try newDelimiters(from: content, at: tagPosition)
        default:
            if name.isEmpty {
                throw error(at: tagPosition, "tag \(text(of: tagStart..<tagEnd)) has no name")
            }
            if name.utf8.contains(where: Scanner.isWhitespace) && !(kind == .partial || kind == .parent) {
                throw error(at: tagPosition, "tag \(text(of: tagStart..<tagEnd)) has a space inside its name \"\(name)\"")
            }
        }

        // Tags may span lines (comments do): keep the line count right.
        for index in tagStart..<tagEnd where source[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        offset = tagEnd
        return token
    }

    /// Reads `=<% %>=` into new delimiters.
    private func newDelimiters(from content: ArraySlice<UInt8>, at position: SourcePosition) throws(TemplateError) -> Delimiters {
        let shown = "\(String(decoding: delimiters.open, as: UTF8.self))\(String(decoding: content, as: UTF8.self))\(String(decoding: delimiters.close, as: UTF8.self))"
        guard content.count >= 2, content.last == UInt8(ascii: "=") else {
            throw error(at: position, "set-delimiter tag \(shown) must end with '=' before its closing delimiter, as in {{=<% %>=}}")
        }
        let inner = content.dropFirst().dropLast()
        let parts = inner.split(whereSeparator: Scanner.isWhitespace)
        guard parts.count == 2 else {
            throw error(at: position, "set-delimiter tag \(shown) must give exactly two delimiters separated by a space, as in {{=<% %>=}}")
        }
        for part in parts where part.contains(UInt8(ascii: "=")) {
            throw error(at: position, "set-delimiter tag \(shown) has a delimiter containing '=', which is not allowed")
        }
        return Delimiters(open: Array(parts[0]), close: Array(parts[1]))
    }

    private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= source.count else { return false }
        for (step, byte) in pattern.enumerated() where source[index + step] != byte {
            return false
        }
        return true
    }

    private func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var index = start
        while index + pattern.count <= source.count {
            if source[index] == first, matches(pattern, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, Scanner.isWhitespace(first) { slice.removeFirst() }
        while let last = slice.last, Scanner.isWhitespace(last) { slice.removeLast() }
        return slice
    }

    private func text(of range: Range<Int>) -> String {
        String(decoding: source[range], as: UTF8.self)
    }

    /// Line and column of a byte offset on the current line.
    private mutating func position(of index: Int) -> SourcePosition {
        if columnOffset < lineStart || columnOffset > index {
            columnOffset = lineStart
            column = 1
        }
        while columnOffset < index {
            // Count Unicode scalars: skip UTF-8 continuation bytes.
            if source[columnOffset] & 0b1100_0000 != 0b1000_0000 { column += 1 }
            columnOffset += 1
        }
        return SourcePosition(line: line, column: column)
    }

    private func error(at position: SourcePosition, _ message: String) -> TemplateError {
        TemplateError(templateName: templateName, position: position, message: message)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}

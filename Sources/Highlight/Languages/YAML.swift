/// YAML, line by line: comments, document markers, keys, sequence markers,
/// quoted and plain scalars, anchors, aliases, tags and block scalars.
enum YAMLLexer {
    static let literals = WordTable([
        "true", "false", "True", "False", "TRUE", "FALSE", "yes", "no", "Yes", "No", "YES", "NO", "on", "off",
        "null", "Null", "NULL", "~",
    ], value: 1)

    static func lex(_ lexer: inout Lexer) {
        while !lexer.isAtEnd {
            let indentEnd = lexer.endOfHorizontalSpace(from: lexer.position)
            let indentation = indentEnd - lexer.position
            lexer.emit(.plain, to: indentEnd)
            let isDocumentMarker = indentation == 0
                && (lexer.matches("---", at: indentEnd) || lexer.matches("...", at: indentEnd))
                && (indentEnd + 3 >= lexer.end || ByteClass.isSpace(lexer.text[indentEnd + 3]))
            if isDocumentMarker {
                lexer.emit(.meta, length: 3)
            }
            // Sequence markers: `- ` possibly repeated.
            while lexer.current == 0x2D && (ByteClass.isSpace(lexer.peek(1)) || lexer.position + 1 == lexer.end) {
                lexer.emit(.punctuation, length: 1)
                lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
            }
            lexKey(&lexer)
            if lexValue(&lexer) {
                lexBlockScalar(&lexer, parentIndentation: indentation)
            }
            lexer.emitNewline()
        }
    }

    /// A `key:` at the cursor, if the line has one: plain or quoted, ending
    /// at a colon followed by a space or the end of the line.
    private static func lexKey(_ lexer: inout Lexer) {
        let start = lexer.position
        let lineEnd = lexer.endOfLine(from: start)
        var index = start
        let first = lexer.byte(at: start)
        if first == 0x22 || first == 0x27 {
            index += 1
            while index < lineEnd && lexer.text[index] != first { index += lexer.text[index] == 0x5C && first == 0x22 ? 2 : 1 }
            index += 1
        } else {
            if first == 0x23 || first == 0x7B || first == 0x5B || first == 0x7C || first == 0x3E || first == 0x3A { return }
            while index < lineEnd {
                let byte = lexer.text[index]
                if byte == 0x3A && (index + 1 == lineEnd || ByteClass.isSpace(lexer.text[index + 1])) { break }
                if byte == 0x23 && index > start && ByteClass.isHorizontalSpace(lexer.text[index - 1]) { return }
                index += 1
            }
        }
        guard index < lineEnd, lexer.text[index] == 0x3A, index > start else { return }
        lexer.emit(.property, to: index)
        lexer.emit(.punctuation, length: 1)
    }

    /// The rest of the line as values. Returns whether it ended with a
    /// block scalar indicator (`|`, `>-`, ...).
    private static func lexValue(_ lexer: inout Lexer) -> Bool {
        let lineEnd = lexer.endOfLine(from: lexer.position)
        var sawValue = false
        while lexer.position < lineEnd {
            let byte = lexer.current
            switch byte {
            case 0x20, 0x09, 0x0D:
                lexer.emit(.plain, to: min(lexer.endOfHorizontalSpace(from: lexer.position), lineEnd))
            case UInt8(ascii: "#"):
                lexer.emit(.comment, to: lineEnd)
            case UInt8(ascii: "\""):
                lexer.lexQuotedString()
                sawValue = true
            case UInt8(ascii: "'"):
                var index = lexer.position + 1
                while index < lineEnd {
                    if lexer.text[index] == 0x27 {
                        if lexer.byte(at: index + 1) == 0x27 { index += 2; continue }
                        index += 1
                        break
                    }
                    index += 1
                }
                lexer.emit(.string, to: index)
                sawValue = true
            case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
                let end = endOfScalar(lexer, from: lexer.position + 1, to: lineEnd, inFlow: true)
                lexer.emit(byte == 0x21 ? .type : .variable, to: max(end, lexer.position + 1))
            case UInt8(ascii: "|") where !sawValue, UInt8(ascii: ">") where !sawValue:
                var index = lexer.position + 1
                while index < lineEnd && (lexer.text[index] == 0x2D || lexer.text[index] == 0x2B || ByteClass.isDigit(lexer.text[index])) { index += 1 }
                lexer.emit(.punctuation, to: index)
                let rest = lexer.endOfHorizontalSpace(from: index)
                if rest >= lineEnd || lexer.byte(at: rest) == 0x23 {
                    lexer.emit(.plain, to: rest)
                    lexer.emit(.comment, to: lineEnd)
                    return true
                }
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","),
                 UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "?"):
                let end = endOfScalar(lexer, from: lexer.position, to: lineEnd, inFlow: true)
                if byte == 0x2D && end > lexer.position + 1 {
                    lexScalar(&lexer, to: end)
                } else {
                    lexer.emit(.punctuation, length: 1)
                }
            default:
                lexScalar(&lexer, to: endOfScalar(lexer, from: lexer.position, to: lineEnd, inFlow: true))
                sawValue = true
            }
        }
        return false
    }

    private static func endOfScalar(_ lexer: Lexer, from start: Int, to lineEnd: Int, inFlow: Bool) -> Int {
        var index = start
        let limit = lexer.lookaheadLimit(from: start, within: lineEnd)
        while index < limit {
            let byte = lexer.text[index]
            if byte == 0x23 && index > start && ByteClass.isHorizontalSpace(lexer.text[index - 1]) { break }
            if inFlow && (byte == 0x2C || byte == 0x5D || byte == 0x7D || byte == 0x5B || byte == 0x7B) { break }
            if byte == 0x3A && (index + 1 == lineEnd || ByteClass.isSpace(lexer.text[index + 1])) { break }
            index += 1
        }
        // Trailing spaces are not part of the scalar.
        while index > start && ByteClass.isHorizontalSpace(lexer.text[index - 1]) { index -= 1 }
        if index > start || start >= lineEnd { return index }
        return min(lexer.endOfCharacter(at: start), lineEnd)
    }

    /// A plain scalar: a literal, a number, or a string.
    private static func lexScalar(_ lexer: inout Lexer, to end: Int) {
        let start = lexer.position
        if literals.contains(lexer.text, from: start, to: end) {
            lexer.emit(.literal, to: end)
            return
        }
        var numberStart = start
        if lexer.byte(at: numberStart) == 0x2D || lexer.byte(at: numberStart) == 0x2B { numberStart += 1 }
        if ByteClass.isDigit(lexer.byte(at: numberStart)) || lexer.byte(at: numberStart) == 0x2E,
           lexer.endOfNumber(from: numberStart, separator: 0x5F) == end {
            lexer.emit(.number, to: end)
            return
        }
        lexer.emit(.string, to: end)
    }

    /// The lines of a block scalar: blank lines and lines indented deeper
    /// than the line that introduced it.
    private static func lexBlockScalar(_ lexer: inout Lexer, parentIndentation: Int) {
        while lexer.current == 0x0A {
            let lineStart = lexer.position + 1
            let indentEnd = lexer.endOfHorizontalSpace(from: lineStart)
            let isBlank = indentEnd >= lexer.end || lexer.text[indentEnd] == 0x0A
            guard isBlank || indentEnd - lineStart > parentIndentation else { return }
            lexer.emit(.plain, to: indentEnd)
            lexer.emit(.string, to: lexer.endOfLine(from: indentEnd))
        }
    }
}

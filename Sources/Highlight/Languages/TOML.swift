/// TOML: `[table]` and `[[array]]` headers as headings, keys (bare, quoted
/// and dotted) as properties, the four kinds of string, numbers, dates and
/// times, booleans, comments, and arrays and inline tables spanning lines.
enum TOMLLexer {
    static func lex(_ lexer: inout Lexer) {
        // What each open bracket of a value is: `true` for an inline table,
        // whose keys come after `{` and `,`; `false` for an array.
        var openTables: [Bool] = []
        var expectsKey = true
        while !lexer.isAtEnd {
            let byte = lexer.current
            switch byte {
            case 0x0A:
                lexer.emit(.plain, length: 1)
                if openTables.isEmpty { expectsKey = true }
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
            case UInt8(ascii: "#"):
                lexer.lexLineComment()
            case UInt8(ascii: "[") where openTables.isEmpty && expectsKey:
                lexer.emit(.heading, to: endOfHeader(lexer))
                expectsKey = false
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if expectsKey {
                    lexer.emit(.property, to: endOfString(lexer, multiline: false))
                } else {
                    lexString(&lexer)
                }
            case UInt8(ascii: "="):
                lexer.emit(.operator, length: 1)
                expectsKey = false
            case UInt8(ascii: "."):
                lexer.emit(.plain, length: 1)
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                openTables.append(byte == 0x7B)
                lexer.emit(.plain, length: 1)
                expectsKey = byte == 0x7B
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if !openTables.isEmpty { openTables.removeLast() }
                lexer.emit(.plain, length: 1)
            case UInt8(ascii: ","):
                lexer.emit(.plain, length: 1)
                expectsKey = openTables.last == true
            default:
                let end = endOfBareWord(lexer)
                if end == lexer.position {
                    lexer.emitCharacter(.plain)
                } else if expectsKey {
                    lexer.emit(.property, to: end)
                } else {
                    lexer.emit(kindOfValue(lexer, to: end), to: end)
                }
            }
        }
    }

    /// A `[table]` or `[[array of tables]]` header: up to the bracket that
    /// closes it, quoted parts included, or to the end of the line.
    private static func endOfHeader(_ lexer: Lexer) -> Int {
        let lineEnd = lexer.endOfLine(from: lexer.position)
        var index = lexer.position + 1
        while index < lineEnd {
            let byte = lexer.text[index]
            if byte == 0x22 || byte == 0x27 {
                var close = index + 1
                while close < lineEnd && lexer.text[close] != byte { close += byte == 0x22 && lexer.text[close] == 0x5C ? 2 : 1 }
                index = close + 1
                continue
            }
            if byte == 0x5D {
                return lexer.byte(at: index + 1) == 0x5D && lexer.byte(at: lexer.position + 1) == 0x5B ? index + 2 : index + 1
            }
            index += 1
        }
        return lineEnd
    }

    /// A run of the bytes that make bare keys, numbers, dates and times
    /// (`server-1`, `+1_000`, `6.626e-34`, `1979-05-27T07:32:00-08:00`). A
    /// space between a date and a time is part of the value.
    private static func endOfBareWord(_ lexer: Lexer) -> Int {
        var index = lexer.position
        while index < lexer.end {
            let byte = lexer.text[index]
            if ByteClass.isIdentifierContinuation(byte) || byte == 0x2D || byte == 0x2B || byte == 0x3A {
                index += 1
            } else if byte == 0x2E && index > lexer.position && ByteClass.isDigit(lexer.text[index - 1]) && ByteClass.isDigit(lexer.byte(at: index + 1)) {
                // A decimal point; a dot between names separates keys.
                index += 1
            } else if byte == 0x20 && index - lexer.position == 10 && ByteClass.isDigit(lexer.text[lexer.position])
                        && lexer.text[index - 3] == 0x2D && ByteClass.isDigit(lexer.byte(at: index + 1))
                        && lexer.byte(at: index + 3) == 0x3A {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    /// A value: `true` and `false` are literals, numbers, dates and times
    /// (which start with a digit or a sign) and `inf`/`nan` are numbers.
    private static func kindOfValue(_ lexer: Lexer, to end: Int) -> TokenKind {
        let start = lexer.position
        let length = end - start
        if (length == 4 && lexer.matches("true", at: start)) || (length == 5 && lexer.matches("false", at: start)) {
            return .literal
        }
        var first = start
        if lexer.text[first] == 0x2B || lexer.text[first] == 0x2D { first += 1 }
        if first < end && ByteClass.isDigit(lexer.text[first]) { return .number }
        if end - first == 3 && (lexer.matches("inf", at: first) || lexer.matches("nan", at: first)) { return .number }
        return .plain
    }

    /// A basic (`"…"`, with escapes) or literal (`'…'`) string, or their
    /// multi-line forms (`"""…"""`, `'''…'''`).
    private static func lexString(_ lexer: inout Lexer) {
        let quote = lexer.current
        let isMultiline = lexer.peek(1) == quote && lexer.peek(2) == quote
        guard quote == 0x22 else {
            lexer.emit(.string, to: endOfString(lexer, multiline: isMultiline))
            return
        }
        var index = lexer.position + (isMultiline ? 3 : 1)
        lexer.emit(.string, to: index)
        while index < lexer.end {
            let byte = lexer.text[index]
            if byte == 0x5C {
                lexer.emit(.string, to: index)
                index = lexer.endOfEscape(from: index)
                lexer.emit(.escape, to: index)
                continue
            }
            if byte == 0x0A && !isMultiline { break }
            index += 1
            if byte == 0x22 && (!isMultiline || lexer.matches("\"\"", at: index)) {
                index += isMultiline ? 2 : 0
                break
            }
        }
        lexer.emit(.string, to: index)
    }

    /// The end of a string without escapes (a literal string, or a quoted
    /// key) at the cursor: at its closing quote or quotes, or, unterminated,
    /// at the end of the line (of the block when multi-line).
    private static func endOfString(_ lexer: Lexer, multiline: Bool) -> Int {
        let quote = lexer.current
        var index = lexer.position + (multiline ? 3 : 1)
        while index < lexer.end {
            let byte = lexer.text[index]
            if byte == 0x0A && !multiline { return index }
            if byte == 0x5C && quote == 0x22 {
                index = lexer.endOfCharacter(at: index + 1)
                continue
            }
            if byte == quote && (!multiline || (lexer.byte(at: index + 1) == quote && lexer.byte(at: index + 2) == quote)) {
                return index + (multiline ? 3 : 1)
            }
            index += 1
        }
        return lexer.end
    }
}

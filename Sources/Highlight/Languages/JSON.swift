/// JSON (and JSON with comments): keys as properties, string values,
/// numbers, `true`/`false`/`null`.
enum JSONLexer {
    static func lex(_ lexer: inout Lexer) {
        while !lexer.isAtEnd {
            let byte = lexer.current
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                lexer.skipSpace()
            case UInt8(ascii: "\""):
                lexString(&lexer)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = byte == 0x2D ? lexer.position + 1 : lexer.position
                if ByteClass.isDigit(lexer.byte(at: start)) {
                    lexer.emit(.number, to: lexer.endOfNumber(from: start, separator: 0))
                } else {
                    lexer.emit(.plain, length: 1)
                }
            case UInt8(ascii: "/") where lexer.peek(1) == 0x2F:
                lexer.lexLineComment()
            case UInt8(ascii: "/") where lexer.peek(1) == 0x2A:
                lexer.lexBlockComment(open: "/*", close: "*/", nests: false)
            default:
                if ByteClass.isIdentifierStart(byte) {
                    let end = lexer.endOfIdentifier(from: lexer.position)
                    let isLiteral = (end - lexer.position == 4 && (lexer.matches("true", at: lexer.position) || lexer.matches("null", at: lexer.position)))
                        || (end - lexer.position == 5 && lexer.matches("false", at: lexer.position))
                    lexer.emit(isLiteral ? .literal : .plain, to: end)
                } else {
                    lexer.emitCharacter(.plain)
                }
            }
        }
    }

    /// A string; a key when a colon follows it.
    private static func lexString(_ lexer: inout Lexer) {
        var close = lexer.position + 1
        while close < lexer.end && lexer.text[close] != 0x22 && lexer.text[close] != 0x0A {
            close += lexer.text[close] == 0x5C ? 2 : 1
        }
        let afterString = min(close + 1, lexer.end)
        let isKey = lexer.byte(at: close) == 0x22 && lexer.byte(at: lexer.endOfSpace(from: afterString)) == 0x3A
        if isKey {
            lexer.emit(.property, to: afterString)
        } else {
            lexer.lexQuotedString()
        }
    }
}

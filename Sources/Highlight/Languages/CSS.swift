/// CSS (and nested CSS): at-rules, selectors (element names as tags,
/// classes and ids as types, pseudo-classes as attributes), property names,
/// and values (numbers with units, colours, functions, `!important`,
/// custom properties).
enum CSSLexer {
    static func lex(_ lexer: inout Lexer) {
        var depth = 0
        var inValue = false
        var parentheses = 0
        var terminator = TerminatorCache()
        while !lexer.isAtEnd {
            let byte = lexer.current
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                lexer.skipSpace()
            case UInt8(ascii: "/") where lexer.peek(1) == 0x2A:
                lexer.lexBlockComment(open: "/*", close: "*/", nests: false)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                lexer.lexQuotedString()
            case UInt8(ascii: "{"):
                depth += 1
                inValue = false
                lexer.emit(.plain, length: 1)
            case UInt8(ascii: "}"):
                depth -= 1
                inValue = false
                lexer.emit(.plain, length: 1)
            case UInt8(ascii: ";"):
                inValue = false
                lexer.emit(.plain, length: 1)
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                parentheses += byte == 0x28 ? 1 : -1
                lexer.emit(.plain, length: 1)
            case UInt8(ascii: "@"):
                lexer.emit(.keyword, to: endOfName(lexer, from: lexer.position + 1))
            case UInt8(ascii: "!"):
                lexer.emit(.keyword, to: endOfName(lexer, from: lexer.position + 1))
            case UInt8(ascii: "#"):
                lexer.emit(inValue ? .number : .type, to: endOfName(lexer, from: lexer.position + 1))
            case UInt8(ascii: "."):
                if ByteClass.isDigit(lexer.peek(1)) {
                    lexNumber(&lexer)
                } else if !inValue && isNameStart(lexer.peek(1)) {
                    lexer.emit(.type, to: endOfName(lexer, from: lexer.position + 1))
                } else {
                    lexer.emit(.plain, length: 1)
                }
            case UInt8(ascii: ":"):
                if !inValue && (parentheses > 0 || terminator.isDeclaration(lexer, from: lexer.position) && depth > 0) {
                    inValue = true
                    lexer.emit(.plain, length: 1)
                } else if !inValue {
                    var end = lexer.position + 1
                    if lexer.byte(at: end) == 0x3A { end += 1 }
                    lexer.emit(.attribute, to: endOfName(lexer, from: end))
                } else {
                    lexer.emit(.plain, length: 1)
                }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexNumber(&lexer)
            case UInt8(ascii: "-") where ByteClass.isDigit(lexer.peek(1)) && inValue, UInt8(ascii: "+") where ByteClass.isDigit(lexer.peek(1)) && inValue:
                lexNumber(&lexer)
            default:
                if isNameStart(byte) || (byte == 0x2D && (isNameStart(lexer.peek(1)) || lexer.peek(1) == 0x2D)) {
                    lexName(&lexer, depth: parentheses > 0 ? max(depth, 1) : depth, inValue: inValue, terminator: &terminator)
                } else {
                    lexer.emitCharacter(.plain)
                }
            }
        }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        ByteClass.isIdentifierStart(byte)
    }

    private static func endOfName(_ lexer: Lexer, from start: Int) -> Int {
        var index = start
        while index < lexer.end && (ByteClass.isIdentifierContinuation(lexer.text[index]) || lexer.text[index] == 0x2D) {
            index += 1
        }
        return max(index, lexer.endOfCharacter(at: lexer.position))
    }

    private static func lexNumber(_ lexer: inout Lexer) {
        var start = lexer.position
        if lexer.current == 0x2D || lexer.current == 0x2B { start += 1 }
        var end = lexer.endOfNumber(from: start, separator: 0)
        if lexer.byte(at: end) == 0x25 { end += 1 }
        lexer.emit(.number, to: end)
    }

    /// Decides whether a `:` separates a property from its value rather
    /// than starting a pseudo-class: it does when a `;` or `}` comes before
    /// any `{`. Remembers where the last search ended, so that a line of
    /// many colons is searched once, not once per colon.
    struct TerminatorCache {
        private var searchedFrom = Int.max
        private var foundAt = 0
        private var isDeclarationEnd = true

        mutating func isDeclaration(_ lexer: Lexer, from colon: Int) -> Bool {
            if searchedFrom <= colon && colon < foundAt { return isDeclarationEnd }
            var index = colon + 1
            let limit = lexer.lookaheadLimit(from: index, within: lexer.end)
            isDeclarationEnd = true
            search: while index < limit {
                switch lexer.text[index] {
                case UInt8(ascii: "{"):
                    isDeclarationEnd = false
                    break search
                case UInt8(ascii: ";"), UInt8(ascii: "}"):
                    break search
                default:
                    index += 1
                }
            }
            searchedFrom = colon
            foundAt = index
            return isDeclarationEnd
        }
    }

    private static func lexName(_ lexer: inout Lexer, depth: Int, inValue: Bool, terminator: inout TerminatorCache) {
        let start = lexer.position
        let end = endOfName(lexer, from: start)
        if inValue {
            let isCustom = lexer.matches("--", at: start)
            lexer.emit(isCustom ? .variable : lexer.byte(at: end) == 0x28 ? .function : .plain, to: end)
            return
        }
        let colon = lexer.endOfSpace(from: end)
        if depth > 0 && lexer.byte(at: colon) == 0x3A && terminator.isDeclaration(lexer, from: colon) {
            lexer.emit(lexer.matches("--", at: start) ? .variable : .property, to: end)
        } else {
            lexer.emit(lexer.byte(at: end) == 0x28 ? .function : .tag, to: end)
        }
    }
}

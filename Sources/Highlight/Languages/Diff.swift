/// Unified and git diffs, line by line: file headers, hunk headers,
/// inserted and deleted lines.
enum DiffLexer {
    static func lex(_ lexer: inout Lexer) {
        while !lexer.isAtEnd {
            let lineEnd = lexer.endOfLine(from: lexer.position)
            lexer.emit(kind(ofLineAt: lexer.position, in: lexer), to: lineEnd)
            lexer.emitNewline()
        }
    }

    private static func kind(ofLineAt start: Int, in lexer: Lexer) -> TokenKind {
        if lexer.matches("+++ ", at: start) || lexer.matches("--- ", at: start) || lexer.matches("diff ", at: start) {
            return .heading
        }
        switch lexer.byte(at: start) {
        case UInt8(ascii: "+"), UInt8(ascii: ">"): return .inserted
        case UInt8(ascii: "-"), UInt8(ascii: "<"): return .deleted
        case UInt8(ascii: "@"): return lexer.matches("@@", at: start) ? .meta : .plain
        case UInt8(ascii: "\\"): return .meta
        default: break
        }
        if lexer.matches("index ", at: start) || lexer.matches("new file mode", at: start)
            || lexer.matches("deleted file mode", at: start) || lexer.matches("similarity index", at: start)
            || lexer.matches("rename ", at: start) || lexer.matches("old mode", at: start)
            || lexer.matches("new mode", at: start) || lexer.matches("Binary files", at: start) {
            return .meta
        }
        return .plain
    }
}

/// Terminal transcripts: a line starting with `$ ` or `% ` is a command
/// (the prompt marked, the command highlighted as shell, continued on the
/// next line after a trailing backslash); every other line is output.
enum ConsoleLexer {
    static func lex(_ lexer: inout Lexer) {
        var continuesCommand = false
        while !lexer.isAtEnd {
            let lineStart = lexer.position
            let lineEnd = lexer.endOfLine(from: lexer.position)
            let first = lexer.current
            let isPrompt = (first == 0x24 || first == 0x25) && (lexer.peek(1) == 0x20 || lexer.position + 1 == lineEnd)
            if isPrompt || continuesCommand {
                if isPrompt && !continuesCommand { lexer.emit(.prompt, to: min(lexer.position + 2, lineEnd)) }
                let savedEnd = lexer.end
                lexer.end = lineEnd
                ShellLexer.lex(&lexer, allowsHereDocuments: false, startsCommand: !continuesCommand)
                lexer.end = savedEnd
                continuesCommand = lineEnd > lineStart && lexer.text[lineEnd - 1] == 0x5C
            } else {
                lexer.emit(.output, to: lineEnd)
            }
            lexer.emitNewline()
        }
    }
}

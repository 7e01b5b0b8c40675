/// POSIX shells, bash and zsh: comments, quoting, parameter expansion,
/// command substitution, here-documents, keywords, and the command word of
/// each simple command as a function name.
enum ShellLexer {
    static let keywords = WordTable([
        "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in",
        "function", "select", "time", "return", "exit", "local", "export", "readonly", "declare", "typeset",
        "unset", "break", "continue", "source", "alias", "eval", "exec", "shift", "trap", "set",
    ], value: 1)

    /// Keywords after which a new command begins.
    static let commandStarters = WordTable(["then", "else", "elif", "do", "time", "if", "while", "until", "exec", "!"], value: 1)

    /// Lexes shell code; `allowsHereDocuments` is off where only one line
    /// is available (a console command, the rest of a here-document's line);
    /// `startsCommand` is off on a continuation line, whose first word is
    /// an argument. Returns whether a new command would start where it
    /// stopped, for a caller that goes on after a line of its own (a
    /// comment inside a continued Dockerfile `RUN`).
    @discardableResult
    static func lex(_ lexer: inout Lexer, allowsHereDocuments: Bool = true, startsCommand: Bool = true) -> Bool {
        var atCommandStart = startsCommand
        while !lexer.isAtEnd {
            let byte = lexer.current
            switch byte {
            case 0x0A:
                lexer.emit(.plain, length: 1)
                atCommandStart = true
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
            case UInt8(ascii: "#"):
                if lexer.position == 0 || ByteClass.isSpace(lexer.text[lexer.position - 1]) || lexer.text[lexer.position - 1] == 0x3B {
                    lexer.lexLineComment()
                } else {
                    lexer.emit(.plain, length: 1)
                }
            case UInt8(ascii: "'"):
                lexSingleQuoted(&lexer)
                atCommandStart = false
            case UInt8(ascii: "\""):
                lexDoubleQuoted(&lexer)
                atCommandStart = false
            case UInt8(ascii: "$"):
                lexExpansion(&lexer)
                atCommandStart = false
            case UInt8(ascii: "`"):
                var index = lexer.position + 1
                while index < lexer.end && lexer.text[index] != 0x60 { index += lexer.text[index] == 0x5C ? 2 : 1 }
                lexer.emit(.variable, to: index + 1)
                atCommandStart = false
            case UInt8(ascii: "\\"):
                lexer.emit(.escape, to: lexer.endOfCharacter(at: lexer.position + 1))
            case UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "{"), UInt8(ascii: "}"):
                var end = lexer.position + 1
                if (byte == 0x7C || byte == 0x26 || byte == 0x3B) && lexer.byte(at: end) == byte { end += 1 }
                lexer.emit(byte == 0x28 || byte == 0x29 || byte == 0x7B || byte == 0x7D ? .plain : .operator, to: end)
                atCommandStart = byte != 0x29
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                if allowsHereDocuments && byte == 0x3C && lexer.peek(1) == 0x3C && lexer.peek(2) != 0x3C {
                    lexHereDocument(&lexer)
                } else {
                    var end = lexer.position + 1
                    while lexer.byte(at: end) == 0x3E || lexer.byte(at: end) == 0x26 || lexer.byte(at: end) == 0x3C { end += 1 }
                    lexer.emit(.operator, to: end)
                }
            default:
                lexWord(&lexer, atCommandStart: &atCommandStart)
            }
        }
        return atCommandStart
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0, 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "$"),
             UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: ";"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "{"),
             UInt8(ascii: "}"):
            false
        default:
            true
        }
    }

    private static func lexWord(_ lexer: inout Lexer, atCommandStart: inout Bool) {
        let start = lexer.position
        var end = start
        while end < lexer.end && isWordByte(lexer.text[end]) { end += 1 }
        if end == start { end = lexer.endOfCharacter(at: start) }
        // NAME=value: an assignment, after which a command may still follow.
        var nameEnd = start
        while nameEnd < end && (ByteClass.isIdentifierContinuation(lexer.text[nameEnd]) && lexer.text[nameEnd] < 0x80) { nameEnd += 1 }
        if atCommandStart && nameEnd > start && lexer.byte(at: nameEnd) == 0x3D && !ByteClass.isDigit(lexer.text[start]) {
            lexer.emit(.variable, to: nameEnd)
            lexer.emit(.operator, length: 1)
            lexer.emit(.plain, to: end)
            return
        }
        if keywords.contains(lexer.text, from: start, to: end) {
            lexer.emit(.keyword, to: end)
            atCommandStart = commandStarters.contains(lexer.text, from: start, to: end)
            return
        }
        if atCommandStart {
            lexer.emit(.function, to: end)
            atCommandStart = false
            return
        }
        var isNumber = true
        for index in start..<end where !ByteClass.isDigit(lexer.text[index]) { isNumber = false }
        lexer.emit(isNumber ? .number : .plain, to: end)
    }

    private static func lexSingleQuoted(_ lexer: inout Lexer) {
        var index = lexer.position + 1
        while index < lexer.end && lexer.text[index] != 0x27 { index += 1 }
        lexer.emit(.string, to: index + 1)
    }

    /// A double-quoted string: escapes, and `$…` expansions inside it.
    private static func lexDoubleQuoted(_ lexer: inout Lexer) {
        var index = lexer.position + 1
        while index < lexer.end {
            let byte = lexer.text[index]
            if byte == 0x22 {
                index += 1
                break
            }
            if byte == 0x5C {
                lexer.emit(.string, to: index)
                index = lexer.endOfCharacter(at: index + 1)
                lexer.emit(.escape, to: index)
                continue
            }
            if byte == 0x24 || byte == 0x60 {
                lexer.emit(.string, to: index)
                if byte == 0x24 {
                    lexExpansion(&lexer)
                } else {
                    var close = index + 1
                    while close < lexer.end && lexer.text[close] != 0x60 && lexer.text[close] != 0x22 { close += 1 }
                    lexer.emit(.variable, to: lexer.byte(at: close) == 0x60 ? close + 1 : close)
                }
                index = lexer.position
                continue
            }
            index += 1
        }
        lexer.emit(.string, to: index)
    }

    /// `$name`, `$1`, `$?`, `${…}`, `$(…)`, `$((…))`: the whole expansion
    /// is a variable, balanced parentheses and braces included.
    private static func lexExpansion(_ lexer: inout Lexer) {
        let next = lexer.peek(1)
        var index = lexer.position + 1
        if next == 0x7B || next == 0x28 {
            let close: UInt8 = next == 0x7B ? 0x7D : 0x29
            var depth = 0
            while index < lexer.end {
                let byte = lexer.text[index]
                if byte == next { depth += 1 }
                if byte == close {
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        break
                    }
                }
                index += 1
            }
        } else if ByteClass.isIdentifierStart(next) && next < 0x80 {
            while ByteClass.isIdentifierContinuation(lexer.byte(at: index)) && lexer.byte(at: index) < 0x80 { index += 1 }
        } else if ByteClass.isDigit(next) || "?@#$!*-_".utf8.contains(next) {
            index += 1
        }
        lexer.emit(index > lexer.position + 1 ? .variable : .plain, to: index)
    }

    /// `<<WORD` or `<<-'WORD'`: the operator and word, then the lines up to
    /// the one that is just WORD (indented by tabs with `<<-`) as a string.
    private static func lexHereDocument(_ lexer: inout Lexer) {
        var index = lexer.position + 2
        let stripsTabs = lexer.byte(at: index) == 0x2D
        if stripsTabs { index += 1 }
        lexer.emit(.operator, to: index)
        index = lexer.endOfHorizontalSpace(from: index)
        lexer.emit(.plain, to: index)
        var wordStart = index
        let opening = lexer.byte(at: index)
        let quote: UInt8? = opening == 0x27 || opening == 0x22 ? opening : nil
        if quote != nil { wordStart += 1 }
        var wordEnd = wordStart
        while wordEnd < lexer.end && isWordByte(lexer.text[wordEnd]) && lexer.text[wordEnd] != quote { wordEnd += 1 }
        guard wordEnd > wordStart else { return }
        let delimiterEnd = quote != nil && lexer.byte(at: wordEnd) == quote ? wordEnd + 1 : wordEnd
        lexer.emit(.string, to: delimiterEnd)
        // The rest of the command line is ordinary shell (where a second
        // `<<` is left alone); the body starts on the next line.
        let lineEnd = lexer.endOfLine(from: delimiterEnd)
        let savedEnd = lexer.end
        lexer.end = lineEnd
        lex(&lexer, allowsHereDocuments: false, startsCommand: false)
        lexer.end = savedEnd
        guard lineEnd < lexer.end else { return }
        lexer.emitNewline()
        let bodyStart = lexer.position
        var lineStart = bodyStart
        var bodyEnd = lexer.end
        while lineStart < lexer.end {
            let lineEnd = lexer.endOfLine(from: lineStart)
            var contentStart = lineStart
            if stripsTabs { while lexer.byte(at: contentStart) == 0x09 { contentStart += 1 } }
            if lineEnd - contentStart == wordEnd - wordStart
                && lexer.text[contentStart..<lineEnd].elementsEqual(lexer.text[wordStart..<wordEnd]) {
                bodyEnd = lineEnd
                break
            }
            lineStart = lineEnd + 1
        }
        lexer.emit(.string, to: bodyEnd)
    }
}

/// Dockerfiles (and Containerfiles), one instruction at a time: the
/// instruction word in any case, comments and parser directives, `\` line
/// continuations (with comment lines inside them), the shell form of `RUN`,
/// `CMD`, `ENTRYPOINT` and `SHELL` highlighted as shell and their exec form
/// (`["swift", "run"]`) as strings, `$VAR` and `${VAR}` references,
/// `NAME=value` pairs, port numbers, and `AS` in `FROM image AS name`.
enum DockerfileLexer {
    /// Lowercase, looked up without regard to case.
    static let instructions = WordTable([
        "add", "arg", "cmd", "copy", "entrypoint", "env", "expose", "from", "healthcheck", "label", "maintainer",
        "onbuild", "run", "shell", "stopsignal", "user", "volume", "workdir",
    ], value: 1)

    /// The instructions whose arguments are a command.
    static let commandInstructions = WordTable(["run", "cmd", "entrypoint", "shell"], value: 1)

    static func lex(_ lexer: inout Lexer) {
        while !lexer.isAtEnd {
            lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
            if lexer.current == 0x23 {
                lexer.lexLineComment()
            } else if lexer.current != 0x0A {
                let savedEnd = lexer.end
                lexer.end = endOfInstruction(lexer)
                lexInstruction(&lexer)
                lexer.emitRest(.plain)
                lexer.end = savedEnd
            }
            lexer.emitNewline()
        }
    }

    /// The end of the instruction starting at the cursor: the end of the
    /// first line that does not end with a backslash, skipping the comment
    /// lines that a continued instruction may hold.
    private static func endOfInstruction(_ lexer: Lexer) -> Int {
        var lineEnd = lexer.endOfLine(from: lexer.position)
        while lineEnd < lexer.end && endsWithBackslash(lexer, lineEnd: lineEnd) {
            var next = lineEnd + 1
            while next < lexer.end && lexer.byte(at: lexer.endOfHorizontalSpace(from: next)) == 0x23 {
                next = lexer.endOfLine(from: next) + 1
            }
            lineEnd = lexer.endOfLine(from: min(next, lexer.end))
        }
        return lineEnd
    }

    private static func endsWithBackslash(_ lexer: Lexer, lineEnd: Int) -> Bool {
        var index = lineEnd
        while index > lexer.position && ByteClass.isHorizontalSpace(lexer.text[index - 1]) { index -= 1 }
        return index > lexer.position && lexer.text[index - 1] == 0x5C
    }

    /// One instruction, up to `lexer.end`.
    private static func lexInstruction(_ lexer: inout Lexer) {
        var wordEnd = lexer.endOfIdentifier(from: lexer.position)
        // `ONBUILD RUN …` carries another instruction.
        while instructions.value(ignoringCaseOf: lexer.text, from: lexer.position, to: wordEnd) != nil {
            let isOnBuild = isWord("onbuild", in: lexer, from: lexer.position, to: wordEnd)
            let isCommand = commandInstructions.value(ignoringCaseOf: lexer.text, from: lexer.position, to: wordEnd) != nil
            let isFrom = isWord("from", in: lexer, from: lexer.position, to: wordEnd)
            lexer.emit(.keyword, to: wordEnd)
            lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
            if isOnBuild {
                wordEnd = lexer.endOfIdentifier(from: lexer.position)
                continue
            }
            if isCommand && lexer.current != 0x5B {
                lexCommand(&lexer)
            } else {
                lexArguments(&lexer, namesStage: isFrom)
            }
            return
        }
        lexArguments(&lexer, namesStage: false)
    }

    /// A command in shell form, as shell. Comment lines between its
    /// continued lines are comments, and the command goes on after them
    /// where it stopped: the word after `release \` is an argument, the one
    /// after `&& \` a command.
    private static func lexCommand(_ lexer: inout Lexer) {
        let instructionEnd = lexer.end
        var startsCommand = true
        while !lexer.isAtEnd {
            var commentStart = lexer.endOfLine(from: lexer.position) + 1
            while commentStart < instructionEnd && lexer.byte(at: lexer.endOfHorizontalSpace(from: commentStart)) != 0x23 {
                commentStart = lexer.endOfLine(from: commentStart) + 1
            }
            lexer.end = min(commentStart, instructionEnd)
            startsCommand = ShellLexer.lex(&lexer, allowsHereDocuments: false, startsCommand: startsCommand)
            lexer.end = instructionEnd
            while !lexer.isAtEnd && lexer.byte(at: lexer.endOfHorizontalSpace(from: lexer.position)) == 0x23 {
                lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
                lexer.lexLineComment()
                lexer.emitNewline()
            }
        }
    }

    /// The arguments of an instruction that is not a shell command. With
    /// `namesStage` (`FROM`), the word `AS` is a keyword.
    private static func lexArguments(_ lexer: inout Lexer, namesStage: Bool) {
        while !lexer.isAtEnd {
            let byte = lexer.current
            switch byte {
            case 0x0A:
                lexer.emit(.plain, length: 1)
                lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
                if lexer.current == 0x23 { lexer.lexLineComment() }
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
            case UInt8(ascii: "\\"):
                lexer.emit(.escape, to: lexer.endOfCharacter(at: lexer.position + 1))
            case UInt8(ascii: "\""):
                lexer.lexQuotedString()
            case UInt8(ascii: "'"):
                lexer.lexQuotedString(escapes: false)
            case UInt8(ascii: "$"):
                lexVariable(&lexer)
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","):
                lexer.emit(.plain, length: 1)
            default:
                lexWord(&lexer, namesStage: namesStage)
            }
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0, 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"),
             UInt8(ascii: "$"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "]"):
            false
        default:
            true
        }
    }

    /// A word: `NAME=` starts a pair (`--from=` is a flag), digits are a number (`8080/tcp`), and
    /// the rest is plain.
    private static func lexWord(_ lexer: inout Lexer, namesStage: Bool) {
        let start = lexer.position
        var end = start
        while end < lexer.end && isWordByte(lexer.text[end]) { end += 1 }
        if lexer.byte(at: end) == 0x3D {
            // Label keys may hold dots and dashes (`org.opencontainers.image.title`).
            let isName = end > start && ByteClass.isIdentifierStart(lexer.text[start])
            lexer.emit(isName ? .variable : .plain, to: end)
            lexer.emit(isName ? .operator : .plain, length: 1)
            return
        }
        if end == start {
            lexer.emitCharacter(.plain)
            return
        }
        var digitsEnd = start
        while digitsEnd < end && ByteClass.isDigit(lexer.text[digitsEnd]) { digitsEnd += 1 }
        if digitsEnd > start && (digitsEnd == end || lexer.text[digitsEnd] == 0x2F) {
            lexer.emit(.number, to: digitsEnd)
            lexer.emit(.plain, to: end)
            return
        }
        lexer.emit(namesStage && isWord("as", in: lexer, from: start, to: end) ? .keyword : .plain, to: end)
    }

    /// Whether `text[start..<end]` is `word`, which is in lowercase
    /// letters, written in any case.
    private static func isWord(_ word: StaticString, in lexer: Lexer, from start: Int, to end: Int) -> Bool {
        guard end - start == word.utf8CodeUnitCount else { return false }
        for offset in 0..<(end - start) where lexer.text[start + offset] | 0x20 != word.utf8Start[offset] {
            return false
        }
        return true
    }

    /// `$NAME` or `${NAME:-default}`; a lone `$` is plain.
    private static func lexVariable(_ lexer: inout Lexer) {
        var index = lexer.position + 1
        if lexer.byte(at: index) == 0x7B {
            while index < lexer.end && lexer.text[index] != 0x7D && lexer.text[index] != 0x0A { index += 1 }
            if lexer.byte(at: index) == 0x7D { index += 1 }
        } else {
            index = lexer.endOfIdentifier(from: index)
        }
        lexer.emit(index > lexer.position + 1 ? .variable : .plain, to: index)
    }
}

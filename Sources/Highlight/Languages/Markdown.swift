/// Markdown (CommonMark and GitHub's extensions), line by line: headings,
/// block quotes, list markers, thematic breaks, fenced code (highlighted in
/// its own language when known), and inline code spans, emphasis, strong
/// emphasis, links, autolinks and backslash escapes.
enum MarkdownLexer {
    static func lex(_ lexer: inout Lexer) {
        while !lexer.isAtEnd {
            let indentEnd = lexer.endOfHorizontalSpace(from: lexer.position)
            let lineEnd = lexer.endOfLine(from: lexer.position)
            lexer.emit(.plain, to: indentEnd)
            if indentEnd - lexer.position <= 3, lexFence(&lexer) {
                continue
            }
            lexBlockStart(&lexer, lineEnd: lineEnd)
            lexInline(&lexer, to: lineEnd)
            lexer.emitNewline()
        }
    }

    /// Headings, thematic breaks, quote markers and list markers at the
    /// start of a line (after its indentation).
    private static func lexBlockStart(_ lexer: inout Lexer, lineEnd: Int) {
        while lexer.current == 0x3E {
            lexer.emit(.punctuation, length: 1)
            lexer.emit(.plain, to: min(lexer.endOfHorizontalSpace(from: lexer.position), lineEnd))
        }
        let byte = lexer.current
        if byte == 0x23 {
            var hashes = lexer.position
            while lexer.byte(at: hashes) == 0x23 { hashes += 1 }
            if hashes - lexer.position <= 6 && (hashes == lineEnd || ByteClass.isHorizontalSpace(lexer.byte(at: hashes))) {
                lexer.emit(.heading, to: lineEnd)
                return
            }
        }
        if byte == 0x2D || byte == 0x2A || byte == 0x5F || byte == 0x3D {
            var count = 0
            var isBreak = true
            for index in lexer.position..<lineEnd {
                let current = lexer.text[index]
                if current == byte { count += 1 } else if !ByteClass.isHorizontalSpace(current) { isBreak = false; break }
            }
            if isBreak && (count >= 3 || byte == 0x3D) {
                lexer.emit(.punctuation, to: lineEnd)
                return
            }
        }
        if (byte == 0x2D || byte == 0x2A || byte == 0x2B) && (ByteClass.isHorizontalSpace(lexer.peek(1)) || lexer.position + 1 == lineEnd) {
            lexer.emit(.punctuation, length: 1)
            if lexer.matches(" [ ]", at: lexer.position) || lexer.matches(" [x]", at: lexer.position) || lexer.matches(" [X]", at: lexer.position) {
                lexer.emit(.plain, length: 1)
                lexer.emit(.punctuation, length: 3)
            }
            return
        }
        if ByteClass.isDigit(byte) {
            var index = lexer.position
            while ByteClass.isDigit(lexer.byte(at: index)) && index - lexer.position < 9 { index += 1 }
            let delimiter = lexer.byte(at: index)
            if (delimiter == 0x2E || delimiter == 0x29) && (ByteClass.isHorizontalSpace(lexer.byte(at: index + 1)) || index + 1 == lineEnd) {
                lexer.emit(.punctuation, to: index + 1)
            }
        }
    }

    /// A fenced code block at the cursor: the fence lines as meta, the
    /// content highlighted in the info string's language, or as a string.
    private static func lexFence(_ lexer: inout Lexer) -> Bool {
        let fence = lexer.current
        guard fence == 0x60 || fence == 0x7E else { return false }
        var fenceEnd = lexer.position
        while lexer.byte(at: fenceEnd) == fence { fenceEnd += 1 }
        let fenceLength = fenceEnd - lexer.position
        guard fenceLength >= 3 else { return false }
        let lineEnd = lexer.endOfLine(from: fenceEnd)
        if fence == 0x60 {
            for index in fenceEnd..<lineEnd where lexer.text[index] == 0x60 { return false }
        }
        let infoStart = lexer.endOfHorizontalSpace(from: fenceEnd)
        var infoEnd = infoStart
        while infoEnd < lineEnd && !ByteClass.isSpace(lexer.text[infoEnd]) && lexer.text[infoEnd] != 0x7B { infoEnd += 1 }
        let info = String(decoding: UnsafeBufferPointer(rebasing: lexer.text[infoStart..<infoEnd]), as: UTF8.self)
        let language = Language(alias: info)
        lexer.emit(.meta, to: lineEnd)
        guard lineEnd < lexer.end else { return true }
        lexer.emit(.plain, length: 1)

        // The content ends before a closing fence at least as long.
        let contentStart = lexer.position
        var lineStart = contentStart
        var contentEnd = lexer.end
        var closingEnd = lexer.end
        while lineStart < lexer.end {
            let end = lexer.endOfLine(from: lineStart)
            let indentEnd = lexer.endOfHorizontalSpace(from: lineStart)
            var run = indentEnd
            while lexer.byte(at: run) == fence { run += 1 }
            if indentEnd - lineStart <= 3 && run - indentEnd >= fenceLength && lexer.endOfHorizontalSpace(from: run) == end {
                contentEnd = lineStart
                closingEnd = end
                break
            }
            lineStart = end + 1
        }
        let savedEnd = lexer.end
        lexer.end = contentEnd
        // Markdown inside Markdown stays a string, so fences cannot nest.
        if let language, language != .markdown {
            Highlighter.lex(language, with: &lexer)
        }
        lexer.emitRest(.string)
        lexer.end = savedEnd
        lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
        lexer.emit(.meta, to: closingEnd)
        lexer.emit(.plain, length: 1)
        return true
    }

    /// Inline constructs up to `lineEnd`.
    private static func lexInline(_ lexer: inout Lexer, to lineEnd: Int) {
        while lexer.position < lineEnd {
            let byte = lexer.current
            switch byte {
            case UInt8(ascii: "\\") where lexer.position + 1 < lineEnd && isPunctuation(lexer.peek(1)):
                lexer.emit(.escape, length: 2)
            case UInt8(ascii: "`"):
                lexCodeSpan(&lexer, lineEnd: lineEnd)
            case UInt8(ascii: "*"), UInt8(ascii: "_"):
                lexEmphasis(&lexer, lineEnd: lineEnd)
            case UInt8(ascii: "]") where lexer.peek(1) == 0x28:
                lexer.emit(.plain, length: 1)
                var close = lexer.position + 1
                let limit = lexer.lookaheadLimit(from: close, within: lineEnd)
                while close < limit && lexer.text[close] != 0x29 { close += 1 }
                lexer.emit(.link, to: close < limit ? close + 1 : lexer.position + 1)
            case UInt8(ascii: "<") where lexer.matches("<http", at: lexer.position) || lexer.matches("<mailto:", at: lexer.position):
                var close = lexer.position + 1
                while close < lineEnd && lexer.text[close] != 0x3E && lexer.text[close] != 0x20 { close += 1 }
                lexer.emit(lexer.byte(at: close) == 0x3E ? .link : .plain, to: lexer.byte(at: close) == 0x3E ? close + 1 : lexer.position + 1)
            default:
                var index = lexer.position + 1
                while index < lineEnd && !isInlineStart(lexer.text[index]) { index += 1 }
                lexer.emit(.plain, to: index)
            }
        }
    }

    private static func isInlineStart(_ byte: UInt8) -> Bool {
        byte == 0x5C || byte == 0x60 || byte == 0x2A || byte == 0x5F || byte == 0x5D || byte == 0x3C
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
    }

    /// A code span: a backtick run up to the next run of the same length on
    /// the line; an unmatched run is plain.
    private static func lexCodeSpan(_ lexer: inout Lexer, lineEnd: Int) {
        var runEnd = lexer.position
        while runEnd < lineEnd && lexer.text[runEnd] == 0x60 { runEnd += 1 }
        let length = runEnd - lexer.position
        var index = runEnd
        let limit = lexer.lookaheadLimit(from: index, within: lineEnd)
        while index < limit {
            if lexer.text[index] == 0x60 {
                var closeEnd = index
                while closeEnd < limit && lexer.text[closeEnd] == 0x60 { closeEnd += 1 }
                if closeEnd - index == length {
                    lexer.emit(.string, to: closeEnd)
                    return
                }
                index = closeEnd
            } else {
                index += 1
            }
        }
        lexer.emit(.plain, to: runEnd)
    }

    /// `*em*`, `_em_`, `**strong**`, `__strong__` closed on the same line;
    /// `_` inside a word (`snake_case`) is not emphasis.
    private static func lexEmphasis(_ lexer: inout Lexer, lineEnd: Int) {
        let marker = lexer.current
        var runEnd = lexer.position
        while runEnd < lineEnd && lexer.text[runEnd] == marker { runEnd += 1 }
        let length = min(runEnd - lexer.position, 3)
        let opensWord = runEnd < lineEnd && !ByteClass.isSpace(lexer.text[runEnd])
        let afterWord = lexer.position > 0 && ByteClass.isIdentifierContinuation(lexer.text[lexer.position - 1])
        guard opensWord, !(marker == 0x5F && afterWord) else {
            lexer.emit(.plain, to: runEnd)
            return
        }
        var index = runEnd
        let limit = lexer.lookaheadLimit(from: index, within: lineEnd)
        while index < limit {
            if lexer.text[index] == marker && !ByteClass.isSpace(lexer.text[index - 1]) {
                var closeEnd = index
                while closeEnd < limit && lexer.text[closeEnd] == marker { closeEnd += 1 }
                let closesWord = marker != 0x5F || closeEnd >= lineEnd || !ByteClass.isIdentifierContinuation(lexer.text[closeEnd])
                if closeEnd - index >= length && closesWord {
                    lexer.emit(length >= 2 ? .strong : .emphasis, to: index + length)
                    return
                }
                index = closeEnd
            } else {
                index += 1
            }
        }
        lexer.emit(.plain, to: runEnd)
    }
}

/// The table-driven lexer behind C, C++, Objective-C, JavaScript,
/// TypeScript, Java, Kotlin, Go, Rust and Python: one loop whose choices
/// come from a `CStyleGrammar`.
enum CStyleLexer {
    /// Template-string interpolations nest at most this deep.
    static let maximumInterpolationDepth = 32

    private struct Context {
        enum Last { case start, open, close, `operator`, dot, value, keyword }
        var last: Last = .start
        /// 1 when the next identifier names a function, 2 a type.
        var pendingDefinition = 0
        /// Where the current line starts, and whether a `:` was seen on it
        /// (for Objective-C method declarations).
        var lineStart = 0
        var lineHasColon = false
    }

    static func lex(_ lexer: inout Lexer, grammar: CStyleGrammar) {
        var context = Context()
        lexCode(&lexer, grammar: grammar, context: &context, depth: 0)
    }

    /// Lexes code to the end or, inside a `${…}` interpolation, up to the
    /// `}` that closes it, which is left for the caller.
    private static func lexCode(_ lexer: inout Lexer, grammar: CStyleGrammar, context: inout Context, depth: Int) {
        var braces = 0
        while !lexer.isAtEnd {
            let byte = lexer.current
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                let start = lexer.position
                lexer.skipSpace()
                var index = lexer.position
                while index > start && lexer.text[index - 1] != 0x0A { index -= 1 }
                if index > start {
                    context.lineStart = index
                    context.lineHasColon = false
                }
                continue
            case UInt8(ascii: "/") where grammar.slashComments && lexer.peek(1) == 0x2F:
                let isDoc = lexer.peek(2) == 0x2F && lexer.peek(3) != 0x2F
                lexer.lexLineComment(isDoc ? .docComment : .comment)
                continue
            case UInt8(ascii: "/") where grammar.slashComments && lexer.peek(1) == 0x2A:
                let isDoc = lexer.peek(2) == 0x2A && lexer.peek(3) != 0x2A && lexer.peek(3) != 0x2F
                lexer.lexBlockComment(open: "/*", close: "*/", nests: grammar.nestedComments, kind: isDoc ? .docComment : .comment)
                continue
            case UInt8(ascii: "#") where grammar.hashAttributes && (lexer.peek(1) == 0x5B || (lexer.peek(1) == 0x21 && lexer.peek(2) == 0x5B)):
                lexer.emit(.attribute, to: endOfHashAttribute(lexer))
                context.last = .start
                continue
            case UInt8(ascii: "#") where grammar.preprocessor && lexer.isAtLineStart():
                lexPreprocessorDirective(&lexer)
                context.last = .start
                continue
            case UInt8(ascii: "#") where grammar.hashComments:
                lexer.lexLineComment()
                continue
            case UInt8(ascii: "`") where grammar.templateStrings:
                lexTemplateString(&lexer, grammar: grammar, depth: depth)
                context.last = .value
                continue
            case UInt8(ascii: "`") where grammar.backquotedRawStrings:
                var index = lexer.position + 1
                while index < lexer.end && lexer.text[index] != 0x60 { index += 1 }
                lexer.emit(.string, to: index + 1)
                context.last = .value
                continue
            case UInt8(ascii: "'") where grammar.lifetimes && isLifetime(lexer):
                lexer.emit(.variable, to: lexer.endOfIdentifier(from: lexer.position + 1))
                context.last = .value
                continue
            case UInt8(ascii: "@") where grammar.atDirectives || grammar.decorators:
                lexAt(&lexer, grammar: grammar, context: &context)
                continue
            case UInt8(ascii: "{"):
                braces += 1
                lexer.emit(.plain, length: 1)
                context.last = .open
                continue
            case UInt8(ascii: "}"):
                if depth > 0 && braces == 0 { return }
                braces -= 1
                lexer.emit(.plain, length: 1)
                context.last = .close
                continue
            default:
                break
            }
            if grammar.quotes.contains(byte) {
                lexString(&lexer, grammar: grammar, prefix: 0, depth: depth)
                context.last = .value
            } else if ByteClass.isDigit(byte) || (byte == 0x2E && ByteClass.isDigit(lexer.peek(1))) {
                lexer.emit(.number, to: lexer.endOfNumber(from: lexer.position, separator: grammar.digitSeparator))
                context.last = .value
            } else if ByteClass.isIdentifierStart(byte) || (byte == 0x24 && grammar.dollarIdentifiers) {
                lexWord(&lexer, grammar: grammar, context: &context, depth: depth)
            } else if byte == 0x2F && grammar.regexLiterals && startsExpression(context),
                      let end = endOfRegex(lexer) {
                lexer.emit(.regex, to: end)
                context.last = .value
            } else if ByteClass.isOperator(byte) {
                let end = max(lexer.endOfOperator(from: lexer.position), lexer.position + 1)
                let isArrow = grammar.arrowAccessesMembers && end - lexer.position == 2 && lexer.matches("->", at: lexer.position)
                lexer.emit(.operator, to: end)
                context.last = isArrow ? .dot : .operator
            } else if byte == 0x3A && lexer.peek(1) == 0x3D {
                // Go's declaration and Python's assignment expression.
                lexer.emit(.operator, length: 2)
                context.last = .operator
            } else {
                switch byte {
                case UInt8(ascii: "."):
                    context.last = .dot
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
                    context.last = .open
                    if byte == 0x3A { context.lineHasColon = true }
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    context.last = .close
                default:
                    context.last = .value
                }
                lexer.emitCharacter(.plain)
            }
        }
    }

    private static func startsExpression(_ context: Context) -> Bool {
        switch context.last {
        case .start, .open, .operator, .keyword: true
        case .close, .dot, .value: false
        }
    }

    private static func lexWord(_ lexer: inout Lexer, grammar: CStyleGrammar, context: inout Context, depth: Int) {
        let start = lexer.position
        var end = start + 1
        while end < lexer.end && (ByteClass.isIdentifierContinuation(lexer.text[end]) || (lexer.text[end] == 0x24 && grammar.dollarIdentifiers)) {
            end += 1
        }
        var quoteIndex = end
        if grammar.hashedRawStrings {
            while lexer.byte(at: quoteIndex) == 0x23 { quoteIndex += 1 }
        }
        if grammar.quotes.contains(lexer.byte(at: quoteIndex)) && grammar.stringPrefixes.contains(lexer.text, from: start, to: end)
            && (quoteIndex == end || lexer.text[end - 1] | 0x20 == 0x72) {
            lexString(&lexer, grammar: grammar, prefix: quoteIndex - start, depth: depth)
            context.last = .value
            return
        }
        let next = lexer.byte(at: end)
        if grammar.bangMacros && next == 0x21 && lexer.byte(at: end + 1) != 0x3D {
            lexer.emit(.preprocessor, to: end + 1)
            context.last = .value
            return
        }
        let previous = context
        context.last = .value
        context.pendingDefinition = 0
        if previous.last == .dot {
            lexer.emit(next == 0x28 ? .function : .property, to: end)
            return
        }
        if previous.pendingDefinition != 0 && previous.last == .keyword {
            // A function's name may come after its receiver's type, as in
            // Kotlin's `fun Post.summary()`.
            let isReceiver = previous.pendingDefinition == 1 && next == 0x2E
            lexer.emit(previous.pendingDefinition == 1 && !isReceiver ? .function : .type, to: end)
            return
        }
        if let raw = grammar.words.value(of: lexer.text, from: start, to: end), let kind = TokenKind(rawValue: UInt8(raw)) {
            lexer.emit(kind, to: end)
            if kind == .keyword && !grammar.valueKeywords.contains(lexer.text, from: start, to: end) {
                context.last = .keyword
                context.pendingDefinition = grammar.definitions.value(of: lexer.text, from: start, to: end) ?? 0
            }
            return
        }
        if grammar.messageSelectors && isSelector(lexer, wordEnd: end, previous: previous) {
            lexer.emit(.function, to: end)
        } else if grammar.capitalisedTypes && isTypeName(lexer, from: start, to: end) {
            lexer.emit(.type, to: end)
        } else {
            lexer.emit(next == 0x28 ? .function : .plain, to: end)
        }
    }

    /// Whether the word ending at `wordEnd` is part of an Objective-C
    /// selector: after a receiver or a parameter (`[obj name]`,
    /// `[obj name:x with:y]`), or after the return type of a method
    /// declaration (`- (void)viewDidLoad`).
    private static func isSelector(_ lexer: Lexer, wordEnd: Int, previous: Context) -> Bool {
        guard previous.last == .value || previous.last == .close else { return false }
        let next = lexer.byte(at: wordEnd)
        if next == 0x3A { return lexer.byte(at: wordEnd + 1) != 0x3A }
        if next == 0x5D { return true }
        guard previous.last == .close, !previous.lineHasColon, lexer.position > 0, lexer.text[lexer.position - 1] == 0x29 else {
            return false
        }
        // A method declaration line starts with `-` or `+`, and its name
        // comes before any parameter's colon.
        let markerIndex = lexer.endOfHorizontalSpace(from: previous.lineStart)
        let marker = lexer.byte(at: markerIndex)
        let second = lexer.byte(at: markerIndex + 1)
        return (marker == 0x2D || marker == 0x2B) && second != marker && second != 0x3D
    }

    /// Capitalised with at least one lowercase letter: `NSString`, not `MAX`.
    static func isTypeName(_ lexer: Lexer, from start: Int, to end: Int) -> Bool {
        guard ByteClass.isUppercase(lexer.text[start]) else { return false }
        for index in start + 1..<end where lexer.text[index] &- 0x61 < 26 {
            return true
        }
        return false
    }

    /// A string at `position + prefix`. The prefix decides its reading:
    /// `r` makes backslashes literal, `f` makes `{…}` an interpolation lexed
    /// as code, in C++ `R"delimiter(…)delimiter"` is a raw string and in
    /// Rust `r#"…"#` one. Triple-quoted strings (where the grammar has them)
    /// span lines, and so do Rust's double-quoted strings; others end,
    /// unterminated, at the end of their line.
    /// Kotlin's `$name` and `${…}` templates mark `$` (and the braces) as
    /// escapes and lex what they hold as code.
    private static func lexString(_ lexer: inout Lexer, grammar: CStyleGrammar, prefix: Int, depth: Int) {
        let quoteIndex = lexer.position + prefix
        let quote = lexer.byte(at: quoteIndex)
        var isRaw = false
        var interpolates = false
        for index in lexer.position..<quoteIndex {
            switch lexer.text[index] | 0x20 {
            case UInt8(ascii: "r"): isRaw = true
            case UInt8(ascii: "f"): interpolates = true
            default: break
            }
        }
        if isRaw && grammar.delimitedRawStrings, let end = endOfDelimitedRawString(lexer, quoteIndex: quoteIndex) {
            lexer.emit(.string, to: end)
            return
        }
        if isRaw && grammar.hashedRawStrings {
            lexer.emit(.string, to: endOfHashedRawString(lexer, quoteIndex: quoteIndex))
            return
        }
        let isTriple = grammar.tripleQuotes && lexer.byte(at: quoteIndex + 1) == quote && lexer.byte(at: quoteIndex + 2) == quote
        let spansLines = isTriple || (grammar.multilineStrings && quote == 0x22)
        let keepsBackslashes = isTriple && grammar.rawTripleQuotes
        let hasTemplates = grammar.dollarTemplates && quote == 0x22
        var index = quoteIndex + (isTriple ? 3 : 1)
        lexer.emit(.string, to: index)
        while index < lexer.end {
            let byte = lexer.text[index]
            if byte == quote {
                if !isTriple {
                    index += 1
                    break
                }
                if lexer.byte(at: index + 1) == quote && lexer.byte(at: index + 2) == quote {
                    index += 3
                    break
                }
                index += 1
            } else if byte == 0x0A && !spansLines {
                break
            } else if byte == 0x5C && keepsBackslashes {
                index += 1
            } else if byte == 0x24 && hasTemplates && lexer.byte(at: index + 1) == 0x7B && depth < maximumInterpolationDepth {
                lexer.emit(.string, to: index)
                lexer.emit(.escape, length: 2)
                var inner = Context()
                inner.last = .open
                lexCode(&lexer, grammar: grammar, context: &inner, depth: depth + 1)
                if lexer.current == 0x7D { lexer.emit(.escape, length: 1) }
                index = lexer.position
            } else if byte == 0x24 && hasTemplates && ByteClass.isIdentifierStart(lexer.byte(at: index + 1)) {
                lexer.emit(.string, to: index)
                lexer.emit(.escape, length: 1)
                lexer.emit(.plain, to: lexer.endOfIdentifier(from: index + 1))
                index = lexer.position
            } else if byte == 0x5C {
                if isRaw {
                    // A raw string keeps the backslash, but it still protects a quote.
                    let next = lexer.byte(at: index + 1)
                    index = next == 0x0A && !spansLines ? index + 1 : lexer.endOfCharacter(at: index + 1)
                } else {
                    lexer.emit(.string, to: index)
                    index = lexer.endOfEscape(from: index)
                    lexer.emit(.escape, to: index)
                }
            } else if interpolates && (byte == 0x7B || byte == 0x7D) {
                if lexer.byte(at: index + 1) == byte {
                    index += 2
                } else if byte == 0x7B && depth < maximumInterpolationDepth {
                    lexer.emit(.string, to: index)
                    lexer.emit(.escape, length: 1)
                    var inner = Context()
                    inner.last = .open
                    lexCode(&lexer, grammar: grammar, context: &inner, depth: depth + 1)
                    if lexer.current == 0x7D { lexer.emit(.escape, length: 1) }
                    index = lexer.position
                } else {
                    index += 1
                }
            } else {
                index += 1
            }
        }
        lexer.emit(.string, to: index)
    }

    /// The end of a C++ raw string whose quote is at `quoteIndex`
    /// (`R"sql(…)sql"`), or `nil` if no valid delimiter follows the quote.
    /// An unterminated raw string runs to the end.
    private static func endOfDelimitedRawString(_ lexer: Lexer, quoteIndex: Int) -> Int? {
        var open = quoteIndex + 1
        while open < lexer.end && open - quoteIndex <= 17 {
            let byte = lexer.text[open]
            if byte == 0x28 { break }
            if ByteClass.isSpace(byte) || byte == 0x29 || byte == 0x5C || byte == 0x22 { return nil }
            open += 1
        }
        guard lexer.byte(at: open) == 0x28 else { return nil }
        let delimiter = lexer.text[(quoteIndex + 1)..<open]
        var index = open + 1
        while index < lexer.end {
            if lexer.text[index] == 0x29
                && lexer.text[(index + 1)..<min(index + 1 + delimiter.count, lexer.end)].elementsEqual(delimiter)
                && lexer.byte(at: index + 1 + delimiter.count) == 0x22 {
                return index + 2 + delimiter.count
            }
            index += 1
        }
        return lexer.end
    }

    /// The end of a Rust raw string whose quote is at `quoteIndex`: the
    /// first quote followed by as many `#` as came before the opening one.
    /// An unterminated raw string runs to the end.
    private static func endOfHashedRawString(_ lexer: Lexer, quoteIndex: Int) -> Int {
        var hashes = 0
        while quoteIndex - hashes > lexer.position && lexer.text[quoteIndex - hashes - 1] == 0x23 { hashes += 1 }
        var index = quoteIndex + 1
        while index < lexer.end {
            if lexer.text[index] == 0x22 {
                var closing = index + 1
                while closing - index - 1 < hashes && lexer.byte(at: closing) == 0x23 { closing += 1 }
                if closing - index - 1 == hashes { return closing }
            }
            index += 1
        }
        return lexer.end
    }

    /// Whether the `'` at the cursor starts a Rust lifetime or loop label
    /// (`'a`, `'static`, `'outer:`) rather than a character (`'a'`, `'\n'`).
    private static func isLifetime(_ lexer: Lexer) -> Bool {
        let first = lexer.peek(1)
        guard ByteClass.isIdentifierStart(first) else { return false }
        return lexer.byte(at: lexer.endOfCharacter(at: lexer.position + 1)) != 0x27
    }

    /// The end of a `#[…]` or `#![…]` attribute at the cursor: the bracket
    /// that balances the first, skipping brackets inside strings. One that
    /// does not close within the look-ahead window ends with its line.
    private static func endOfHashAttribute(_ lexer: Lexer) -> Int {
        var index = lexer.position + (lexer.peek(1) == 0x21 ? 2 : 1)
        var depth = 0
        let limit = lexer.lookaheadLimit(from: index, within: lexer.end)
        while index < limit {
            switch lexer.text[index] {
            case 0x5B:
                depth += 1
            case 0x5D:
                depth -= 1
                if depth == 0 { return index + 1 }
            case 0x22:
                index += 1
                while index < limit && lexer.text[index] != 0x22 { index += lexer.text[index] == 0x5C ? 2 : 1 }
            default:
                break
            }
            index += 1
        }
        return lexer.endOfLine(from: lexer.position)
    }

    /// A backquoted template string whose `${…}` parts are lexed as code.
    private static func lexTemplateString(_ lexer: inout Lexer, grammar: CStyleGrammar, depth: Int) {
        var index = lexer.position + 1
        lexer.emit(.string, to: index)
        while index < lexer.end {
            let byte = lexer.text[index]
            if byte == 0x60 {
                index += 1
                break
            }
            if byte == 0x5C {
                lexer.emit(.string, to: index)
                index = lexer.endOfEscape(from: index)
                lexer.emit(.escape, to: index)
                continue
            }
            if byte == 0x24 && lexer.byte(at: index + 1) == 0x7B && depth < maximumInterpolationDepth {
                lexer.emit(.string, to: index)
                lexer.emit(.escape, to: index + 2)
                var inner = Context()
                inner.last = .open
                lexCode(&lexer, grammar: grammar, context: &inner, depth: depth + 1)
                if lexer.current == 0x7D { lexer.emit(.escape, length: 1) }
                index = lexer.position
                continue
            }
            index += 1
        }
        lexer.emit(.string, to: index)
    }

    /// `@` starts an Objective-C directive or literal, or a decorator.
    private static func lexAt(_ lexer: inout Lexer, grammar: CStyleGrammar, context: inout Context) {
        let next = lexer.peek(1)
        if grammar.atDirectives && next == 0x22 {
            lexer.lexQuotedString(prefix: 1)
            context.last = .value
        } else if ByteClass.isIdentifierStart(next) {
            let end = lexer.endOfIdentifier(from: lexer.position + 1)
            if grammar.atDirectives {
                let isLiteral = lexer.matches("YES", at: lexer.position + 1) || lexer.matches("NO", at: lexer.position + 1)
                lexer.emit(isLiteral ? .literal : .keyword, to: end)
                context.last = isLiteral ? .value : .keyword
            } else {
                lexer.emit(.attribute, to: end)
                context.last = .start
            }
        } else {
            lexer.emit(.operator, length: 1)
            context.last = .operator
        }
    }

    /// A `#directive` line: the directive is `.preprocessor`, a header name
    /// in `<…>` or quotes is a string, and the rest of the line is plain.
    /// A backslash at the end of a line continues the directive.
    private static func lexPreprocessorDirective(_ lexer: inout Lexer) {
        var wordStart = lexer.endOfHorizontalSpace(from: lexer.position + 1)
        wordStart = lexer.endOfIdentifier(from: wordStart)
        lexer.emit(.preprocessor, to: wordStart)
        while !lexer.isAtEnd {
            let byte = lexer.current
            if byte == 0x0A {
                return
            } else if byte == 0x5C && lexer.peek(1) == 0x0A {
                lexer.emit(.preprocessor, length: 2)
            } else if byte == 0x3C || byte == 0x22 {
                let close: UInt8 = byte == 0x3C ? 0x3E : 0x22
                var index = lexer.position + 1
                while index < lexer.end && lexer.text[index] != close && lexer.text[index] != 0x0A { index += 1 }
                lexer.emit(.string, to: lexer.byte(at: index) == close ? index + 1 : index)
            } else if byte == 0x2F && (lexer.peek(1) == 0x2F || lexer.peek(1) == 0x2A) {
                if lexer.peek(1) == 0x2F {
                    lexer.lexLineComment()
                } else {
                    lexer.lexBlockComment(open: "/*", close: "*/", nests: false)
                }
            } else if ByteClass.isDigit(byte) {
                lexer.emit(.number, to: lexer.endOfNumber(from: lexer.position, separator: 0x27))
            } else if ByteClass.isIdentifierStart(byte) {
                lexer.emit(.plain, to: lexer.endOfIdentifier(from: lexer.position))
            } else {
                lexer.emitCharacter(.plain)
            }
        }
    }

    /// The end of a `/…/flags` regex literal at the cursor, or `nil`.
    /// Ruby's lexer reads its regex literals with it too.
    static func endOfRegex(_ lexer: Lexer) -> Int? {
        let first = lexer.peek(1)
        if first == 0 || ByteClass.isSpace(first) || first == 0x2F || first == 0x2A { return nil }
        var index = lexer.position + 1
        var inClass = false
        let limit = lexer.lookaheadLimit(from: index, within: lexer.end)
        while index < limit {
            switch lexer.text[index] {
            case 0x0A:
                return nil
            case 0x5C:
                index += 2
                continue
            case UInt8(ascii: "["):
                inClass = true
            case UInt8(ascii: "]"):
                inClass = false
            case 0x2F where !inClass:
                index += 1
                while index < lexer.end && ByteClass.isIdentifierContinuation(lexer.text[index]) && lexer.text[index] < 0x80 {
                    index += 1
                }
                return index
            default:
                break
            }
            index += 1
        }
        return nil
    }
}

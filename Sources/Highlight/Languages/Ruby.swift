/// Ruby, and the Ruby files of the Apple tool chain (Podfile, Fastfile,
/// Gemfile): comments and `=begin` blocks, strings with `#{…}`
/// interpolation lexed as Ruby, `%w[…]`-style literals, here-documents,
/// symbols and `key:` labels, instance, class and global variables, regex
/// literals, `def` names, constants as types, and a method called without
/// parentheses at the start of a line (`pod 'Alamofire'`) as a function.
enum RubyLexer {
    static let words = CStyleGrammar.words([
        (.keyword, ["alias", "and", "begin", "BEGIN", "break", "case", "class", "def", "defined?", "do", "else",
                    "elsif", "end", "END", "ensure", "for", "if", "in", "module", "next", "not", "or", "redo",
                    "rescue", "retry", "return", "self", "super", "then", "undef", "unless", "until", "when",
                    "while", "yield", "private", "protected", "public", "module_function", "__FILE__", "__LINE__",
                    "__method__"]),
        (.literal, ["true", "false", "nil"]),
        (.function, ["require", "require_relative", "puts", "print", "raise", "attr_accessor", "attr_reader",
                     "attr_writer", "include", "extend", "prepend", "lambda", "proc", "loop"]),
    ])

    /// Interpolations nest at most this deep; deeper ones stay string text.
    static let maximumInterpolationDepth = 32

    private struct Context {
        enum Last { case start, open, close, `operator`, dot, value, keyword }
        var last: Last = .start
        /// After `def`: the next name (past `self.`) is the method's.
        var definesMethod = false
    }

    static func lex(_ lexer: inout Lexer) {
        var context = Context()
        lexCode(&lexer, context: &context, depth: 0, insideInterpolation: false, allowsHereDocuments: true)
    }

    /// Lexes code to the end or, inside a `#{…}` interpolation, up to the
    /// `}` that closes it, which is left for the caller. Here-documents are
    /// off on the rest of a line that opened one, whose body is still to come.
    private static func lexCode(_ lexer: inout Lexer, context: inout Context, depth: Int, insideInterpolation: Bool, allowsHereDocuments: Bool) {
        var braces = 0
        while !lexer.isAtEnd {
            let byte = lexer.current
            switch byte {
            case 0x0A:
                lexer.emit(.plain, length: 1)
                if lexer.matches("=begin", at: lexer.position) && isWordEnd(lexer.byte(at: lexer.position + 6)) {
                    lexer.emit(.comment, to: endOfBlockComment(lexer))
                }
                context.last = .start
                continue
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: lexer.position))
                continue
            case UInt8(ascii: "=") where lexer.position == 0 && lexer.matches("=begin", at: 0) && isWordEnd(lexer.byte(at: 6)):
                lexer.emit(.comment, to: endOfBlockComment(lexer))
                continue
            case UInt8(ascii: "#"):
                lexer.lexLineComment()
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                lexer.emit(.string, length: 1)
                lexStringContent(&lexer, close: byte, interpolates: true, escapes: true, depth: depth)
                context.last = .value
                continue
            case UInt8(ascii: "'"):
                lexer.emit(.string, length: 1)
                lexStringContent(&lexer, close: byte, interpolates: false, escapes: true, depth: depth)
                context.last = .value
                continue
            case UInt8(ascii: "@"), UInt8(ascii: "$"):
                lexVariable(&lexer)
                context.last = .value
                continue
            case UInt8(ascii: ":"):
                lexColon(&lexer, context: &context, depth: depth)
                continue
            case UInt8(ascii: "{"):
                braces += 1
                lexer.emit(.plain, length: 1)
                context.last = .open
                continue
            case UInt8(ascii: "}"):
                if insideInterpolation && braces == 0 { return }
                braces -= 1
                lexer.emit(.plain, length: 1)
                context.last = .close
                continue
            case UInt8(ascii: "<") where allowsHereDocuments && lexer.peek(1) == 0x3C:
                if lexHereDocument(&lexer, context: &context, depth: depth) { continue }
            case UInt8(ascii: "%") where startsExpression(context):
                if lexPercentLiteral(&lexer) {
                    context.last = .value
                    continue
                }
            case UInt8(ascii: "/") where startsExpression(context):
                if let end = CStyleLexer.endOfRegex(lexer) {
                    lexer.emit(.regex, to: end)
                    context.last = .value
                    continue
                }
            default:
                break
            }
            if ByteClass.isDigit(byte) {
                lexer.emit(.number, to: lexer.endOfNumber(from: lexer.position, separator: 0x5F))
                context.last = .value
            } else if ByteClass.isIdentifierStart(byte) {
                lexWord(&lexer, context: &context)
            } else if byte == 0x2E {
                var end = lexer.position + 1
                while lexer.byte(at: end) == 0x2E { end += 1 }
                lexer.emit(end - lexer.position > 1 ? .operator : .plain, to: end)
                context.last = end - lexer.position > 1 ? .operator : .dot
            } else if ByteClass.isOperator(byte) {
                lexer.emit(.operator, to: max(lexer.endOfOperator(from: lexer.position), lexer.position + 1))
                context.last = .operator
                context.definesMethod = false
            } else {
                context.definesMethod = false
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ";"):
                    context.last = .open
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

    private static func isWordEnd(_ byte: UInt8) -> Bool {
        byte == 0 || ByteClass.isSpace(byte)
    }

    /// The end of an `=begin` … `=end` comment at the cursor: the end of the
    /// `=end` line, or of the block when there is none.
    private static func endOfBlockComment(_ lexer: Lexer) -> Int {
        var lineStart = lexer.endOfLine(from: lexer.position) + 1
        while lineStart < lexer.end {
            let lineEnd = lexer.endOfLine(from: lineStart)
            if lexer.matches("=end", at: lineStart) && isWordEnd(lexer.byte(at: lineStart + 4)) { return lineEnd }
            lineStart = lineEnd + 1
        }
        return lexer.end
    }

    // MARK: Words, symbols and variables

    private static func lexWord(_ lexer: inout Lexer, context: inout Context) {
        let start = lexer.position
        var end = lexer.endOfIdentifier(from: start)
        // A method name may end in `?` or `!` (`empty?`, `save!`), but not
        // before `=` (`a != b`, `x ?= y`) or `:` (`a ? b:c`).
        let suffix = lexer.byte(at: end)
        if (suffix == 0x3F || suffix == 0x21) && lexer.byte(at: end + 1) != 0x3D && lexer.byte(at: end + 1) != 0x3A {
            end += 1
        }
        let previous = context
        context.last = .value
        context.definesMethod = false
        let next = lexer.byte(at: end)
        // `key: value` in a hash or a call is a symbol; `Foo::Bar` is not.
        if next == 0x3A && lexer.byte(at: end + 1) != 0x3A && previous.last != .dot && lexer.byte(at: end - 1) != 0x3F {
            lexer.emit(.literal, to: end + 1)
            context.last = .open
            return
        }
        if previous.definesMethod {
            if lexer.matches("self", at: start) && end - start == 4 && next == 0x2E {
                lexer.emit(.keyword, to: end)
                context.definesMethod = true
            } else {
                lexer.emit(.function, to: end)
            }
            return
        }
        if previous.last == .dot {
            lexer.emit(ByteClass.isUppercase(lexer.text[start]) ? .type : next == 0x28 ? .function : .property, to: end)
            return
        }
        if let raw = words.value(of: lexer.text, from: start, to: end), let kind = TokenKind(rawValue: UInt8(raw)) {
            lexer.emit(kind, to: end)
            if kind == .keyword && !(lexer.matches("self", at: start) && end - start == 4) {
                context.last = .keyword
                context.definesMethod = lexer.matches("def", at: start) && end - start == 3
            } else if kind == .function {
                context.last = .open
            }
            return
        }
        let last = lexer.text[end - 1]
        if CStyleLexer.isTypeName(lexer, from: start, to: end) {
            lexer.emit(.type, to: end)
        } else if next == 0x28 || last == 0x3F || last == 0x21 || isCommand(lexer, wordEnd: end) {
            lexer.emit(.function, to: end)
            context.last = next == 0x28 ? .value : .open
        } else {
            lexer.emit(.plain, to: end)
        }
    }

    /// Whether the word ending at `wordEnd` is a method called without
    /// parentheses at the start of a line, as the DSLs of Podfiles,
    /// Fastfiles and Gemfiles are written: `pod 'Alamofire'`, `lane :beta do`,
    /// `gem "fastlane"`. One space, then an argument that is not a keyword,
    /// or a `do` block.
    private static func isCommand(_ lexer: Lexer, wordEnd: Int) -> Bool {
        guard lexer.byte(at: wordEnd) == 0x20, lexer.isAtLineStart() else { return false }
        let argument = wordEnd + 1
        let first = lexer.byte(at: argument)
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "@"), UInt8(ascii: "$"), UInt8(ascii: "["),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: ":"):
            return ByteClass.isIdentifierStart(lexer.byte(at: argument + 1))
        default:
            guard ByteClass.isIdentifierStart(first) else { return false }
            let argumentEnd = lexer.endOfIdentifier(from: argument)
            let kind = words.value(of: lexer.text, from: argument, to: argumentEnd).flatMap { TokenKind(rawValue: UInt8($0)) }
            // A block is an argument too: `post_install do |installer|`.
            return kind != .keyword || lexer.matches("do", at: argument) && argumentEnd - argument == 2
        }
    }

    /// `::` between names, a `:symbol` or `:"symbol"`, or a plain colon.
    private static func lexColon(_ lexer: inout Lexer, context: inout Context, depth: Int) {
        let next = lexer.peek(1)
        if next == 0x3A {
            lexer.emit(.plain, length: 2)
            context.last = .dot
        } else if ByteClass.isIdentifierStart(next) && (startsExpression(context) || followsSpace(lexer)) {
            var end = lexer.endOfIdentifier(from: lexer.position + 1)
            if lexer.byte(at: end) == 0x3F || lexer.byte(at: end) == 0x21 { end += 1 }
            lexer.emit(.literal, to: end)
            context.last = .value
        } else if next == 0x22 && startsExpression(context) {
            lexer.emit(.literal, length: 1)
            lexer.emit(.string, length: 1)
            lexStringContent(&lexer, close: next, interpolates: true, escapes: true, depth: depth)
            context.last = .value
        } else {
            lexer.emit(.plain, length: 1)
            context.last = .open
        }
    }

    /// Whether a space comes right before the cursor: `link_to :home` has an
    /// argument, `a ? b:c` does not.
    private static func followsSpace(_ lexer: Lexer) -> Bool {
        lexer.position > 0 && ByteClass.isHorizontalSpace(lexer.text[lexer.position - 1])
    }

    /// `@name`, `@@name`, `$name`, `$0`, `$!`: instance, class and global
    /// variables.
    private static func lexVariable(_ lexer: inout Lexer) {
        var index = lexer.position + 1
        if lexer.current == 0x40 && lexer.byte(at: index) == 0x40 { index += 1 }
        let first = lexer.byte(at: index)
        if ByteClass.isIdentifierStart(first) || (lexer.current == 0x24 && ByteClass.isDigit(first)) {
            lexer.emit(.variable, to: lexer.endOfIdentifier(from: index))
        } else if lexer.current == 0x24 && "!@&~=/\\,;.<>_*$?:\"'`+".utf8.contains(first) {
            lexer.emit(.variable, to: index + 1)
        } else {
            lexer.emit(.plain, to: index)
        }
    }

    // MARK: Strings

    /// Emits string text from the cursor to just past `close`, or, when
    /// `close` is `nil` (a here-document's body), to the end. Ruby strings
    /// may span lines; an unterminated one runs to the end. With `escapes`
    /// backslash sequences are escapes, all of them when the string
    /// `interpolates`, only `\\` and an escaped `close` otherwise (single
    /// quotes). Interpolated `#{…}` is lexed as Ruby.
    private static func lexStringContent(_ lexer: inout Lexer, close: UInt8?, interpolates: Bool, escapes: Bool, depth: Int) {
        var index = lexer.position
        while index < lexer.end {
            let byte = lexer.text[index]
            if byte == close {
                index += 1
                break
            }
            if byte == 0x5C && escapes {
                let next = lexer.byte(at: index + 1)
                if interpolates {
                    lexer.emit(.string, to: index)
                    index = lexer.endOfEscape(from: index)
                    lexer.emit(.escape, to: index)
                } else if next == 0x5C || next == close {
                    lexer.emit(.string, to: index)
                    lexer.emit(.escape, length: 2)
                    index += 2
                } else {
                    index += 1
                }
                continue
            }
            if interpolates && byte == 0x23 && lexer.byte(at: index + 1) == 0x7B && depth < maximumInterpolationDepth {
                lexer.emit(.string, to: index)
                lexer.emit(.escape, length: 2)
                var inner = Context()
                inner.last = .open
                lexCode(&lexer, context: &inner, depth: depth + 1, insideInterpolation: true, allowsHereDocuments: false)
                if lexer.current == 0x7D { lexer.emit(.escape, length: 1) }
                index = lexer.position
                continue
            }
            index += 1
        }
        lexer.emit(.string, to: index)
    }

    /// `%w[a b]`, `%i(x y)`, `%q{…}`, `%Q<…>`, `%(…)`, `%r{…}`, `%s(…)`: the
    /// whole literal as a string (a regex for `%r`, a symbol for `%s`),
    /// bracket delimiters nesting. Returns `false`, emitting nothing, if no
    /// literal starts at the cursor.
    private static func lexPercentLiteral(_ lexer: inout Lexer) -> Bool {
        var index = lexer.position + 1
        var kind = TokenKind.string
        switch lexer.byte(at: index) {
        case UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "i"), UInt8(ascii: "I"), UInt8(ascii: "q"), UInt8(ascii: "Q"):
            index += 1
        case UInt8(ascii: "r"):
            kind = .regex
            index += 1
        case UInt8(ascii: "s"):
            kind = .literal
            index += 1
        default:
            break
        }
        let open = lexer.byte(at: index)
        let close: UInt8
        switch open {
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        case UInt8(ascii: "["): close = UInt8(ascii: "]")
        case UInt8(ascii: "{"): close = UInt8(ascii: "}")
        case UInt8(ascii: "<"): close = UInt8(ascii: ">")
        case UInt8(ascii: "|"), UInt8(ascii: "!"), UInt8(ascii: "/"):
            guard index > lexer.position + 1 else { return false }
            close = open
        default:
            return false
        }
        var depth = 0
        index += 1
        while index < lexer.end {
            let byte = lexer.text[index]
            if byte == 0x5C {
                index = lexer.endOfCharacter(at: index + 1)
                continue
            }
            index += 1
            if byte == close {
                if depth == 0 { break }
                depth -= 1
            } else if byte == open {
                depth += 1
            }
        }
        lexer.emit(kind, to: index)
        return true
    }

    /// A here-document opened at the cursor (`<<~EOS`, `<<-'SQL'`,
    /// `<<HTML`): the opener, the rest of its line as Ruby, then the body
    /// up to the line that is just the delimiter (indented for `~` and `-`)
    /// as a string, interpolated unless the delimiter is in single quotes.
    /// Returns `false`, emitting nothing, if `<<` is an operator here.
    private static func lexHereDocument(_ lexer: inout Lexer, context: inout Context, depth: Int) -> Bool {
        var index = lexer.position + 2
        let indented = lexer.byte(at: index) == 0x7E || lexer.byte(at: index) == 0x2D
        if indented { index += 1 }
        let opening = lexer.byte(at: index)
        let quote: UInt8? = opening == 0x27 || opening == 0x22 || opening == 0x60 ? opening : nil
        let wordStart = quote == nil ? index : index + 1
        var wordEnd = wordStart
        if quote != nil {
            while wordEnd < lexer.end && lexer.text[wordEnd] != quote && lexer.text[wordEnd] != 0x0A { wordEnd += 1 }
            guard wordEnd > wordStart, lexer.byte(at: wordEnd) == quote else { return false }
        } else {
            guard ByteClass.isIdentifierStart(opening), opening < 0x80, indented || ByteClass.isUppercase(opening) else { return false }
            wordEnd = lexer.endOfIdentifier(from: wordStart)
        }
        let openerEnd = quote == nil ? wordEnd : wordEnd + 1
        lexer.emit(.operator, to: index)
        lexer.emit(.string, to: openerEnd)
        context.last = .value
        let lineEnd = lexer.endOfLine(from: openerEnd)
        let savedEnd = lexer.end
        lexer.end = lineEnd
        lexCode(&lexer, context: &context, depth: depth, insideInterpolation: false, allowsHereDocuments: false)
        lexer.end = savedEnd
        guard lineEnd < lexer.end else { return true }
        lexer.emitNewline()
        var lineStart = lexer.position
        var bodyEnd = lexer.end
        while lineStart < lexer.end {
            let end = lexer.endOfLine(from: lineStart)
            let contentStart = indented ? lexer.endOfHorizontalSpace(from: lineStart) : lineStart
            var contentEnd = end
            while contentEnd > contentStart && lexer.text[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            if contentEnd - contentStart == wordEnd - wordStart
                && lexer.text[contentStart..<contentEnd].elementsEqual(lexer.text[wordStart..<wordEnd]) {
                bodyEnd = lineStart
                break
            }
            lineStart = end + 1
        }
        lexer.end = bodyEnd
        let interpolates = quote != 0x27
        lexStringContent(&lexer, close: nil, interpolates: interpolates, escapes: interpolates, depth: depth)
        lexer.end = savedEnd
        if bodyEnd < lexer.end {
            let terminatorEnd = lexer.endOfLine(from: bodyEnd)
            lexer.emit(.plain, to: lexer.endOfHorizontalSpace(from: bodyEnd))
            lexer.emit(.string, to: terminatorEnd)
        }
        return true
    }
}

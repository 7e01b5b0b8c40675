/// Swift: keywords that are keywords only in context, attributes, compiler
/// directives and macros, strings with nested interpolation, multi-line and
/// raw strings, nested comments, every number form, regex literals, types,
/// functions, properties and operators.
enum SwiftLexer {
    /// What a word is to the lexer.
    enum Role: Int {
        case none
        /// Always a keyword (`if`, `return`, `where`).
        case keyword
        /// `in`: always a keyword, and one that may follow `async`.
        case inKeyword
        /// `true`, `false`, `nil`.
        case literal
        /// Keywords that act as values: `self`, `Self`, `super`.
        case valueKeyword
        /// Keywords that start a declaration (`let`, `struct`, `init`).
        case declaration
        /// `func`: the next word names a function.
        case function
        /// `private`, `public`, ...: may be followed by `(set)`.
        case accessModifier
        /// `throws`, `rethrows`.
        case throwsKeyword
        /// `get`, `set`, `willSet`, `didSet`: keywords only inside a
        /// property's braces.
        case accessor
        /// Declaration modifiers (`mutating`, `override`, `final`, `lazy`):
        /// keywords only before a declaration.
        case modifier
        /// `weak`, `unowned`: modifiers that also appear in capture lists.
        case weakOrUnowned
        /// `some`, `any`, `each`, ownership words: keywords only before a
        /// type or name.
        case typePrefix
        case async
        case await
        /// `actor`, `macro`: keywords only before the name they declare.
        case namedDeclaration
    }

    static let words: WordTable = {
        let groups: [(Role, [String])] = [
            (.keyword, ["as", "break", "case", "catch", "continue", "default", "defer", "do", "else",
                        "fallthrough", "for", "guard", "if", "is", "repeat", "return", "switch", "throw",
                        "try", "where", "while", "inout"]),
            (.inKeyword, ["in"]),
            (.literal, ["true", "false", "nil"]),
            (.valueKeyword, ["self", "Self", "super"]),
            (.declaration, ["let", "var", "class", "struct", "enum", "protocol", "extension", "init", "deinit",
                            "subscript", "typealias", "associatedtype", "import", "static", "operator",
                            "precedencegroup"]),
            (.function, ["func"]),
            (.accessModifier, ["private", "fileprivate", "internal", "public"]),
            (.throwsKeyword, ["throws", "rethrows"]),
            (.accessor, ["get", "set", "willSet", "didSet"]),
            (.modifier, ["mutating", "nonmutating", "override", "convenience", "required", "final", "lazy",
                         "optional", "dynamic", "indirect", "nonisolated", "distributed", "prefix", "postfix",
                         "infix", "open", "package"]),
            (.weakOrUnowned, ["weak", "unowned"]),
            (.typePrefix, ["some", "any", "each", "borrowing", "consuming", "isolated", "sending", "consume",
                           "copy", "discard"]),
            (.async, ["async"]),
            (.await, ["await"]),
            (.namedDeclaration, ["actor", "macro"]),
        ]
        return WordTable(groups.flatMap { role, names in names.map { ($0, role.rawValue) } })
    }()

    /// The words allowed inside parentheses right after a modifier:
    /// `private(set)`, `unowned(safe)`, `nonisolated(unsafe)`.
    static let modifierArguments = WordTable(["set", "safe", "unsafe"], value: 1)

    /// Interpolations nest at most this deep; deeper ones are left as string
    /// text so that adversarial input cannot exhaust the stack.
    static let maximumInterpolationDepth = 32

    /// The kind of the last significant token, which decides between
    /// readings: `/` as division or regex, `set` as keyword or name.
    struct Context {
        enum Last { case start, open, close, `operator`, dot, value, keyword }
        var last: Last = .start
        var lastByte: UInt8 = 0
        var lastRole: Role = .none
    }

    static func lex(_ lexer: inout Lexer) {
        var context = Context()
        lexCode(&lexer, context: &context, depth: 0)
    }

    /// Lexes code up to the end, or, inside an interpolation (`depth > 0`),
    /// up to the `)` that closes it, which is left for the caller.
    static func lexCode(_ lexer: inout Lexer, context: inout Context, depth: Int) {
        var parentheses = 0
        while !lexer.isAtEnd {
            let byte = lexer.current
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                lexer.skipSpace()
            case UInt8(ascii: "/"):
                lexSlash(&lexer, context: &context)
            case UInt8(ascii: "\""):
                lexString(&lexer, hashes: 0, depth: depth)
                context.last = .value
            case UInt8(ascii: "#"):
                lexHash(&lexer, context: &context, depth: depth)
            case UInt8(ascii: "@"):
                let end = lexer.endOfIdentifier(from: lexer.position + 1)
                lexer.emit(end > lexer.position + 1 ? .attribute : .plain, to: max(end, lexer.position + 1))
                context.last = .keyword
                context.lastRole = .none
            case UInt8(ascii: "`"):
                lexBacktickIdentifier(&lexer)
                context.last = .value
            case UInt8(ascii: "$"):
                let end = lexer.endOfIdentifier(from: lexer.position + 1)
                lexer.emit(end > lexer.position + 1 ? .variable : .plain, to: max(end, lexer.position + 1))
                context.last = .value
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexer.emit(.number, to: lexer.endOfNumber(from: lexer.position, separator: 0x5F))
                context.last = .value
            case UInt8(ascii: "."):
                if lexer.peek(1) == 0x2E {
                    var end = lexer.position
                    while lexer.byte(at: end) == 0x2E || ByteClass.isOperator(lexer.byte(at: end)) { end += 1 }
                    lexer.emit(.operator, to: end)
                    context.last = .operator
                } else {
                    lexer.emit(.plain, length: 1)
                    context.last = .dot
                }
            case UInt8(ascii: "("):
                parentheses += 1
                lexer.emit(.plain, length: 1)
                context.last = .open
                context.lastByte = byte
            case UInt8(ascii: ")"):
                if depth > 0 && parentheses == 0 { return }
                parentheses -= 1
                lexer.emit(.plain, length: 1)
                context.last = .close
                context.lastByte = byte
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
                lexer.emit(.plain, length: 1)
                context.last = .open
                context.lastByte = byte
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                lexer.emit(.plain, length: 1)
                context.last = .close
                context.lastByte = byte
            default:
                if ByteClass.isOperator(byte) {
                    lexOperator(&lexer, context: &context)
                } else if ByteClass.isIdentifierStart(byte) {
                    lexWord(&lexer, context: &context)
                } else {
                    lexer.emitCharacter(.plain)
                    context.last = .value
                }
            }
        }
    }

    // MARK: Comments, regexes and operators

    private static func lexSlash(_ lexer: inout Lexer, context: inout Context) {
        let next = lexer.peek(1)
        if next == 0x2F {
            let isDoc = lexer.peek(2) == 0x2F && lexer.peek(3) != 0x2F
            lexer.lexLineComment(isDoc ? .docComment : .comment)
        } else if next == 0x2A {
            let isDoc = lexer.peek(2) == 0x2A && lexer.peek(3) != 0x2A && lexer.peek(3) != 0x2F
            lexer.lexBlockComment(open: "/*", close: "*/", nests: true, kind: isDoc ? .docComment : .comment)
        } else if startsExpression(context), let end = endOfBareRegex(lexer) {
            lexer.emit(.regex, to: end)
            context.last = .value
        } else {
            lexOperator(&lexer, context: &context)
        }
    }

    /// Whether a token after `context` begins an expression, so that `/`
    /// opens a regex rather than divides.
    private static func startsExpression(_ context: Context) -> Bool {
        switch context.last {
        case .start, .open, .operator: true
        case .keyword: context.lastRole != .valueKeyword
        case .close, .dot, .value: false
        }
    }

    /// The end of a `/.../` regex literal at the cursor, or `nil` if the
    /// slash is better read as an operator: the literal must close on the
    /// same line and may neither start nor end with a space.
    private static func endOfBareRegex(_ lexer: Lexer) -> Int? {
        let first = lexer.peek(1)
        if first == 0 || ByteClass.isSpace(first) || first == 0x2F || first == 0x2A { return nil }
        var index = lexer.position + 1
        var inClass = false
        let limit = lexer.lookaheadLimit(from: index, within: lexer.end)
        while index < limit {
            let byte = lexer.text[index]
            switch byte {
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
                return ByteClass.isHorizontalSpace(lexer.text[index - 1]) ? nil : index + 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func lexOperator(_ lexer: inout Lexer, context: inout Context) {
        let start = lexer.position
        let end = max(lexer.endOfOperator(from: start), start + 1)
        var isPostfix = context.last == .value || context.last == .close
        if isPostfix {
            for index in start..<end where lexer.text[index] != 0x3F && lexer.text[index] != 0x21 {
                isPostfix = false
            }
        }
        lexer.emit(.operator, to: end)
        if !isPostfix { context.last = .operator }
    }

    // MARK: Strings

    /// Lexes a string literal at the cursor, after `hashes` leading `#`:
    /// single-line or `"""` multi-line, raw when `hashes > 0`, with escapes
    /// and `\(...)` interpolations (`\#(...)` in raw strings) whose code is
    /// lexed as Swift.
    static func lexString(_ lexer: inout Lexer, hashes: Int, depth: Int) {
        var index = lexer.position + hashes
        let isMultiline = lexer.matches("\"\"\"", at: index)
        index += isMultiline ? 3 : 1
        lexer.emit(.string, to: index)
        while index < lexer.end {
            let byte = lexer.text[index]
            if byte == 0x22 {
                let closeEnd = endOfClosingDelimiter(lexer, at: index, multiline: isMultiline, hashes: hashes)
                if let closeEnd {
                    lexer.emit(.string, to: closeEnd)
                    return
                }
                index += 1
            } else if byte == 0x5C && hasHashes(lexer, hashes, at: index + 1) {
                let afterHashes = index + 1 + hashes
                lexer.emit(.string, to: index)
                if lexer.byte(at: afterHashes) == 0x28 && depth < maximumInterpolationDepth {
                    lexer.emit(.escape, to: afterHashes + 1)
                    var inner = Context()
                    inner.last = .open
                    lexCode(&lexer, context: &inner, depth: depth + 1)
                    if lexer.current == 0x29 { lexer.emit(.escape, length: 1) }
                    index = lexer.position
                } else {
                    index = lexer.endOfEscape(from: afterHashes - 1)
                    lexer.emit(.escape, to: index)
                }
            } else if byte == 0x0A && !isMultiline {
                break
            } else {
                index += 1
            }
        }
        lexer.emit(.string, to: index)
    }

    private static func hasHashes(_ lexer: Lexer, _ count: Int, at index: Int) -> Bool {
        for offset in 0..<count where lexer.byte(at: index + offset) != 0x23 {
            return false
        }
        return true
    }

    /// The end of the closing delimiter if the quote at `index` starts one.
    private static func endOfClosingDelimiter(_ lexer: Lexer, at index: Int, multiline: Bool, hashes: Int) -> Int? {
        if multiline && !lexer.matches("\"\"\"", at: index) { return nil }
        let afterQuotes = index + (multiline ? 3 : 1)
        return hasHashes(lexer, hashes, at: afterQuotes) ? afterQuotes + hashes : nil
    }

    // MARK: Hash: raw strings, extended regexes, directives and macros

    private static func lexHash(_ lexer: inout Lexer, context: inout Context, depth: Int) {
        var afterHashes = lexer.position
        while lexer.byte(at: afterHashes) == 0x23 { afterHashes += 1 }
        let hashes = afterHashes - lexer.position
        let next = lexer.byte(at: afterHashes)
        if next == 0x22 {
            lexString(&lexer, hashes: hashes, depth: depth)
            context.last = .value
        } else if next == 0x2F, let end = endOfExtendedRegex(lexer, hashes: hashes) {
            lexer.emit(.regex, to: end)
            context.last = .value
        } else if hashes == 1 && ByteClass.isIdentifierStart(next) {
            lexer.emit(.preprocessor, to: lexer.endOfIdentifier(from: afterHashes))
            context.last = .keyword
            context.lastRole = .none
        } else {
            lexer.emit(.plain, to: afterHashes)
            context.last = .operator
        }
    }

    /// The end of a `#/.../#` literal at the cursor. One that opens with a
    /// line break may span lines and runs to the end if unterminated; one
    /// that does not must close on its line.
    private static func endOfExtendedRegex(_ lexer: Lexer, hashes: Int) -> Int? {
        var index = lexer.position + hashes + 1
        let spansLines = lexer.byte(at: index) == 0x0A
        let limit = spansLines ? lexer.end : lexer.lookaheadLimit(from: index, within: lexer.end)
        while index < limit {
            let byte = lexer.text[index]
            if byte == 0x0A && !spansLines { return nil }
            if byte == 0x5C {
                index += 2
                continue
            }
            if byte == 0x2F && hasHashes(lexer, hashes, at: index + 1) { return index + 1 + hashes }
            index += 1
        }
        return spansLines ? lexer.end : nil
    }

    private static func lexBacktickIdentifier(_ lexer: inout Lexer) {
        var index = lexer.position + 1
        while index < lexer.end && lexer.text[index] != 0x60 && lexer.text[index] != 0x0A { index += 1 }
        lexer.emit(.plain, to: lexer.byte(at: index) == 0x60 ? index + 1 : lexer.position + 1)
    }

    // MARK: Words

    private static func lexWord(_ lexer: inout Lexer, context: inout Context) {
        let start = lexer.position
        let end = lexer.endOfIdentifier(from: start)
        let isCall = lexer.byte(at: end) == 0x28
        let isCapitalised = ByteClass.isUppercase(lexer.text[start])
        let previous = context
        context.last = .value
        context.lastRole = .none

        if previous.last == .dot {
            let role = Role(rawValue: words.value(of: lexer.text, from: start, to: end) ?? 0) ?? .none
            let isMemberKeyword = role == .valueKeyword || lexer.matches("init", at: start) && end - start == 4
            lexer.emit(isMemberKeyword ? .keyword : isCapitalised ? .type : isCall ? .function : .property, to: end)
            return
        }
        if previous.last == .keyword && previous.lastRole == .function {
            lexer.emit(.function, to: end)
            return
        }
        let role = Role(rawValue: words.value(of: lexer.text, from: start, to: end) ?? 0) ?? .none
        if role != .none && isArgumentLabel(lexer, wordEnd: end, previous: previous) {
            lexer.emit(.plain, to: end)
            return
        }
        if isKeyword(role, lexer: lexer, wordEnd: end, previous: previous) {
            lexer.emit(role == .literal ? .literal : .keyword, to: end)
            context.last = role == .literal || role == .valueKeyword ? .value : .keyword
            context.lastRole = role
            if role == .accessModifier || role == .modifier || role == .weakOrUnowned {
                lexModifierArgument(&lexer)
            }
            return
        }
        lexer.emit(isCapitalised ? .type : isCall ? .function : .plain, to: end)
    }

    /// Whether a word with `role` ending at `wordEnd` reads as a keyword here.
    private static func isKeyword(_ role: Role, lexer: Lexer, wordEnd: Int, previous: Context) -> Bool {
        switch role {
        case .none:
            return false
        case .keyword, .inKeyword, .literal, .valueKeyword, .declaration, .function, .accessModifier, .throwsKeyword:
            return true
        case .accessor:
            return isInAccessorPosition(lexer, wordEnd: wordEnd, previous: previous)
        case .modifier:
            return precedesDeclaration(lexer, wordEnd: wordEnd)
        case .weakOrUnowned:
            return precedesDeclaration(lexer, wordEnd: wordEnd) || precedesName(lexer, wordEnd: wordEnd)
        case .typePrefix:
            return precedesName(lexer, wordEnd: wordEnd) || precedesDeclaration(lexer, wordEnd: wordEnd)
        case .namedDeclaration:
            return precedesName(lexer, wordEnd: wordEnd)
        case .async:
            return isAsyncEffect(lexer, wordEnd: wordEnd, previous: previous)
        case .await:
            return precedesOperand(lexer, wordEnd: wordEnd)
        }
    }

    /// A keyword used as an argument label, right after `(` or `,`:
    /// `data(for: url)`, `func image(for url: URL)`.
    private static func isArgumentLabel(_ lexer: Lexer, wordEnd: Int, previous: Context) -> Bool {
        guard previous.last == .open, previous.lastByte == 0x28 || previous.lastByte == 0x2C else { return false }
        if lexer.byte(at: wordEnd) == 0x3A { return true }
        let nameStart = lexer.endOfHorizontalSpace(from: wordEnd)
        guard nameStart > wordEnd, ByteClass.isIdentifierStart(lexer.byte(at: nameStart)) else { return false }
        let nameEnd = lexer.endOfIdentifier(from: nameStart)
        return lexer.byte(at: nameEnd) == 0x3A && role(ofWordAt: nameStart, in: lexer) == .none
    }

    /// `get`, `set`, `willSet`, `didSet` begin an accessor right after a
    /// brace, semicolon or another accessor, and are followed by a brace,
    /// another accessor or effect, or a parameter and then a brace.
    private static func isInAccessorPosition(_ lexer: Lexer, wordEnd: Int, previous: Context) -> Bool {
        switch previous.last {
        case .open where previous.lastByte == 0x7B || previous.lastByte == 0x3B:
            break
        case .close where previous.lastByte == 0x7D:
            break
        case .keyword where [.accessor, .modifier, .async, .throwsKeyword].contains(previous.lastRole):
            break
        default:
            return false
        }
        let next = lexer.endOfSpace(from: wordEnd)
        switch lexer.byte(at: next) {
        case 0x7B, 0x7D:
            return true
        case 0x28:
            var index = next + 1
            while index < lexer.end && lexer.text[index] != 0x29 && lexer.text[index] != 0x0A { index += 1 }
            return lexer.byte(at: index) == 0x29 && lexer.byte(at: lexer.endOfSpace(from: index + 1)) == 0x7B
        default:
            let role = role(ofWordAt: next, in: lexer)
            return role == .accessor || role == .async || role == .throwsKeyword
        }
    }

    /// A modifier is a keyword before a declaration keyword or another
    /// modifier, or directly before `(set)`, `(safe)`, `(unsafe)`.
    private static func precedesDeclaration(_ lexer: Lexer, wordEnd: Int) -> Bool {
        if lexer.byte(at: wordEnd) == 0x28 {
            let argumentEnd = lexer.endOfIdentifier(from: wordEnd + 1)
            return lexer.byte(at: argumentEnd) == 0x29
                && modifierArguments.contains(lexer.text, from: wordEnd + 1, to: argumentEnd)
        }
        let next = lexer.endOfSpace(from: wordEnd)
        if next == wordEnd { return false }
        switch role(ofWordAt: next, in: lexer) {
        case .declaration, .function, .accessModifier, .modifier, .weakOrUnowned, .namedDeclaration, .accessor:
            return true
        default:
            return lexer.byte(at: next) == 0x40 // an attribute between modifiers
        }
    }

    /// `some`, `any`, `actor`, ... are keywords when a name follows them on
    /// the same line (`some View`, `actor Bank`), not when an operator or
    /// a keyword like `in` does (`let some = 1`, `for any in list`).
    private static func precedesName(_ lexer: Lexer, wordEnd: Int) -> Bool {
        let next = lexer.endOfHorizontalSpace(from: wordEnd)
        guard next > wordEnd, ByteClass.isIdentifierStart(lexer.byte(at: next)) else { return false }
        switch role(ofWordAt: next, in: lexer) {
        case .keyword, .inKeyword, .literal, .declaration, .function, .throwsKeyword:
            return false
        default:
            return true
        }
    }

    /// `await` is a keyword when an operand follows it after a space.
    private static func precedesOperand(_ lexer: Lexer, wordEnd: Int) -> Bool {
        let next = lexer.endOfHorizontalSpace(from: wordEnd)
        guard next > wordEnd else { return false }
        let byte = lexer.byte(at: next)
        if ByteClass.isIdentifierStart(byte) {
            let role = role(ofWordAt: next, in: lexer)
            return role != .inKeyword && role != .keyword || lexer.matches("try", at: next)
        }
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "$"),
             UInt8(ascii: "."), UInt8(ascii: "`"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }

    /// `async` is an effect after a parameter list or an accessor, and
    /// before `let`, `var`, `throws`, `in`, `->` or a body.
    private static func isAsyncEffect(_ lexer: Lexer, wordEnd: Int, previous: Context) -> Bool {
        switch lexer.byte(at: wordEnd) {
        case UInt8(ascii: "("), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: ","):
            return false
        default:
            break
        }
        if previous.last == .close && previous.lastByte == 0x29 { return true }
        if previous.last == .keyword && previous.lastRole == .accessor { return true }
        let next = lexer.endOfSpace(from: wordEnd)
        if lexer.byte(at: next) == 0x7B || lexer.matches("->", at: next) { return true }
        switch role(ofWordAt: next, in: lexer) {
        case .declaration, .throwsKeyword, .inKeyword: return true
        default: return false
        }
    }

    private static func role(ofWordAt start: Int, in lexer: Lexer) -> Role {
        guard ByteClass.isIdentifierStart(lexer.byte(at: start)) else { return .none }
        let end = lexer.endOfIdentifier(from: start)
        return Role(rawValue: words.value(of: lexer.text, from: start, to: end) ?? 0) ?? .none
    }

    /// After a modifier keyword: `(set)` in `private(set)`, `(unsafe)` in
    /// `nonisolated(unsafe)`, with the inner word as a keyword.
    private static func lexModifierArgument(_ lexer: inout Lexer) {
        guard lexer.current == 0x28 else { return }
        let argumentEnd = lexer.endOfIdentifier(from: lexer.position + 1)
        guard lexer.byte(at: argumentEnd) == 0x29,
              modifierArguments.contains(lexer.text, from: lexer.position + 1, to: argumentEnd) else { return }
        lexer.emit(.plain, length: 1)
        lexer.emit(.keyword, to: argumentEnd)
        lexer.emit(.plain, length: 1)
    }
}

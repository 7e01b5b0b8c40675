/// SQL, the common ground of SQLite, PostgreSQL and MySQL: keywords and
/// types in any case, `--` and `/* */` comments, strings with doubled
/// quotes, PostgreSQL's `$$…$$` bodies, quoted identifiers, numbers,
/// parameters (`?`, `:name`, `$1`, `@name`), function calls and columns
/// after a dot.
enum SQLLexer {
    /// Lowercase, looked up without regard to case.
    static let words = CStyleGrammar.words([
        (.keyword, ["add", "after", "all", "alter", "analyze", "and", "as", "asc", "autoincrement", "before", "begin",
                    "between", "by", "cascade", "case", "check", "collate", "column", "commit", "conflict",
                    "constraint", "create", "cross", "database", "declare", "default", "delete", "desc", "distinct",
                    "do", "drop", "each", "else", "end", "escape", "except", "execute", "exists", "explain",
                    "filter", "for", "foreign", "from", "full", "function", "grant", "group", "having", "if",
                    "ilike", "in", "index", "inner", "insert", "intersect", "into", "is", "join", "key",
                    "language", "lateral", "left", "like", "limit", "materialized", "natural", "not", "nothing",
                    "offset", "on", "or", "order", "outer", "over", "partition", "pragma", "primary", "procedure",
                    "recursive", "references", "release", "rename", "replace", "restrict", "return", "returning",
                    "returns", "revoke", "right", "rollback", "row", "savepoint", "schema", "select", "set",
                    "table", "temp", "temporary", "then", "to", "transaction", "trigger", "union", "unique",
                    "update", "using", "vacuum", "values", "view", "when", "where", "window", "with"]),
        (.type, ["bigint", "bigserial", "blob", "bool", "boolean", "bytea", "char", "character", "date", "decimal",
                 "double", "float", "int", "integer", "interval", "json", "jsonb", "money", "numeric", "precision",
                 "real", "serial", "smallint", "text", "time", "timestamp", "timestamptz", "uuid", "varchar"]),
        (.literal, ["null", "true", "false", "current_date", "current_time", "current_timestamp"]),
    ])

    static func lex(_ lexer: inout Lexer) {
        var afterDot = false
        while !lexer.isAtEnd {
            let byte = lexer.current
            let wasAfterDot = afterDot
            afterDot = false
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                lexer.skipSpace()
            case UInt8(ascii: "-") where lexer.peek(1) == 0x2D:
                lexer.lexLineComment()
            case UInt8(ascii: "/") where lexer.peek(1) == 0x2A:
                lexer.lexBlockComment(open: "/*", close: "*/", nests: false)
            case UInt8(ascii: "'"):
                lexer.emit(.string, to: endOfQuoted(lexer, quote: byte))
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                lexer.emit(.plain, to: endOfQuoted(lexer, quote: byte))
            case UInt8(ascii: "$"):
                if let end = endOfDollarQuoted(lexer) {
                    lexer.emit(.string, to: end)
                } else {
                    lexParameter(&lexer, from: lexer.position + 1)
                }
            case UInt8(ascii: "?"):
                lexer.emit(.variable, length: 1)
            case UInt8(ascii: ":") where lexer.peek(1) == 0x3A:
                lexer.emit(.operator, length: 2)
            case UInt8(ascii: ":"), UInt8(ascii: "@"):
                lexParameter(&lexer, from: lexer.position + 1)
            case UInt8(ascii: "."):
                if ByteClass.isDigit(lexer.peek(1)) {
                    lexer.emit(.number, to: lexer.endOfNumber(from: lexer.position, separator: 0))
                } else {
                    lexer.emit(.plain, length: 1)
                    afterDot = true
                }
            default:
                if ByteClass.isDigit(byte) {
                    lexer.emit(.number, to: lexer.endOfNumber(from: lexer.position, separator: 0))
                } else if ByteClass.isIdentifierStart(byte) {
                    lexWord(&lexer, afterDot: wasAfterDot)
                } else if ByteClass.isOperator(byte) {
                    lexer.emit(.operator, to: max(lexer.endOfOperator(from: lexer.position), lexer.position + 1))
                } else {
                    lexer.emitCharacter(.plain)
                }
            }
        }
    }

    private static func lexWord(_ lexer: inout Lexer, afterDot: Bool) {
        let start = lexer.position
        let end = lexer.endOfIdentifier(from: start)
        let isCall = lexer.byte(at: end) == 0x28
        if afterDot {
            lexer.emit(isCall ? .function : .property, to: end)
        } else if let raw = words.value(ignoringCaseOf: lexer.text, from: start, to: end), let kind = TokenKind(rawValue: UInt8(raw)) {
            // A type takes its size in parentheses (`varchar(80)`), and a
            // keyword may come right before one (`values(…)`, `in(…)`).
            lexer.emit(kind, to: end)
        } else {
            lexer.emit(isCall ? .function : .plain, to: end)
        }
    }

    /// The end of a string or quoted identifier at the cursor, where a
    /// doubled quote stands for one; strings may span lines, and an
    /// unterminated one runs to the end.
    private static func endOfQuoted(_ lexer: Lexer, quote: UInt8) -> Int {
        var index = lexer.position + 1
        while index < lexer.end {
            if lexer.text[index] == quote {
                if lexer.byte(at: index + 1) != quote { return index + 1 }
                index += 1
            }
            index += 1
        }
        return lexer.end
    }

    /// The end of a PostgreSQL dollar-quoted string at the cursor (`$$…$$`,
    /// `$body$…$body$`), running to the end when unterminated, or `nil` if
    /// the `$` opens none.
    private static func endOfDollarQuoted(_ lexer: Lexer) -> Int? {
        var tagEnd = lexer.position + 1
        if ByteClass.isIdentifierStart(lexer.byte(at: tagEnd)) { tagEnd = lexer.endOfIdentifier(from: tagEnd) }
        guard lexer.byte(at: tagEnd) == 0x24 else { return nil }
        let tag = lexer.text[lexer.position...tagEnd]
        var index = tagEnd + 1
        while index < lexer.end {
            if lexer.text[index] == 0x24 && lexer.text[index..<min(index + tag.count, lexer.end)].elementsEqual(tag) {
                return index + tag.count
            }
            index += 1
        }
        return lexer.end
    }

    /// A parameter whose name or number starts at `nameStart`, after its
    /// sigil; a sigil with neither is an operator.
    private static func lexParameter(_ lexer: inout Lexer, from nameStart: Int) {
        let end = lexer.endOfIdentifier(from: nameStart)
        lexer.emit(end > nameStart ? .variable : .operator, to: max(end, nameStart))
    }
}

import Foundation
import Markup

/// Reads a TOML document, Hugo's front matter, into the values YAML front
/// matter gives, each with its line and column in the file: strings (basic
/// and literal, one line or several), integers, floats, booleans, dates
/// and date-times (kept as written, as `.date`, so they are read in the
/// site's time zone like YAML dates), arrays, inline tables, `[tables]` and
/// `[[arrays of tables]]`. A local time (`07:32:00`) is kept as a string.
/// Errors are ``MarkupError``s at their place in the file.
struct TOMLReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// The file line of the character at `index`.
    private var line: Int
    /// Where the line holding `index` starts.
    private var lineStart = 0

    /// The deepest nesting of arrays, inline tables and key parts read,
    /// as for YAML front matter.
    static let maximumDepth = 64

    /// A reader of `text`, whose first line is line `firstLine` of the file.
    init(_ text: String, firstLine: Int) {
        scalars = Array(text.unicodeScalars)
        line = firstLine
    }

    /// The root table of the document.
    mutating func read() throws(MarkupError) -> YAMLMapping {
        let root = TOMLTable(origin: .header, line: line, column: 1)
        var current = root
        while true {
            skipBlanks()
            guard let next = peek else { break }
            if isLineEnd(next) || next == "#" {
                try endLine()
                continue
            }
            if next == "[" {
                current = try readHeader(in: root)
            } else {
                try readKeyValue(into: current, depth: 0)
            }
            try endLine()
        }
        return root.mapping
    }

    // MARK: - Lines, tables and keys

    /// `[a.b]` or `[[a.b]]`.
    private mutating func readHeader(in root: TOMLTable) throws(MarkupError) -> TOMLTable {
        let (headerLine, headerColumn) = position
        index += 1
        let isArray = peek == "["
        if isArray { index += 1 }
        let path = try readKey()
        guard take("]") else {
            throw error("expected ']' to close the table header")
        }
        if isArray && !take("]") {
            throw error("expected ']]' to close the array of tables header")
        }
        return try root.openTable(at: path, isArray: isArray, line: headerLine, column: headerColumn)
    }

    /// `key = value` into `table`.
    private mutating func readKeyValue(into table: TOMLTable, depth: Int) throws(MarkupError) {
        let path = try readKey()
        guard take("=") else {
            if let next = peek, !isLineEnd(next), index > 0, Self.isBareKeyScalar(scalars[index - 1]) {
                throw error("'\(Character(next))' cannot be part of a key; put the key in quotes")
            }
            let name = path.map(\.name).joined(separator: ".")
            throw error("expected '=' after the key '\(name)'")
        }
        skipBlanks()
        let value = try readValue(depth: depth)
        try table.insert(value, at: path)
    }

    /// A key of one or more parts joined by dots, with the blanks around
    /// them skipped.
    private mutating func readKey() throws(MarkupError) -> [TOMLTable.KeyPart] {
        var parts: [TOMLTable.KeyPart] = []
        repeat {
            skipBlanks()
            let (partLine, partColumn) = position
            let name: String
            switch peek {
            case "\"":
                name = try readSingleLineString(quote: "\"", kind: "key")
            case "'":
                name = try readSingleLineString(quote: "'", kind: "key")
            default:
                let start = index
                while let scalar = peek, Self.isBareKeyScalar(scalar) { index += 1 }
                guard index > start else { throw missingKey() }
                name = String(String.UnicodeScalarView(scalars[start..<index]))
            }
            parts.append(TOMLTable.KeyPart(name: name, line: partLine, column: partColumn))
            guard parts.count <= Self.maximumDepth else {
                throw MarkupError(
                    line: partLine, column: partColumn,
                    message: "this key has more than \(Self.maximumDepth) parts; flatten the value")
            }
            skipBlanks()
        } while take(".")
        return parts
    }

    private func missingKey() -> MarkupError {
        switch peek {
        case "=": return error("a key is missing before '='")
        case nil: return error("expected a key")
        case let scalar? where isLineEnd(scalar): return error("expected a key")
        case let scalar?: return error("'\(Character(scalar))' cannot start a key; put the key in quotes")
        }
    }

    /// After a value or header: blanks, a comment, then the end of the line.
    private mutating func endLine() throws(MarkupError) {
        skipBlanks()
        if peek == "#" { skipComment() }
        guard let next = peek else { return }
        guard isLineEnd(next) else {
            throw error("expected the end of the line, found '\(Character(next))'")
        }
        takeLineEnd()
    }

    // MARK: - Values

    private mutating func readValue(depth: Int) throws(MarkupError) -> YAMLValue {
        let (valueLine, valueColumn) = position
        func value(_ content: YAMLValue.Content, _ text: String) -> YAMLValue {
            YAMLValue(content: content, line: valueLine, column: valueColumn, sourceText: text)
        }
        switch peek {
        case "\"", "'":
            let quote = peek ?? "\""
            let text = starts(with: [quote, quote, quote])
                ? try readMultiLineString(quote: quote)
                : try readSingleLineString(quote: quote, kind: "string")
            return value(.string(text), text)
        case "[":
            return try readArray(depth: depth + 1)
        case "{":
            return try readInlineTable(depth: depth + 1)
        default:
            let token = readToken()
            guard !token.isEmpty else { throw error("expected a value here") }
            return value(try Self.content(of: token, line: valueLine, column: valueColumn), token)
        }
    }

    /// A bare value: a number, boolean or date; a date and a time may be
    /// separated by one space.
    private mutating func readToken() -> String {
        let start = index
        while let scalar = peek, !Self.endsToken(scalar) { index += 1 }
        let first = String(String.UnicodeScalarView(scalars[start..<index]))
        if Self.isDate(first), peek == " ", index + 3 < scalars.count,
           Self.isDigit(scalars[index + 1]), Self.isDigit(scalars[index + 2]), scalars[index + 3] == ":" {
            index += 1
            while let scalar = peek, !Self.endsToken(scalar) { index += 1 }
        }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    private static func endsToken(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", ",", "]", "}", "#": return true
        default: return false
        }
    }

    /// What a bare value means.
    private static func content(of token: String, line: Int, column: Int) throws(MarkupError) -> YAMLValue.Content {
        func invalid(_ message: String) -> MarkupError {
            MarkupError(line: line, column: column, message: "invalid TOML: " + message)
        }
        switch token {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "inf", "+inf": return .number(.infinity)
        case "-inf": return .number(-.infinity)
        case "nan", "+nan", "-nan": return .number(.nan)
        default: break
        }
        if isDate(token) {
            guard parseDate(token, timeZone: .gmt) != nil else { throw invalid("'\(token)' is not a valid date") }
            return .date(token)
        }
        if isLocalTime(token) { return .string(token) }
        if let number = TOMLNumber(token) {
            switch number {
            case .integer(let value): return .integer(value)
            case .float(let value): return .number(value)
            case .outOfRange: throw invalid("the number \(token) is too large")
            }
        }
        if let first = token.unicodeScalars.first, isDigit(first) || first == "+" || first == "-" {
            throw invalid("'\(token)' is not a valid number or date")
        }
        throw invalid("'\(token)' is not a value; put text in quotes (\"\(token)\")")
    }

    /// Starts like a date: four digits and a dash.
    private static func isDate(_ token: String) -> Bool {
        let start = Array(token.unicodeScalars.prefix(5))
        return start.count == 5 && start[0..<4].allSatisfy(isDigit) && start[4] == "-"
    }

    /// `07:32:00`, `07:32:00.5`, `07:32`.
    private static func isLocalTime(_ token: String) -> Bool {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts[0].count == 2, parts[1].count == 2,
              parts[0...1].allSatisfy({ $0.unicodeScalars.allSatisfy(isDigit) }) else { return false }
        guard parts.count == 3 else { return true }
        let seconds = parts[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return seconds[0].count == 2 && seconds.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy(isDigit) }
    }

    /// `[ value, value, ]` over any number of lines, with comments.
    private mutating func readArray(depth: Int) throws(MarkupError) -> YAMLValue {
        let (startLine, startColumn) = position
        try checkDepth(depth)
        index += 1
        var items: [YAMLValue] = []
        while true {
            skipBlanksLinesAndComments()
            guard peek != nil else { throw unclosed("array", closer: "]", line: startLine, column: startColumn) }
            if take("]") { break }
            items.append(try readValue(depth: depth))
            skipBlanksLinesAndComments()
            if take(",") { continue }
            if take("]") { break }
            guard peek != nil else { throw unclosed("array", closer: "]", line: startLine, column: startColumn) }
            throw error("expected ',' or ']' in this array")
        }
        return YAMLValue(content: .list(items), line: startLine, column: startColumn)
    }

    /// `{ key = value, ... }`; newlines and a trailing comma are accepted,
    /// as TOML 1.1 allows.
    private mutating func readInlineTable(depth: Int) throws(MarkupError) -> YAMLValue {
        let (startLine, startColumn) = position
        try checkDepth(depth)
        index += 1
        let table = TOMLTable(origin: .inline, line: startLine, column: startColumn)
        while true {
            skipBlanksLinesAndComments()
            guard peek != nil else { throw unclosed("inline table", closer: "}", line: startLine, column: startColumn) }
            if take("}") { break }
            try readKeyValue(into: table, depth: depth)
            skipBlanksLinesAndComments()
            if take(",") { continue }
            if take("}") { break }
            guard peek != nil else { throw unclosed("inline table", closer: "}", line: startLine, column: startColumn) }
            throw error("expected ',' or '}' in this inline table")
        }
        return table.value
    }

    private func checkDepth(_ depth: Int) throws(MarkupError) {
        guard depth <= Self.maximumDepth else {
            throw MarkupError(
                line: position.line, column: position.column,
                message: "lists and mappings nest more than \(Self.maximumDepth) levels deep here; flatten the value")
        }
    }

    private func unclosed(_ what: String, closer: String, line: Int, column: Int) -> MarkupError {
        MarkupError(
            line: line, column: column,
            message: "invalid TOML: the \(what) that starts here is never closed; add '\(closer)'")
    }

    // MARK: - Strings

    /// `"basic"` (with escapes) or `'literal'` on one line.
    private mutating func readSingleLineString(quote: Unicode.Scalar, kind: String) throws(MarkupError) -> String {
        let (startLine, startColumn) = position
        if starts(with: [quote, quote, quote]) {
            throw error("a key cannot be in triple quotes; use one pair of quotes")
        }
        index += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek, !isLineEnd(scalar) else {
                throw MarkupError(
                    line: startLine, column: startColumn,
                    message: "invalid TOML: this \(kind) is never closed; add the closing \(quote)")
            }
            index += 1
            if scalar == quote { break }
            if scalar == "\\" && quote == "\"" {
                text.append(try readEscape())
            } else {
                text.append(scalar)
            }
        }
        return String(text)
    }

    /// `"""basic"""` or `'''literal'''` over several lines. A line break
    /// right after the opening quotes is not part of the string; in a basic
    /// string a backslash at the end of a line joins it to the next
    /// non-blank text.
    private mutating func readMultiLineString(quote: Unicode.Scalar) throws(MarkupError) -> String {
        let (startLine, startColumn) = position
        index += 3
        if let next = peek, isLineEnd(next) { takeLineEnd() }
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else {
                throw MarkupError(
                    line: startLine, column: startColumn,
                    message: "invalid TOML: this string is never closed; add the closing \(quote)\(quote)\(quote)")
            }
            if starts(with: [quote, quote, quote]) {
                index += 3
                // Up to two more quotes belong to the string: `"""a""""` is `a"`.
                var extra = 0
                while extra < 2 && peek == quote {
                    text.append(quote)
                    index += 1
                    extra += 1
                }
                return String(text)
            }
            if isLineEnd(scalar) {
                text.append("\n")
                takeLineEnd()
                continue
            }
            index += 1
            if scalar == "\\" && quote == "\"" {
                if lineEndingBackslashFollows() {
                    skipBlanksAndLines()
                } else {
                    text.append(try readEscape())
                }
            } else {
                text.append(scalar)
            }
        }
    }

    /// Whether only blanks stand between here and the end of the line.
    private func lineEndingBackslashFollows() -> Bool {
        var look = index
        while look < scalars.count && (scalars[look] == " " || scalars[look] == "\t") { look += 1 }
        return look < scalars.count && isLineEnd(scalars[look])
    }

    /// The character an escape after `\` stands for.
    private mutating func readEscape() throws(MarkupError) -> Unicode.Scalar {
        let (escapeLine, escapeColumn) = (line, index - lineStart)
        guard let scalar = peek else { throw error("expected an escape after '\\'") }
        index += 1
        switch scalar {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "e": return "\u{1B}"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let count = scalar == "u" ? 4 : 8
            let digits = scalars[index..<min(index + count, scalars.count)].prefix { $0.properties.isASCIIHexDigit }
            let hex = String(String.UnicodeScalarView(digits))
            guard digits.count == count, let code = UInt32(hex, radix: 16), let result = Unicode.Scalar(code) else {
                throw MarkupError(
                    line: escapeLine, column: escapeColumn,
                    message: "invalid TOML: '\\\(scalar)\(hex)' is not a Unicode character; write \\\(scalar) and \(count) hex digits")
            }
            index += count
            return result
        default:
            throw MarkupError(
                line: escapeLine, column: escapeColumn,
                message: "invalid TOML: unknown escape '\\\(Character(scalar))'; write '\\\\' for a backslash")
        }
    }

    // MARK: - Characters

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// The line and 1-based column of `index`.
    private var position: (line: Int, column: Int) { (line, index - lineStart + 1) }

    private func error(_ message: String) -> MarkupError {
        MarkupError(line: position.line, column: position.column, message: "invalid TOML: " + message)
    }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    private func starts(with expected: [Unicode.Scalar]) -> Bool {
        index + expected.count <= scalars.count && scalars[index..<(index + expected.count)].elementsEqual(expected)
    }

    private func isLineEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")
    }

    /// Moves past `\n` or `\r\n`, counting the line.
    private mutating func takeLineEnd() {
        if peek == "\r" { index += 1 }
        if peek == "\n" { index += 1 }
        line += 1
        lineStart = index
    }

    private mutating func skipBlanks() {
        while let scalar = peek, scalar == " " || scalar == "\t" { index += 1 }
    }

    private mutating func skipComment() {
        while let scalar = peek, !isLineEnd(scalar) { index += 1 }
    }

    private mutating func skipBlanksAndLines() {
        while let scalar = peek {
            if scalar == " " || scalar == "\t" {
                index += 1
            } else if isLineEnd(scalar) {
                takeLineEnd()
            } else {
                break
            }
        }
    }

    private mutating func skipBlanksLinesAndComments() {
        while true {
            skipBlanksAndLines()
            guard peek == "#" else { return }
            skipComment()
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    /// A letter, digit, `_` or `-` (letters beyond ASCII too, as TOML 1.1 allows).
    private static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return isDigit(scalar) || (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                || scalar == "_" || scalar == "-"
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}

/// One attribute of a start tag, placed where its name starts.
struct HTMLAttribute: Sendable, Equatable {
    /// The element's name, lowercased (`a`, `img`, `link`).
    var element: String
    /// The attribute's name, lowercased (`href`, `src`, `id`).
    var name: String
    /// The value with character references decoded; empty for a bare attribute.
    var value: String
    /// The line of the attribute's name, 1-based.
    var line: Int
    /// The column of the attribute's name, 1-based, counted in Unicode scalars.
    var column: Int
}

/// Reads the attributes of every start tag in an HTML document, working on
/// its bytes. It is forgiving like a browser: comments, doctypes, end tags
/// and the bodies of `script`, `style`, `textarea` and `title` are skipped,
/// and malformed markup never stops the scan.
struct HTMLAttributeScanner {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    /// Elements whose content is text, never tags.
    private static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    /// The attributes of `bytes`, in document order.
    static func attributes(in bytes: [UInt8]) -> [HTMLAttribute] {
        var scanner = HTMLAttributeScanner(bytes: bytes)
        return scanner.scan()
    }

    private mutating func scan() -> [HTMLAttribute] {
        var attributes: [HTMLAttribute] = []
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance()
                continue
            }
            if hasPrefix("<!--") {
                advance(by: 4)
                skip(past: Array("-->".utf8))
            } else if let next = byte(at: index + 1), next == UInt8(ascii: "!") || next == UInt8(ascii: "?") || next == UInt8(ascii: "/") {
                skip(past: [UInt8(ascii: ">")])
            } else if let next = byte(at: index + 1), Self.isASCIILetter(next) {
                advance()
                let (element, selfClosing) = readStartTag(into: &attributes)
                if Self.rawTextElements.contains(element) && !selfClosing {
                    skip(until: Array("</\(element)".utf8))
                }
            } else {
                advance()
            }
        }
        return attributes
    }

    /// Reads a tag's name and attributes, up to and including its `>`.
    private mutating func readStartTag(into attributes: inout [HTMLAttribute]) -> (name: String, selfClosing: Bool) {
        let element = readWhile { !Self.isSpace($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") }.lowercased()
        var selfClosing = false
        while index < bytes.count {
            skipSpaces()
            guard let current = byte(at: index) else { break }
            if current == UInt8(ascii: ">") {
                advance()
                break
            }
            if current == UInt8(ascii: "/") {
                advance()
                selfClosing = byte(at: index) == UInt8(ascii: ">")
                continue
            }
            selfClosing = false
            let (nameLine, nameColumn) = (line, column)
            advance()  // The first byte always belongs to the name, even `=`.
            let rest = readWhile {
                !Self.isSpace($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "=")
            }
            let name = (String(decoding: [current], as: UTF8.self) + rest).lowercased()
            skipSpaces()
            var value = ""
            if byte(at: index) == UInt8(ascii: "=") {
                advance()
                skipSpaces()
                value = Self.decodingCharacterReferences(readValue())
            }
            attributes.append(HTMLAttribute(element: element, name: name, value: value, line: nameLine, column: nameColumn))
        }
        return (element, selfClosing)
    }

    /// Reads a quoted or unquoted attribute value.
    private mutating func readValue() -> String {
        guard let first = byte(at: index) else { return "" }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            advance()
            let value = readWhile { $0 != first }
            if index < bytes.count { advance() }
            return value
        }
        return readWhile { !Self.isSpace($0) && $0 != UInt8(ascii: ">") }
    }

    private mutating func readWhile(_ predicate: (UInt8) -> Bool) -> String {
        let start = index
        while index < bytes.count, predicate(bytes[index]) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while let current = byte(at: index), Self.isSpace(current) { advance() }
    }

    /// Moves past the first occurrence of `pattern`, or to the end.
    private mutating func skip(past pattern: [UInt8]) {
        skip(until: pattern)
        advance(by: pattern.count)
    }

    /// Moves to the first occurrence of `pattern` (ASCII letters match in
    /// any case), or to the end.
    private mutating func skip(until pattern: [UInt8]) {
        while index < bytes.count && !hasPrefix(pattern) { advance() }
    }

    private func hasPrefix(_ pattern: String) -> Bool { hasPrefix(Array(pattern.utf8)) }

    private func hasPrefix(_ pattern: [UInt8]) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where Self.lowercased(bytes[index + offset]) != Self.lowercased(pattern[offset]) {
            return false
        }
        return true
    }

    private func byte(at position: Int) -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func advance(by count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            let current = bytes[index]
            index += 1
            if current == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if current & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    /// HTML's ASCII white space.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric
    /// references; any other `&` stays as written.
    static func decodingCharacterReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let reference = rest[afterAmpersand..<semicolon]
            if let replacement = named[reference] ?? numericReference(reference) {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        return result + rest
    }

    private static func numericReference(_ reference: Substring) -> String? {
        guard reference.first == "#" else { return nil }
        let digits = reference.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}

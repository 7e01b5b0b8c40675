/// A cursor over the UTF-8 bytes of the code being highlighted, plus the
/// scanning steps that many languages share.
///
/// Language lexers move `position` forward only by emitting tokens, so all
/// input reaches the writer exactly once, in order: this is what makes the
/// output round-trip to the input.
struct Lexer {
    let text: UnsafeBufferPointer<UInt8>
    var position: Int
    /// One past the last byte this lexer may read; languages embedded in
    /// another (a `<script>` in HTML) lower it temporarily.
    var end: Int
    var writer: HTMLWriter

    /// How far a lexer looks ahead for the end of a construct that may turn
    /// out not to be one (a regex after `/`, emphasis after `*`), so that a
    /// long line full of such openers costs linear time, not quadratic.
    static let maximumLookahead = 2048

    /// The end of the lookahead window starting at `start`, within `limit`.
    func lookaheadLimit(from start: Int, within limit: Int) -> Int {
        min(limit, start + Self.maximumLookahead)
    }

    init(text: UnsafeBufferPointer<UInt8>, writer: HTMLWriter) {
        self.text = text
        self.position = 0
        self.end = text.count
        self.writer = writer
    }

    var isAtEnd: Bool { position >= end }

    /// The byte at `index`, or 0 past the end.
    @inline(__always) func byte(at index: Int) -> UInt8 {
        index < end ? text[index] : 0
    }

    /// The byte at the cursor, or 0 at the end.
    @inline(__always) var current: UInt8 { byte(at: position) }

    /// The byte `offset` places after the cursor, or 0 past the end.
    @inline(__always) func peek(_ offset: Int) -> UInt8 { byte(at: position + offset) }

    /// Whether the bytes at `index` spell `literal`.
    func matches(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        if index + count > end { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where text[index + offset] != pointer[offset] {
            return false
        }
        return true
    }

    /// Whether only indentation comes before the cursor on its line.
    func isAtLineStart() -> Bool {
        var index = position - 1
        while index >= 0 {
            let byte = text[index]
            if byte == 0x0A { return true }
            if !ByteClass.isHorizontalSpace(byte) { return false }
            index -= 1
        }
        return true
    }

    // MARK: Emitting

    /// Emits the bytes from the cursor up to `index` as `kind`.
    @inline(__always) mutating func emit(_ kind: TokenKind, to index: Int) {
        let stop = min(index, end)
        if stop <= position { return }
        writer.write(kind, text, from: position, to: stop)
        position = stop
    }

    /// Emits the next `length` bytes as `kind`.
    @inline(__always) mutating func emit(_ kind: TokenKind, length: Int) {
        emit(kind, to: position + length)
    }

    /// Emits one whole character (all bytes of a UTF-8 sequence) as `kind`.
    mutating func emitCharacter(_ kind: TokenKind) {
        emit(kind, to: endOfCharacter(at: position))
    }

    /// Emits the newline at the cursor, if there is one.
    mutating func emitNewline() {
        if current == 0x0A { emit(.plain, length: 1) }
    }

    /// Emits everything left as `kind`.
    mutating func emitRest(_ kind: TokenKind) {
        emit(kind, to: end)
    }

    // MARK: Measuring

    /// The end of the character starting at `index`: a lead byte takes its
    /// continuation bytes along.
    func endOfCharacter(at index: Int) -> Int {
        var next = index + 1
        if byte(at: index) >= 0xC0 {
            while next < end && text[next] & 0xC0 == 0x80 { next += 1 }
        }
        return min(next, end)
    }

    func endOfIdentifier(from start: Int) -> Int {
        var index = start
        while index < end && ByteClass.isIdentifierContinuation(text[index]) { index += 1 }
        return index
    }

    /// The index of the next newline at or after `start`, or the end.
    func endOfLine(from start: Int) -> Int {
        var index = start
        while index < end && text[index] != 0x0A { index += 1 }
        return index
    }

    func endOfHorizontalSpace(from start: Int) -> Int {
        var index = start
        while index < end && ByteClass.isHorizontalSpace(text[index]) { index += 1 }
        return index
    }

    func endOfSpace(from start: Int) -> Int {
        var index = start
        while index < end && ByteClass.isSpace(text[index]) { index += 1 }
        return index
    }

    func endOfOperator(from start: Int) -> Int {
        var index = start
        while index < end && ByteClass.isOperator(text[index]) {
            // A comment may follow an operator without a space: `x =/* c */`.
            if index > start && text[index] == 0x2F && (byte(at: index + 1) == 0x2F || byte(at: index + 1) == 0x2A) {
                break
            }
            index += 1
        }
        return index
    }

    /// The end of a numeric literal starting at `start` (a digit, or a dot
    /// before a digit): decimal, hexadecimal (with a binary exponent),
    /// binary and octal, with `separator` allowed between digits, a
    /// fraction, an exponent, and a trailing type suffix (`10u`, `1.5f`).
    func endOfNumber(from start: Int, separator: UInt8) -> Int {
        var index = start
        func skip(_ accept: (UInt8) -> Bool) {
            while index < end && (accept(text[index]) || (text[index] == separator && index > start)) { index += 1 }
        }
        let second = byte(at: start + 1) | 0x20
        if byte(at: start) == 0x30 && (second == 0x78 || second == 0x62 || second == 0x6F) {
            index += 2
            if second == 0x78 {
                skip(ByteClass.isHexDigit)
                if byte(at: index) == 0x2E && ByteClass.isHexDigit(byte(at: index + 1)) {
                    index += 1
                    skip(ByteClass.isHexDigit)
                }
                if byte(at: index) | 0x20 == 0x70 { index = endOfExponent(from: index) }
            } else {
                skip(ByteClass.isDigit)
            }
        } else {
            skip(ByteClass.isDigit)
            if byte(at: index) == 0x2E && ByteClass.isDigit(byte(at: index + 1)) {
                index += 1
                skip(ByteClass.isDigit)
            }
            if byte(at: index) | 0x20 == 0x65 { index = endOfExponent(from: index) }
        }
        while index < end && (ByteClass.isIdentifierContinuation(text[index]) && text[index] < 0x80) { index += 1 }
        return index
    }

    /// After an `e` or `p` at `index`: the end of the exponent, or `index`
    /// itself if no digits follow.
    private func endOfExponent(from index: Int) -> Int {
        var next = index + 1
        if byte(at: next) == 0x2B || byte(at: next) == 0x2D { next += 1 }
        guard ByteClass.isDigit(byte(at: next)) else { return index }
        while ByteClass.isDigit(byte(at: next)) || byte(at: next) == 0x5F { next += 1 }
        return next
    }

    /// The end of the escape sequence whose backslash is at `start`.
    func endOfEscape(from start: Int) -> Int {
        let kind = byte(at: start + 1)
        var index = start + 2
        func take(max count: Int, _ accept: (UInt8) -> Bool) {
            var taken = 0
            while taken < count && index < end && accept(text[index]) {
                index += 1
                taken += 1
            }
        }
        switch kind {
        case UInt8(ascii: "x"): take(max: 2, ByteClass.isHexDigit)
        case UInt8(ascii: "U"): take(max: 8, ByteClass.isHexDigit)
        case UInt8(ascii: "u"):
            if byte(at: index) == 0x7B {
                var close = index + 1
                while ByteClass.isHexDigit(byte(at: close)) { close += 1 }
                if byte(at: close) == 0x7D { index = close + 1 }
            } else {
                take(max: 4, ByteClass.isHexDigit)
            }
        case UInt8(ascii: "0")...UInt8(ascii: "7"): take(max: 2) { $0 &- 0x30 < 8 }
        case 0: index = start + 1
        default: index = endOfCharacter(at: start + 1)
        }
        return min(index, end)
    }

    // MARK: Shared constructs

    /// Emits a comment that runs to the end of the line.
    mutating func lexLineComment(_ kind: TokenKind = .comment) {
        emit(kind, to: endOfLine(from: position))
    }

    /// Emits a comment from the cursor (at `open`) through `close`, counting
    /// nested openings when `nests` is set. An unterminated comment runs to
    /// the end.
    mutating func lexBlockComment(open: StaticString, close: StaticString, nests: Bool, kind: TokenKind = .comment) {
        var index = position + open.utf8CodeUnitCount
        var depth = 1
        while index < end {
            if matches(close, at: index) {
                index += close.utf8CodeUnitCount
                depth -= 1
                if depth == 0 { break }
            } else if nests && matches(open, at: index) {
                index += open.utf8CodeUnitCount
                depth += 1
            } else {
                index += 1
            }
        }
        emit(kind, to: index)
    }

    /// Emits a quoted string whose opening quote is at `position + prefix`
    /// (`prefix` counts letters such as `L` or `@` before it). Backslash
    /// escapes are emitted as `.escape`. The string ends at the closing
    /// quote, or, when `multiline` is off, unterminated at the line's end.
    mutating func lexQuotedString(prefix: Int = 0, multiline: Bool = false, escapes: Bool = true) {
        let quote = byte(at: position + prefix)
        var index = position + prefix + 1
        while index < end {
            let byte = text[index]
            if byte == quote {
                index += 1
                break
            }
            if byte == 0x0A && !multiline { break }
            if byte == 0x5C && escapes {
                emit(.string, to: index)
                index = endOfEscape(from: index)
                emit(.escape, to: index)
                continue
            }
            index += 1
        }
        emit(.string, to: index)
    }

    /// Emits whitespace and, when it ends with it, nothing else. Returns
    /// whether it moved.
    @discardableResult
    mutating func skipSpace() -> Bool {
        let next = endOfSpace(from: position)
        if next == position { return false }
        emit(.plain, to: next)
        return true
    }
}

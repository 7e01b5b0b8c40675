/// Checks raw file bytes for valid UTF-8 before they become a `String`,
/// which would silently replace bad bytes.
public enum UTF8Validation {
    /// The 1-based line and column (in characters) of the first byte that
    /// does not begin a valid UTF-8 sequence, or `nil` when all of `bytes`
    /// is valid UTF-8.
    public static func firstInvalidPosition(in bytes: [UInt8]) -> (line: Int, column: Int, byte: UInt8)? {
        var line = 1
        var column = 1
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return (line, column, lead)
            }
            guard index + length <= count, secondRange.contains(bytes[index + 1]) else {
                return (line, column, lead)
            }
            for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
                return (line, column, lead)
            }
            index += length
            column += 1
        }
        return nil
    }

    /// The first byte that does not begin a valid UTF-8 sequence, with its
    /// 1-based line and column (in characters).
    public struct InvalidByte: Error, Equatable {
        public let line: Int
        public let column: Int
        public let byte: UInt8
    }

    /// `bytes` as a string when they are valid UTF-8, or where they are not.
    ///
    /// Valid text, the usual case, is checked and copied in one pass; the
    /// position is worked out only for text that fails.
    public static func string(from bytes: [UInt8]) -> Result<String, InvalidByte> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        // The standard library and this check follow the same definition of
        // UTF-8, so a position is found; the fallback only keeps this total.
        let bad = firstInvalidPosition(in: bytes) ?? (line: 1, column: 1, byte: bytes.first ?? 0)
        return .failure(InvalidByte(line: bad.line, column: bad.column, byte: bad.byte))
    }

    /// `bytes` as a string, or an error at the first invalid byte.
    ///
    /// A UTF-8 byte order mark is kept; ``FrontMatter/split(_:)`` removes it.
    public static func decode(_ bytes: [UInt8]) throws(MarkupError) -> String {
        switch string(from: bytes) {
        case .success(let text):
            return text
        case .failure(let bad):
            let hex = String(bad.byte, radix: 16, uppercase: true)
            throw MarkupError(
                line: bad.line, column: bad.column,
                message: "the file is not valid UTF-8 (byte 0x\(hex) here); save it as UTF-8")
        }
    }
}

/// Classification of single UTF-8 bytes, shared by every lexer.
///
/// Every byte of a multi-byte UTF-8 sequence (and every invalid byte) is
/// `>= 0x80` and counts as an identifier character, so that a token boundary
/// never falls inside a character.
enum ByteClass {
    @inline(__always) static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte == 0x5F || byte >= 0x80
    }

    @inline(__always) static func isIdentifierContinuation(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10
    }

    @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 6
    }

    @inline(__always) static func isUppercase(_ byte: UInt8) -> Bool {
        byte &- 0x41 < 26
    }

    /// Space, tab, carriage return, vertical tab or form feed; not newline.
    @inline(__always) static func isHorizontalSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        isHorizontalSpace(byte) || byte == 0x0A
    }

    /// Characters that form operators in C-like languages.
    @inline(__always) static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }
}

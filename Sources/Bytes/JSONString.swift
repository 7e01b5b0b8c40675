/// JSON string literals, written as UTF-8 bytes in one pass: the search
/// index's files and the JSON Feed.
///
/// Quotes, backslashes and the C0 controls are escaped (`\n`, `\r`, `\t`,
/// else `\u00xx` in lowercase), every other character is written as
/// itself; runs that need no escape are copied whole. The script variant
/// also escapes U+2028 and U+2029: valid in JSON, they ended a string
/// literal in JavaScript before ES2019, so JSON that a reader may paste
/// into a script (the JSON Feed) spells them out. The search index, read
/// only with `JSON.parse`, keeps them as they are, and each output keeps
/// the spelling it was published with.
public enum JSONString {
    /// Appends `text` as a JSON string literal to `bytes`.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        append(text, to: &bytes, escapingLineSeparators: false)
    }

    /// Appends `text` as a JSON string literal with U+2028 and U+2029
    /// escaped, safe inside a JavaScript source.
    public static func appendForScript(_ text: String, to bytes: inout [UInt8]) {
        append(text, to: &bytes, escapingLineSeparators: true)
    }

    /// `text` as a JSON string literal with U+2028 and U+2029 escaped.
    public static func scriptLiteral(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendForScript(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ text: String, to bytes: inout [UInt8], escapingLineSeparators: Bool) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    appendEscape(of: byte, to: &bytes)
                    index += 1
                    start = index
                } else if escapingLineSeparators, byte == 0xE2, index + 2 < utf8.count,
                          utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    bytes += [0x5C, 0x75, 0x32, 0x30, 0x32, utf8[index + 2] == 0xA8 ? 0x38 : 0x39]   // \u2028, \u2029
                    index += 3
                    start = index
                } else {
                    index += 1
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(0x22)
    }

    private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case 0x22: bytes += [0x5C, 0x22]
        case 0x5C: bytes += [0x5C, 0x5C]
        case 0x0A: bytes += [0x5C, 0x6E]
        case 0x0D: bytes += [0x5C, 0x72]
        case 0x09: bytes += [0x5C, 0x74]
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        }
    }
}

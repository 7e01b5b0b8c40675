/// Shortens rendered HTML text to a number of visible characters.
enum TextTruncation {
    /// `text` cut to at most `limit` visible characters at a word boundary, with `…`
    /// appended when anything was cut. Tags (`<…>`) count as nothing and entities
    /// (`&amp;`) as one character; neither is ever cut in half. A character is a
    /// Unicode scalar together with the combining accents that follow it.
    static func truncate(_ text: String, to limit: Int) -> String {
        if text.utf8.count <= limit { return text }
        let bytes = Array(text.utf8)
        var visible = 0
        var index = 0
        var cut: Int?
        var lastBreak: (index: Int, visible: Int)?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            var unitEnd = index + 1
            if byte == UInt8(ascii: "&"), let semicolon = bytes[index..<min(bytes.count, index + 12)].firstIndex(of: UInt8(ascii: ";")) {
                unitEnd = semicolon + 1
            } else {
                while unitEnd < bytes.count, isContinuation(bytes[unitEnd]) || startsCombiningMark(bytes, at: unitEnd) {
                    unitEnd += 1
                }
            }
            if visible == limit {
                cut = index
                break
            }
            if isSpace(byte) { lastBreak = (index, visible) }
            visible += 1
            index = unitEnd
        }
        guard let cut else { return text }
        var end = cut
        if !isSpace(bytes[cut]), let lastBreak, lastBreak.visible >= limit / 2 {
            end = lastBreak.index
        }
        while end > 0, isSpace(bytes[end - 1]) || bytes[end - 1] == UInt8(ascii: ",") || bytes[end - 1] == UInt8(ascii: ":") {
            end -= 1
        }
        return String(decoding: bytes[..<end], as: UTF8.self) + "…"
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0b1100_0000 == 0b1000_0000
    }

    /// Whether a combining diacritical mark (U+0300–U+036F) starts at `index`.
    private static func startsCombiningMark(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + 1 < bytes.count else { return false }
        let next = bytes[index + 1]
        switch bytes[index] {
        case 0xCC: return next >= 0x80 && next <= 0xBF
        case 0xCD: return next >= 0x80 && next <= 0xAF
        default: return false
        }
    }
}

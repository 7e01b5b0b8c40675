/// Escaping of text for HTML, under the two policies Despina's output has
/// always had; each is kept because changing either would change pages
/// that are already published and compared byte for byte.
///
/// - Text policy (`&`, `<`, `>`, `"`): cmark's. Markdown text, code and
///   attributes that Markup writes next to cmark's own output use it, so
///   that one page does not mix two spellings of the same text.
/// - Attribute policy (`&`, `<`, `>`, `"`, `'`): safe inside an attribute
///   quoted either way. The Mustache specification asks it of `{{name}}`,
///   and search excerpts and the highlighter's attributes follow it.
///
/// Both work on UTF-8 bytes in one pass, copying the runs between the
/// characters they replace.
public enum HTMLEscaping {
    /// Appends `text` to `output` under the text policy.
    public static func appendText(_ text: String, to output: inout [UInt8]) {
        append(text, to: &output, escapingApostrophe: false)
    }

    /// `text` under the text policy.
    public static func text(_ text: String) -> String {
        escaped(text, escapingApostrophe: false)
    }

    /// Appends `text` to `output` under the attribute policy.
    public static func appendAttribute(_ text: String, to output: inout [UInt8]) {
        append(text, to: &output, escapingApostrophe: true)
    }

    /// `text` under the attribute policy.
    public static func attribute(_ text: String) -> String {
        escaped(text, escapingApostrophe: true)
    }

    private static func escaped(_ text: String, escapingApostrophe: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        append(text, to: &output, escapingApostrophe: escapingApostrophe)
        return String(decoding: output, as: UTF8.self)
    }

    private static func append(_ text: String, to output: inout [UInt8], escapingApostrophe: Bool) {
        let handled: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            append(bytes, to: &output, escapingApostrophe: escapingApostrophe)
        }
        if handled == nil {
            let copy = Array(text.utf8)
            copy.withUnsafeBufferPointer { append($0, to: &output, escapingApostrophe: escapingApostrophe) }
        }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], escapingApostrophe: Bool) {
        var chunkStart = 0
        for index in 0..<bytes.count {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'") where escapingApostrophe: entity = "&#39;"
            default: continue
            }
            if chunkStart < index {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
            }
            output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            chunkStart = index + 1
        }
        if chunkStart < bytes.count {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart...]))
        }
    }
}

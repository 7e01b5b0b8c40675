/// Escaping of text for HTML, the way cmark escapes text and code.
enum HTMLEscaping {
    /// Appends `bytes` to `output` with `&`, `<`, `>` and `"` replaced by
    /// their entities; every other byte is copied unchanged.
    static func appendEscaped(_ bytes: some Sequence<UInt8>, to output: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            default: output.append(byte)
            }
        }
    }

    /// `text` with `&`, `<`, `>` and `"` replaced by their entities.
    static func escaped(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text.utf8, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

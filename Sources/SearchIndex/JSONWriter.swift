/// Writes the large index files as JSON directly into bytes: object keys in
/// code point order, no white space. Faster than a general encoder for
/// millions of short strings, and with a byte-exact, documented layout.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped,
    /// everything else as UTF-8. Runs of bytes that need no escape are
    /// copied whole (most strings are one run).
    mutating func string(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscape(of: byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(0x22)
    }

    private mutating func appendEscape(of byte: UInt8) {
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

    /// A string that is known to need no escaping (base64url digits).
    mutating func plainString(_ text: [UInt8]) {
        bytes.append(0x22)
        bytes += text
        bytes.append(0x22)
    }

    mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    mutating func stringArray(_ texts: [String]) {
        bytes.append(0x5B)
        for (index, text) in texts.enumerated() {
            if index > 0 { bytes.append(0x2C) }
            string(text)
        }
        bytes.append(0x5D)
    }

    /// A stored document in its array form (see `StoredDocument`).
    mutating func document(_ document: StoredDocument) {
        raw("[")
        string(document.id); raw(",")
        string(document.url); raw(",")
        string(document.title); raw(",")
        optionalString(document.date); raw(",")
        string(document.section); raw(",")
        string(document.language); raw(",")
        stringArray(document.tags); raw(",")
        optionalString(document.thumbnail); raw(",")
        string(document.description); raw(",")
        string(document.textKey); raw(",")
        optionalString(document.dateText)
        raw("]")
    }
}

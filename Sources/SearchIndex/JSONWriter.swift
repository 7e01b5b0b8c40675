import Bytes

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

    /// A JSON string (see `JSONString`).
    mutating func string(_ text: String) {
        JSONString.append(text, to: &bytes)
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

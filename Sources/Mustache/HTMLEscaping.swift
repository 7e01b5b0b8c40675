/// HTML escaping of interpolated text, done with one pass over the UTF-8 bytes.
enum HTMLEscaping {
    /// Appends `text` to `output`, replacing `&`, `<`, `>`, `"` and `'` by entities.
    static func append(_ text: String, to output: inout [UInt8]) {
        let handled: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            append(bytes, to: &output)
        }
        if handled == nil {
            let copy = Array(text.utf8)
            copy.withUnsafeBufferPointer { append($0, to: &output) }
        }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var chunkStart = 0
        for index in 0..<bytes.count {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
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

    /// Returns `text` escaped.
    static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text` without escaping.
    mutating func append(utf8 text: String) {
        let handled: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            append(contentsOf: bytes)
        }
        if handled == nil { append(contentsOf: text.utf8) }
    }
}

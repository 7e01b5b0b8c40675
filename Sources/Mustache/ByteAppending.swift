extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text` without escaping.
    mutating func append(utf8 text: String) {
        let handled: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            append(contentsOf: bytes)
        }
        if handled == nil { append(contentsOf: text.utf8) }
    }
}

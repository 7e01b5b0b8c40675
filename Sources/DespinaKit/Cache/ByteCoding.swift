import Bytes

/// The build cache writes its files with the shared binary coding of
/// `Bytes`; a cache file that does not read back is `MalformedCache`.
typealias ByteWriter = Bytes.ByteWriter
typealias MalformedCache = MalformedBytes

extension ByteWriter {
    /// The bytes written, followed by their checksum (`Checksum`); the
    /// writer is left empty. The bytes are handed over, not copied.
    mutating func takeSealedBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        Checksum.seal(&taken)
        return taken
    }

    /// Writes `text` with its length, returning where its bytes lie, so
    /// that a reader of the file can find them again (`readRange()`).
    @discardableResult
    mutating func write(text: UTF8Text) -> Range<Int> {
        text.withUTF8 { write(bytes: $0) }
        return bytes.count - text.utf8Count..<bytes.count
    }
}

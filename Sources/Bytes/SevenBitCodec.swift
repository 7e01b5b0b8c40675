/// Unsigned numbers in seven-bit groups, least significant first, a set
/// high bit meaning another group follows (unsigned LEB128): the binary
/// form of the build cache and of the saved search index builder.
public enum SevenBitCodec {
    /// Appends `value` to `bytes`.
    @inlinable
    public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The number at `offset`, which moves past it; nil when the bytes end
    /// inside it or it is longer than 64 bits.
    @inlinable
    public static func read(_ bytes: [UInt8], at offset: inout Int) -> UInt64? {
        bytes.withUnsafeBytes { read($0, at: &offset) }
    }

    /// `read(_:at:)` for bytes in memory the caller holds.
    @inlinable
    public static func read(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}

/// 64-bit numbers as sixteen lowercase hexadecimal digits (`00ff…`): the
/// hashes that name cache files and fill output manifests, two per file of
/// the site at every build. Eight digits are made at once, each a byte
/// lane of an integer, rather than one at a time through a table.
public enum HexText {
    /// Writes the sixteen digits of `value` at `start` of `buffer`; returns
    /// where they end.
    public static func write(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        precondition(start >= 0 && start + 16 <= buffer.count)
        let raw = UnsafeMutableRawBufferPointer(buffer)
        raw.storeBytes(of: digits(UInt32(truncatingIfNeeded: value >> 32)), toByteOffset: start, as: UInt64.self)
        raw.storeBytes(of: digits(UInt32(truncatingIfNeeded: value)), toByteOffset: start + 8, as: UInt64.self)
        return start + 16
    }

    /// The sixteen digits of `value`, as a string.
    public static func sixteenDigits(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { write(value, into: $0, at: 0) }
    }

    /// The eight digits of `value`, as an integer whose bytes in memory are
    /// the digits in order.
    private static func digits(_ value: UInt32) -> UInt64 {
        // One nibble to a lane, the last digit in the lowest lane...
        var lanes = UInt64(value)
        lanes = (lanes | lanes << 16) & 0x0000_FFFF_0000_FFFF
        lanes = (lanes | lanes << 8) & 0x00FF_00FF_00FF_00FF
        lanes = (lanes | lanes << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // ...then '0'-'9' or, where the nibble is 10 or more, 'a'-'f'.
        let letters = ((lanes &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        let digits = lanes &+ 0x3030_3030_3030_3030 &+ letters &* UInt64(UInt8(ascii: "a") - UInt8(ascii: "9") - 1)
        // The first digit is in the highest lane: stored big-endian, it comes first.
        return digits.bigEndian
    }
}

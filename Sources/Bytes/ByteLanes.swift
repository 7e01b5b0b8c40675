/// Tests on the eight bytes of a `UInt64` at once, each byte a lane: text
/// scanners classify eight bytes of ASCII with a few integer operations
/// instead of a branch or a table load for each byte. A test's result has
/// 0x80 in each lane where it holds and 0 in the others; no lane borrows
/// from or carries into another.
public enum ByteLanes {
    /// 0x01 in every lane.
    public static let ones: UInt64 = 0x0101_0101_0101_0101
    /// 0x80 in every lane.
    public static let high: UInt64 = 0x8080_8080_8080_8080

    /// Eight bytes from `pointer`, the first in the lowest lane.
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The lanes of `bits` that are zero.
    @inlinable @inline(__always)
    public static func zero(_ bits: UInt64) -> UInt64 {
        ~(((bits & ~high) &+ ~high) | bits | ~high)
    }

    /// The lanes of `bits` equal to `byte`.
    @inlinable @inline(__always)
    public static func equal(_ bits: UInt64, _ byte: UInt8) -> UInt64 {
        zero(bits ^ ones &* UInt64(byte))
    }

    /// The lanes of `bits` that are ASCII letters or digits, among the lanes
    /// below 0x80; what it gives in the others is not defined.
    @inlinable @inline(__always)
    public static func lettersAndDigits(_ bits: UInt64) -> UInt64 {
        within(bits | ones &* 0x20, 0x61, 0x7A) | within(bits, 0x30, 0x39)
    }

    /// The lanes of `bits` from `lower` through `upper` (both at most 0x7F),
    /// among the lanes below 0x80; what it gives in the others is not
    /// defined.
    @inlinable @inline(__always)
    public static func within(_ bits: UInt64, _ lower: UInt8, _ upper: UInt8) -> UInt64 {
        let atLeastLower = ((bits | high) &- ones &* UInt64(lower)) & high
        let aboveUpper = ((bits | high) &- ones &* UInt64(upper + 1)) & high
        return atLeastLower & ~aboveUpper
    }
}

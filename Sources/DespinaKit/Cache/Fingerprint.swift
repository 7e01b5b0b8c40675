/// A stable 64-bit digest of build inputs (the same on every run and
/// machine), fed with the values an output depends on. Used to tell
/// whether an output must be made again; not for security.
struct Fingerprint: Sendable {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    init() {}

    /// Mixes a 64-bit word into the digest.
    mutating func combine(_ word: UInt64) {
        var mixed = (value ^ word) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 31
        mixed = mixed &* 0x94D0_49BB_1331_11EB
        value = mixed ^ (mixed >> 29)
    }

    mutating func combine(_ number: Int) { combine(UInt64(bitPattern: Int64(number))) }

    mutating func combine(_ flag: Bool) { combine(flag ? 1 : 2 as UInt64) }

    /// Mixes bytes in eight at a time, then their count (so "ab","c" and
    /// "a","bc" differ).
    mutating func combine(bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index + 8 <= bytes.count {
            combine(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        combine(tail)
        combine(bytes.count)
    }

    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    mutating func combine(_ text: String?) {
        if let text { combine(true); combine(text) } else { combine(false) }
    }

    mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine(bytes: $0) }
    }

    /// The digest of one byte string.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.combine(bytes)
        return fingerprint.value
    }
}

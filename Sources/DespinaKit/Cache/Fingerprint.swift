/// A stable 64-bit digest of build inputs (the same on every run and
/// machine), fed with the values an output depends on. Used to tell
/// whether an output must be made again; not for security.
struct Fingerprint: Sendable {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

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

    /// The digest of one byte string, for whole files: four independent
    /// lanes of 8-byte words, so long inputs go at several bytes per cycle
    /// instead of waiting on one chain of multiplications.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of(bytes: $0) }
    }

    /// The digest of the bytes in `bytes` (see `of(_:)`).
    static func of(bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
        let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = lane &+ word &* prime2
            return ((mixed << 31) | (mixed >> 33)) &* prime1
        }
        func word(at offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        typealias Lanes = (UInt64, UInt64, UInt64, UInt64)
        func block(_ lanes: Lanes, at offset: Int) -> Lanes {
            (round(lanes.0, word(at: offset)), round(lanes.1, word(at: offset &+ 8)),
             round(lanes.2, word(at: offset &+ 16)), round(lanes.3, word(at: offset &+ 24)))
        }
        var lanes: Lanes = (prime1 &+ prime2, prime2, 0, 0 &- prime1)
        var offset = 0
        // Two blocks of 32 bytes a turn (the same digest as one block a
        // turn, with half the loop's own steps).
        while bytes.count - offset >= 64 {
            lanes = block(block(lanes, at: offset), at: offset &+ 32)
            offset &+= 64
        }
        if bytes.count - offset >= 32 {
            lanes = block(lanes, at: offset)
            offset &+= 32
        }
        var fingerprint = Fingerprint()
        fingerprint.combine(lanes.0)
        fingerprint.combine(lanes.1)
        fingerprint.combine(lanes.2)
        fingerprint.combine(lanes.3)
        fingerprint.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
        fingerprint.combine(bytes.count)
        return fingerprint.value
    }
}

/// The check every cache file ends with: the digest of the bytes before
/// it, so a file cut short or changed by anyone else is refused whole.
enum Checksum {
    /// `bytes` followed by their digest.
    static func sealing(_ bytes: [UInt8]) -> [UInt8] {
        var sealed = bytes
        withUnsafeBytes(of: Fingerprint.of(bytes).littleEndian) { sealed.append(contentsOf: $0) }
        return sealed
    }

    /// The bytes before the digest, when the digest matches them.
    static func opening(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 8 else { return nil }
        let payload = Array(bytes[..<(bytes.count - 8)])
        var check: UInt64 = 0
        for (index, byte) in bytes[(bytes.count - 8)...].enumerated() { check |= UInt64(byte) << (8 * UInt64(index)) }
        return Fingerprint.of(payload) == check ? payload : nil
    }
}

/// The check every cache file ends with: the digest of the bytes before
/// it, so a file cut short or changed by anyone else is refused whole.
enum Checksum {
    /// Appends the digest of `bytes` to them, in place: a cache file of
    /// megabytes is not copied to be sealed.
    static func seal(_ bytes: inout [UInt8]) {
        let digest = Fingerprint.of(bytes)
        withUnsafeBytes(of: digest.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// How many bytes come before the digest, when the digest matches them.
    static func payloadCount(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 8 else { return nil }
        var check: UInt64 = 0
        for index in 0..<8 { check |= UInt64(bytes[bytes.count - 8 + index]) << (8 * UInt64(index)) }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
        return Fingerprint.of(bytes: payload) == check ? payload.count : nil
    }

    /// The bytes before the digest, when the digest matches them.
    static func opening(_ bytes: consuming [UInt8]) -> [UInt8]? {
        guard bytes.withUnsafeBytes({ payloadCount(of: $0) }) != nil else { return nil }
        // The file's own array, shortened in place: no copy of the payload.
        var payload = bytes
        payload.removeLast(8)
        return payload
    }
}

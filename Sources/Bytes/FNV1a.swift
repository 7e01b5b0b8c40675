/// The 64-bit FNV-1a hash, fed one byte at a time: the one hash behind the
/// build's cache folder names, the search index's digests and template
/// field lookup.
///
/// Its values are kept in caches on disk (the names of the folders in
/// `.despina/`, the saved search index builder), so the algorithm must not
/// change without a new cache format. Fed byte by byte or by whole fields,
/// so that a caller digests what it writes without joining it first.
public struct FNV1a64: Sendable {
    /// The hash of the bytes combined so far (the offset basis for none).
    public var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of no bytes yet.
    @inlinable
    public init() {}

    /// Adds one byte.
    @inlinable @inline(__always)
    public mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Adds every byte of `bytes`, in order.
    @inlinable
    public mutating func combine(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { combine(byte) }
    }

    /// The hash of `bytes`.
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = FNV1a64()
        hash.combine(contentsOf: bytes)
        return hash.value
    }

    /// The hash of the UTF-8 of `text`, read where the string keeps it: a
    /// template's field names are hashed at every look-up, and going
    /// through `String.UTF8View` one byte at a time costs several times
    /// the hash itself.
    @inlinable
    public static func hash(_ text: String) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable { hash($0) } ?? hash(text.utf8)
    }
}

/// The 32-bit FNV-1a hash: the search index names its pieces and places
/// documents in chunks by it. Those names are part of the published index,
/// so its values must stay the same from one version to the next.
public enum FNV1a32 {
    /// The hash of `bytes`.
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var value: UInt32 = 0x811C_9DC5
        for byte in bytes { value = (value ^ UInt32(byte)) &* 0x0100_0193 }
        return value
    }
}

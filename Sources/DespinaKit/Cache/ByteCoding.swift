import Bytes

/// Appends values to a compact binary buffer: unsigned LEB128 integers and
/// length-prefixed UTF-8 strings. Used for the build cache, where reading
/// back must be fast and the format is private to one version of Despina.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []
    /// Where the texts written with `write(text:)` lie in `bytes`, in order.
    private(set) var textRanges: [Range<Int>] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The bytes written, followed by their checksum (`Checksum`); the
    /// writer is left empty. The bytes are handed over, not copied.
    mutating func takeSealedBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        Checksum.seal(&taken)
        return taken
    }

    mutating func write(_ value: UInt64) {
        SevenBitCodec.append(value, to: &bytes)
    }

    mutating func write(_ value: Int) {
        // Zigzag, so small negative numbers stay small.
        write(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    mutating func write(_ values: [String]) {
        write(values.count)
        for value in values { write(value) }
    }

    /// Writes `text` with its length, and notes where its bytes lie
    /// (`textRanges`), so that a reader of the file can find them again.
    mutating func write(text: UTF8Text) {
        text.withUTF8 { utf8 in
            write(utf8.count)
            let start = bytes.count
            bytes.append(contentsOf: utf8)
            textRanges.append(start..<bytes.count)
        }
    }

    mutating func write(bytes other: [UInt8]) {
        write(other.count)
        bytes.append(contentsOf: other)
    }
}

/// A value the cache reader found malformed (a truncated or foreign file).
struct MalformedCache: Error {}

/// Reads what `ByteWriter` wrote; every read checks its bounds, so a
/// damaged file is an error, never a crash.
struct ByteReader {
    /// What the bytes belong to, kept alive while the reader (or text read
    /// from it) uses them.
    let owner: SharedBytes
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    /// Reads a copy of `bytes`.
    init(_ bytes: [UInt8], offset: Int = 0) {
        self.init(SharedBytes(copying: bytes), count: bytes.count, offset: offset)
    }

    /// Reads the first `count` bytes of `shared`.
    init(_ shared: SharedBytes, count: Int, offset: Int = 0) {
        owner = shared
        bytes = UnsafeRawBufferPointer(rebasing: shared.buffer[0..<min(count, shared.count)])
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func readUInt64() throws(MalformedCache) -> UInt64 {
        guard let value = SevenBitCodec.read(bytes, at: &offset) else { throw MalformedCache() }
        return value
    }

    mutating func readInt() throws(MalformedCache) -> Int {
        let raw = try readUInt64()
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count or length: not negative and not beyond the bytes left.
    mutating func readCount() throws(MalformedCache) -> Int {
        let count = try readInt()
        guard count >= 0, count <= bytes.count - offset else { throw MalformedCache() }
        return count
    }

    mutating func readBool() throws(MalformedCache) -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw MalformedCache() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func readString() throws(MalformedCache) -> String {
        let count = try readCount()
        let start = offset
        offset += count
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]), as: UTF8.self)
    }

    mutating func readOptionalString() throws(MalformedCache) -> String? {
        try readBool() ? try readString() : nil
    }

    mutating func readStrings() throws(MalformedCache) -> [String] {
        let count = try readCount()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readString()) }
        return values
    }

    /// Skips a length-prefixed run of bytes, returning where it lies.
    mutating func readRange() throws(MalformedCache) -> Range<Int> {
        let count = try readCount()
        defer { offset += count }
        return offset..<offset + count
    }

    mutating func readBytes() throws(MalformedCache) -> [UInt8] {
        let count = try readCount()
        defer { offset += count }
        return owner.bytes(in: offset..<offset + count)
    }
}

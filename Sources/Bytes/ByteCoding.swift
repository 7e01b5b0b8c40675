/// Appends values to a compact binary buffer, the one form of Despina's
/// private files (the build cache, the saved search index builder):
/// seven-bit numbers (`SevenBitCodec`), zigzag for signed ones, a byte for
/// a flag, and strings, bytes and lists after their count. Every value takes
/// at least one byte, which lets `ByteReader` refuse a count larger than the
/// bytes left before allocating for it. The files carry a version of their
/// own: the form is not meant for exchange.
public struct ByteWriter {
    /// The bytes written so far. Open to callers, so that a file's magic is
    /// appended as it is and room is reserved for a large file at once.
    public var bytes: [UInt8] = []

    @inlinable
    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    @inlinable
    public mutating func write(_ value: UInt64) { SevenBitCodec.append(value, to: &bytes) }

    /// A signed number, zigzagged so that small negative numbers stay small.
    @inlinable
    public mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))) }

    /// A number known not to be negative (a count, a length): no zigzag, so
    /// it takes no more bytes than it needs. Negative numbers are written as 0.
    @inlinable
    public mutating func write(count: Int) { write(UInt64(max(count, 0))) }

    @inlinable
    public mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// A run of bytes after its length.
    @inlinable
    public mutating func write(bytes other: some Collection<UInt8>) {
        write(count: other.count)
        bytes.append(contentsOf: other)
    }

    /// A string's UTF-8 bytes after their length.
    @inlinable
    public mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { write(bytes: $0) }
    }

    /// A flag for whether there is a string, then the string.
    @inlinable
    public mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    @inlinable
    public mutating func write(_ values: [String]) { write(values) { $0.write($1) } }

    /// The count of `values`, then each written by `element`.
    @inlinable
    public mutating func write<Values: Collection>(_ values: Values, _ element: (inout ByteWriter, Values.Element) -> Void) {
        write(count: values.count)
        for value in values { element(&self, value) }
    }
}

/// What `ByteReader` throws for bytes `ByteWriter` did not write: a file cut
/// short, damaged or of another version.
public struct MalformedBytes: Error {
    public init() {}
}

/// Reads what `ByteWriter` wrote, from bytes in memory the caller keeps
/// alive (a mapped file is read in place; `read(_:_:)` reads an array).
/// Every read checks its bounds: damaged bytes are an error, never a crash,
/// and never a huge allocation.
public struct ByteReader {
    public let bytes: UnsafeRawBufferPointer
    /// Where the next value starts, from 0 to `bytes.count`.
    @usableFromInline var position = 0

    @inlinable
    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The result of `body` reading `bytes`, which stay alive while it runs.
    @inlinable
    public static func read<Value>(
        _ bytes: [UInt8], _ body: (inout ByteReader) throws(MalformedBytes) -> Value
    ) throws(MalformedBytes) -> Value {
        // `withUnsafeBytes` rethrows untyped errors: the error is carried out in a `Result`.
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(MalformedBytes) in
                var reader = ByteReader(buffer)
                return try body(&reader)
            }
        }.get()
    }

    @inlinable
    public var isAtEnd: Bool { position >= bytes.count }

    /// Moves past `expected` (a file's magic), which must come next.
    @inlinable
    public mutating func skip(_ expected: [UInt8]) throws(MalformedBytes) {
        guard expected.count <= bytes.count - position,
              expected.elementsEqual(UnsafeRawBufferPointer(rebasing: bytes[position..<position + expected.count]))
        else { throw MalformedBytes() }
        position += expected.count
    }

    @inlinable
    public mutating func readUInt64() throws(MalformedBytes) -> UInt64 {
        guard let value = SevenBitCodec.read(bytes, at: &position) else { throw MalformedBytes() }
        return value
    }

    /// A number written by `write(_: Int)`.
    @inlinable
    public mutating func readInt() throws(MalformedBytes) -> Int {
        let raw = try readUInt64()
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A number written by `write(count:)`, whatever its size.
    @inlinable
    public mutating func readUnsigned() throws(MalformedBytes) -> Int {
        guard let value = Int(exactly: try readUInt64()) else { throw MalformedBytes() }
        return value
    }

    /// A count or length written by `write(count:)`: no more than the bytes
    /// left, since each value takes at least one.
    @inlinable
    public mutating func readCount() throws(MalformedBytes) -> Int {
        let count = try readUnsigned()
        guard count <= bytes.count - position else { throw MalformedBytes() }
        return count
    }

    @inlinable
    public mutating func readBool() throws(MalformedBytes) -> Bool {
        guard position < bytes.count, bytes[position] <= 1 else { throw MalformedBytes() }
        position += 1
        return bytes[position - 1] == 1
    }

    /// Moves past a run of bytes written by `write(bytes:)`, returning
    /// where it lies.
    @inlinable
    public mutating func readRange() throws(MalformedBytes) -> Range<Int> {
        let count = try readCount()
        defer { position += count }
        return position..<position + count
    }

    @inlinable
    public mutating func readBytes() throws(MalformedBytes) -> [UInt8] {
        Array(UnsafeRawBufferPointer(rebasing: bytes[try readRange()]))
    }

    /// A string decoded in place, without copying its bytes first.
    @inlinable
    public mutating func readString() throws(MalformedBytes) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[try readRange()]), as: UTF8.self)
    }

    @inlinable
    public mutating func readOptionalString() throws(MalformedBytes) -> String? {
        try readBool() ? try readString() : nil
    }

    @inlinable
    public mutating func readStrings() throws(MalformedBytes) -> [String] {
        try readList { reader throws(MalformedBytes) in try reader.readString() }
    }

    /// A count, then that many values, each read by `element`.
    @inlinable
    public mutating func readList<Element>(
        _ element: (inout ByteReader) throws(MalformedBytes) -> Element
    ) throws(MalformedBytes) -> [Element] {
        let count = try readCount()
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try element(&self)) }
        return values
    }
}

import Testing
import Bytes

@Suite struct ByteCodingTests {
    private static let magic = Array("test 1\n".utf8)

    /// One of every kind of value the writer writes.
    private static func sample() -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes += magic
        writer.write(UInt64.max)
        writer.write(-3)
        writer.write(Int.min)
        writer.write(count: 300)
        writer.write(true)
        writer.write("Ünïcode “text”")
        writer.write(nil as String?)
        writer.write("x" as String?)
        writer.write(["a", "", "ç"])
        writer.write(bytes: [0, 255, 7])
        writer.write([1, 2, 3] as [UInt32]) { $0.write(UInt64($1)) }
        return writer.bytes
    }

    private static func readSample(_ reader: inout ByteReader) throws(MalformedBytes) -> [String] {
        try reader.skip(magic)
        var values = ["\(try reader.readUInt64())", "\(try reader.readInt())", "\(try reader.readInt())"]
        values += ["\(try reader.readUnsigned())", "\(try reader.readBool())", try reader.readString()]
        values += ["\(try reader.readOptionalString() as Any)", "\(try reader.readOptionalString() as Any)"]
        values += try reader.readStrings()
        values.append("\(try reader.readBytes())")
        values.append("\(try reader.readList { reader throws(MalformedBytes) in try reader.readUInt64() })")
        guard reader.isAtEnd else { throw MalformedBytes() }
        return values
    }

    @Test func valuesReadBackAsWritten() throws {
        let values = try ByteReader.read(Self.sample()) { reader throws(MalformedBytes) in try Self.readSample(&reader) }
        #expect(values == [
            "\(UInt64.max)", "-3", "\(Int.min)", "300", "true", "Ünïcode “text”", "nil", "Optional(\"x\")",
            "a", "", "ç", "[0, 255, 7]", "[1, 2, 3]",
        ])
    }

    /// Small numbers take one byte; counts are not zigzagged, signed numbers are.
    @Test func numbersTakeTheBytesTheyNeed() {
        var writer = ByteWriter()
        writer.write(count: 5)
        writer.write(-1)
        writer.write(1)
        writer.write("ab")
        #expect(writer.bytes == [5, 1, 2, 2, 0x61, 0x62])
    }

    /// Every cut and every changed byte of the sample is an error or a
    /// value, never a crash; a count beyond the bytes left is refused
    /// before anything is allocated for it.
    @Test func damagedBytesAreAnErrorNeverACrash() {
        let sample = Self.sample()
        for length in 0..<sample.count {
            #expect(throws: MalformedBytes.self) {
                try ByteReader.read(Array(sample[..<length])) { reader throws(MalformedBytes) in try Self.readSample(&reader) }
            }
        }
        for index in sample.indices {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = sample
                damaged[index] ^= change
                _ = try? ByteReader.read(damaged) { reader throws(MalformedBytes) in try Self.readSample(&reader) }
            }
        }
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect(throws: MalformedBytes.self) {
            try ByteReader.read(huge) { reader throws(MalformedBytes) in try reader.readStrings() }
        }
        #expect(throws: MalformedBytes.self) {
            try ByteReader.read([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]) { reader throws(MalformedBytes) in
                try reader.readUInt64()
            }
        }
        #expect(throws: MalformedBytes.self) {
            try ByteReader.read([2]) { reader throws(MalformedBytes) in try reader.readBool() }
        }
    }
}

import Testing
import Bytes

/// Sixteen lowercase hexadecimal digits, every digit in its place.
@Suite struct HexTextTests {
    @Test func digitsAreThoseOfTheNumberPadded() {
        var generator = SystemRandomNumberGenerator()
        let values: [UInt64] = [0, 9, 10, 15, 16, 0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210, .max]
            + (0..<200).map { _ in UInt64.random(in: 0 ... .max, using: &generator) >> UInt64.random(in: 0..<64, using: &generator) }
        for value in values {
            let expected = String(value, radix: 16)
            #expect(HexText.sixteenDigits(value) == String(repeating: "0", count: 16 - expected.count) + expected)
        }
    }

    @Test func digitsAreWrittenWhereAsked() {
        var buffer = [UInt8](repeating: UInt8(ascii: "."), count: 20)
        let end = buffer.withUnsafeMutableBufferPointer { HexText.write(0xAB, into: $0, at: 2) }
        #expect(end == 18)
        #expect(String(decoding: buffer, as: UTF8.self) == "..00000000000000ab..")
    }
}

import Bytes
import Testing

struct DecimalTextTests {
    @Test(arguments: [
        (0, 2, "00"), (5, 2, "05"), (42, 2, "42"), (123, 2, "123"), (7, 4, "0007"), (2015, 4, "2015"),
        (12345, 4, "12345"), (-5, 4, "00-5"), (-42, 2, "-42"), (0, 0, "0"), (Int.max, 2, String(Int.max)),
        (Int.min, 2, String(Int.min)), (Int.min, 24, "0000" + String(Int.min)),
    ])
    func zeroPaddedIsTheTextOfTheNumberWithZerosInFront(value: Int, width: Int, text: String) {
        #expect(DecimalText.zeroPadded(value, width: width) == text)
        // Written in place after other bytes: the same text, and the bytes around it kept.
        var bytes = Array("size ".utf8) + Array(repeating: UInt8(ascii: "."), count: max(20, width) + 1)
        let end = bytes.withUnsafeMutableBufferPointer { DecimalText.write(value, width: width, into: $0, at: 5) }
        #expect(Array(bytes[..<end]) == Array("size \(text)".utf8))
        #expect(bytes[end...].allSatisfy { $0 == UInt8(ascii: ".") })
        // The rule written plainly.
        let plain = String(value)
        #expect(text == String(repeating: "0", count: max(0, width - plain.count)) + plain)
    }

    @Test func fieldsAreJoinedWithTheirSeparatorsAndEnding() {
        let dash = UInt8(ascii: "-"), colon = UInt8(ascii: ":")
        #expect(DecimalText.fields([(2015, 4, nil), (6, 2, dash), (8, 2, dash)]) == "2015-06-08")
        #expect(DecimalText.fields([(9, 2, nil), (5, 2, colon)], ending: UInt8(ascii: "Z")) == "09:05Z")
        #expect(DecimalText.fields([]) == "")
        #expect(DecimalText.fields([], ending: UInt8(ascii: "Z")) == "Z")
        #expect(DecimalText.fields([(Int.min, 30, dash), (Int.max, 30, dash)]).utf8.count == 62)
    }
}

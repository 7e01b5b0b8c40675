import Testing
import Bytes

@Suite struct JSONStringTests {
    @Test func scriptLiteralEscapesControlCharacters() {
        #expect(JSONString.scriptLiteral("a\"b\\c\nd\u{01}") == "\"a\\\"b\\\\c\\nd\\u0001\"")
    }

    @Test func scriptLiteralSpellsOutTheLineSeparators() {
        #expect(JSONString.scriptLiteral("a\u{2028}b\u{2029}c\u{2027}") == "\"a\\u2028b\\u2029c\u{2027}\"")
    }

    @Test func plainLiteralKeepsTheLineSeparatorsAndOtherText() {
        var bytes: [UInt8] = []
        JSONString.append("é\u{2028}\t\r日\u{1F}", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"é\u{2028}\\t\\r日\\u001f\"")
    }
}

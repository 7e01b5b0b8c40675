import Testing
import Bytes

@Suite struct HTMLEscapingTests {
    @Test func textPolicyLeavesTheApostropheAsCmarkDoes() {
        #expect(HTMLEscaping.text(#"<a href="x">Tom & Jerry's</a>"#)
            == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry's&lt;/a&gt;")
    }

    @Test func attributePolicyAlsoEscapesTheApostrophe() {
        #expect(HTMLEscaping.attribute(#"<a href="x">Tom & Jerry's</a>"#)
            == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }

    @Test func appendingKeepsWhatIsThereAndCopiesOtherBytesUnchanged() {
        var output = Array("é:".utf8)
        HTMLEscaping.appendAttribute("日本 'x'", to: &output)
        HTMLEscaping.appendText(" 'y'", to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "é:日本 &#39;x&#39; 'y'")
    }

    /// Each ASCII byte, and a character beyond ASCII, at each place of
    /// texts longer and shorter than the eight bytes read at once, escaped
    /// as a byte-by-byte escaper does.
    @Test func everyByteAtEveryPlaceIsEscapedAsOneByOne() {
        func reference(_ text: String, apostrophe: Bool) -> String {
            text.map { character -> String in
                switch character {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\"": "&quot;"
                case "'" where apostrophe: "&#39;"
                default: String(character)
                }
            }.joined()
        }
        let characters = (1...0x7F).map { Character(Unicode.Scalar(UInt8($0))) } + ["é"]
        for length in [1, 7, 8, 9, 17] {
            for place in 0..<length {
                for character in characters {
                    var text = String(repeating: "a", count: length)
                    text.replaceSubrange(text.index(text.startIndex, offsetBy: place)...text.index(text.startIndex, offsetBy: place), with: String(character))
                    let doubled = text + String(character) + text
                    #expect(HTMLEscaping.text(doubled) == reference(doubled, apostrophe: false))
                    #expect(HTMLEscaping.attribute(doubled) == reference(doubled, apostrophe: true))
                }
            }
        }
    }
}

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
}

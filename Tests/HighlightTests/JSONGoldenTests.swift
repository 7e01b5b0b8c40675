import Testing
import Highlight

/// Golden output for a realistic JSON document.
@Suite struct JSONGoldenTests {
    @Test func document() {
        let input = ##"""
        {
          "name": "despina", "version": 1.5e3, "tags": ["a\"b", null, true, -2],
          // comment
          "nested": {"ok": false}
        }
        """##
        let expected = ##"""
        {
          <span class="prop">&quot;name&quot;</span>: <span class="str">&quot;despina&quot;</span>, <span class="prop">&quot;version&quot;</span>: <span class="num">1.5e3</span>, <span class="prop">&quot;tags&quot;</span>: [<span class="str">&quot;a</span><span class="esc">\&quot;</span><span class="str">b&quot;</span>, <span class="lit">null</span>, <span class="lit">true</span>, <span class="num">-2</span>],
          <span class="com">// comment</span>
          <span class="prop">&quot;nested&quot;</span>: {<span class="prop">&quot;ok&quot;</span>: <span class="lit">false</span>}
        }
        """##
        #expect(Highlighter.highlight(input, language: .json) == expected)
    }
}

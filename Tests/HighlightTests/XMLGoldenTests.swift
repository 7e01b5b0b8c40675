import Testing
import Highlight

/// Golden output for a realistic XML property list.
@Suite struct XMLGoldenTests {
    @Test func propertyList() {
        let input = ##"""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleName</key>
            <string>Despina &amp; Co</string>
            <![CDATA[ <raw> ]]>
        </dict>
        </plist>
        """##
        let expected = ##"""
        <span class="pp">&lt;?xml version=&quot;1.0&quot; encoding=&quot;UTF-8&quot;?&gt;</span>
        <span class="tag">&lt;plist</span> <span class="attr-name">version</span>=<span class="str">&quot;1.0&quot;</span><span class="tag">&gt;</span>
        <span class="tag">&lt;dict&gt;</span>
            <span class="tag">&lt;key&gt;</span>CFBundleName<span class="tag">&lt;/key&gt;</span>
            <span class="tag">&lt;string&gt;</span>Despina <span class="esc">&amp;amp;</span> Co<span class="tag">&lt;/string&gt;</span>
            <span class="str">&lt;![CDATA[ &lt;raw&gt; ]]&gt;</span>
        <span class="tag">&lt;/dict&gt;</span>
        <span class="tag">&lt;/plist&gt;</span>
        """##
        #expect(Highlighter.highlight(input, language: .xml) == expected)
    }
}

import Testing
import Highlight

/// Golden output for realistic YAML front matter.
@Suite struct YAMLGoldenTests {
    @Test func frontMatter() {
        let input = ##"""
        ---
        title: "Hello: world" # comment
        date: 2024-01-05
        draft: false
        count: 42
        tags:
          - swift
          - "ios"
          - [a, b]
        anchors: &base
          key: *base
        description: |
          Multi line
          text here
        "quoted key": value
        ...
        """##
        let expected = ##"""
        <span class="meta">---</span>
        <span class="prop">title</span><span class="punct">:</span> <span class="str">&quot;Hello: world&quot;</span> <span class="com"># comment</span>
        <span class="prop">date</span><span class="punct">:</span> <span class="str">2024-01-05</span>
        <span class="prop">draft</span><span class="punct">:</span> <span class="lit">false</span>
        <span class="prop">count</span><span class="punct">:</span> <span class="num">42</span>
        <span class="prop">tags</span><span class="punct">:</span>
          <span class="punct">-</span> <span class="str">swift</span>
          <span class="punct">-</span> <span class="str">&quot;ios&quot;</span>
          <span class="punct">-</span> <span class="punct">[</span><span class="str">a</span><span class="punct">,</span> <span class="str">b</span><span class="punct">]</span>
        <span class="prop">anchors</span><span class="punct">:</span> <span class="var">&amp;base</span>
          <span class="prop">key</span><span class="punct">:</span> <span class="var">*base</span>
        <span class="prop">description</span><span class="punct">:</span> <span class="punct">|</span>
          <span class="str">Multi line</span>
          <span class="str">text here</span>
        <span class="prop">&quot;quoted key&quot;</span><span class="punct">:</span> <span class="str">value</span>
        <span class="meta">...</span>
        """##
        #expect(Highlighter.highlight(input, language: .yaml) == expected)
    }
}

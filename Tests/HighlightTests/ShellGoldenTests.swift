import Testing
import Highlight

/// Golden output for a realistic shell script.
@Suite struct ShellGoldenTests {
    @Test func buildScript() {
        let input = ##"""
        #!/bin/bash
        # build it
        set -euo pipefail
        NAME="world $USER"
        for f in *.md; do
          echo "Hello, ${NAME}" > "$f" 2>&1 | grep -v x && ls -la
        done
        cat <<EOF2
        body $x
        EOF2
        swift build -c release
        """##
        let expected = ##"""
        <span class="com">#!/bin/bash</span>
        <span class="com"># build it</span>
        <span class="kw">set</span> -euo pipefail
        <span class="var">NAME</span><span class="op">=</span><span class="str">&quot;world </span><span class="var">$USER</span><span class="str">&quot;</span>
        <span class="kw">for</span> f <span class="kw">in</span> *.md<span class="op">;</span> <span class="kw">do</span>
          <span class="fn">echo</span> <span class="str">&quot;Hello, </span><span class="var">${NAME}</span><span class="str">&quot;</span> <span class="op">&gt;</span> <span class="str">&quot;</span><span class="var">$f</span><span class="str">&quot;</span> <span class="num">2</span><span class="op">&gt;&amp;</span><span class="num">1</span> <span class="op">|</span> <span class="fn">grep</span> -v x <span class="op">&amp;&amp;</span> <span class="fn">ls</span> -la
        <span class="kw">done</span>
        <span class="fn">cat</span> <span class="op">&lt;&lt;</span><span class="str">EOF2</span>
        <span class="str">body $x</span>
        <span class="str">EOF2</span>
        <span class="fn">swift</span> build -c release
        """##
        #expect(Highlighter.highlight(input, language: .shell) == expected)
    }
}

import Testing
import Highlight

/// Golden output for realistic HTML.
@Suite struct HTMLGoldenTests {
    @Test func pageWithScriptAndStyle() {
        let input = ##"""
        <!DOCTYPE html>
        <html lang="en">
        <!-- a comment -->
        <head><style>body { color: #333; margin: 0 auto; }</style></head>
        <body class="post" data-x=1>
          <p>Tom &amp; Jerry &copy; <br/></p>
          <script>const x = `a ${b + 1}`; if (x < 2) { y = /ab+c/gi; }</script>
        </body>
        </html>
        """##
        let expected = ##"""
        <span class="pp">&lt;!DOCTYPE html&gt;</span>
        <span class="tag">&lt;html</span> <span class="attr-name">lang</span>=<span class="str">&quot;en&quot;</span><span class="tag">&gt;</span>
        <span class="com">&lt;!-- a comment --&gt;</span>
        <span class="tag">&lt;head&gt;&lt;style&gt;body</span> { <span class="prop">color</span>: <span class="num">#333</span>; <span class="prop">margin</span>: <span class="num">0</span> auto; }<span class="tag">&lt;/style&gt;&lt;/head&gt;</span>
        <span class="tag">&lt;body</span> <span class="attr-name">class</span>=<span class="str">&quot;post&quot;</span> <span class="attr-name">data-x</span>=<span class="str">1</span><span class="tag">&gt;</span>
          <span class="tag">&lt;p&gt;</span>Tom <span class="esc">&amp;amp;</span> Jerry <span class="esc">&amp;copy;</span> <span class="tag">&lt;br/&gt;&lt;/p&gt;</span>
          <span class="tag">&lt;script&gt;</span><span class="kw">const</span> x <span class="op">=</span> <span class="str">`a </span><span class="esc">${</span>b <span class="op">+</span> <span class="num">1</span><span class="esc">}</span><span class="str">`</span>; <span class="kw">if</span> (x <span class="op">&lt;</span> <span class="num">2</span>) { y <span class="op">=</span> <span class="re">/ab+c/gi</span>; }<span class="tag">&lt;/script&gt;</span>
        <span class="tag">&lt;/body&gt;</span>
        <span class="tag">&lt;/html&gt;</span>
        """##
        #expect(Highlighter.highlight(input, language: .html) == expected)
    }
}

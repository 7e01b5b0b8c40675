import Testing
import Highlight

/// Golden output for a realistic stylesheet.
@Suite struct CSSGoldenTests {
    @Test func stylesheet() {
        let input = ##"""
        @media (prefers-color-scheme: dark) {
          pre.code span.kw, a:hover::before { color: #ff79c6 !important; }
        }
        :root { --accent: rgb(10, 20, 30); }
        body > .main #id {
          margin: 0 -1.5em 10px;
          font-family: "Inter", sans-serif;
          width: calc(100% - var(--accent));
        }
        """##
        let expected = ##"""
        <span class="kw">@media</span> (<span class="tag">prefers-color-scheme</span>: dark) {
          <span class="tag">pre</span><span class="ty">.code</span> <span class="tag">span</span><span class="ty">.kw</span>, <span class="tag">a</span><span class="attr">:hover::before</span> { <span class="prop">color</span>: <span class="num">#ff79c6</span> <span class="kw">!important</span>; }
        }
        <span class="attr">:root</span> { <span class="var">--accent</span>: <span class="fn">rgb</span>(<span class="num">10</span>, <span class="num">20</span>, <span class="num">30</span>); }
        <span class="tag">body</span> &gt; <span class="ty">.main</span> <span class="ty">#id</span> {
          <span class="prop">margin</span>: <span class="num">0</span> <span class="num">-1.5em</span> <span class="num">10px</span>;
          <span class="prop">font-family</span>: <span class="str">&quot;Inter&quot;</span>, sans-serif;
          <span class="prop">width</span>: <span class="fn">calc</span>(<span class="num">100%</span> - <span class="fn">var</span>(<span class="var">--accent</span>));
        }
        """##
        #expect(Highlighter.highlight(input, language: .css) == expected)
    }
}

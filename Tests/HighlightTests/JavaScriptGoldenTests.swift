import Testing
import Highlight

/// Golden output for realistic JavaScript.
@Suite struct JavaScriptGoldenTests {
    @Test func searchBox() {
        let input = ##"""
        // Debounce the search box.
        import { search } from "./search.js";

        const input = document.querySelector("#q");
        let timer = null;
        input.addEventListener("input", (event) => {
          clearTimeout(timer);
          timer = setTimeout(() => render(search(event.target.value.trim())), 120);
        });

        function render(results) {
          const valid = /^[\w-]+$/i.test(results.id) && results.length / 2 > 0;
          return results.map(r => `<li>${escape(r.title)}</li>`).join("");
        }
        """##
        let expected = ##"""
        <span class="com">// Debounce the search box.</span>
        <span class="kw">import</span> { search } <span class="kw">from</span> <span class="str">&quot;./search.js&quot;</span>;

        <span class="kw">const</span> input <span class="op">=</span> document.<span class="fn">querySelector</span>(<span class="str">&quot;#q&quot;</span>);
        <span class="kw">let</span> timer <span class="op">=</span> <span class="lit">null</span>;
        input.<span class="fn">addEventListener</span>(<span class="str">&quot;input&quot;</span>, (event) <span class="op">=&gt;</span> {
          <span class="fn">clearTimeout</span>(timer);
          timer <span class="op">=</span> <span class="fn">setTimeout</span>(() <span class="op">=&gt;</span> <span class="fn">render</span>(<span class="fn">search</span>(event.<span class="prop">target</span>.<span class="prop">value</span>.<span class="fn">trim</span>())), <span class="num">120</span>);
        });

        <span class="kw">function</span> <span class="fn">render</span>(results) {
          <span class="kw">const</span> valid <span class="op">=</span> <span class="re">/^[\w-]+$/i</span>.<span class="fn">test</span>(results.<span class="prop">id</span>) <span class="op">&amp;&amp;</span> results.<span class="prop">length</span> <span class="op">/</span> <span class="num">2</span> <span class="op">&gt;</span> <span class="num">0</span>;
          <span class="kw">return</span> results.<span class="fn">map</span>(r <span class="op">=&gt;</span> <span class="str">`&lt;li&gt;</span><span class="esc">${</span><span class="fn">escape</span>(r.<span class="prop">title</span>)<span class="esc">}</span><span class="str">&lt;/li&gt;`</span>).<span class="fn">join</span>(<span class="str">&quot;&quot;</span>);
        }
        """##
        #expect(Highlighter.highlight(input, language: .javascript) == expected)
    }
}

import Testing
import Highlight

/// Golden output for realistic TypeScript.
@Suite struct TypeScriptGoldenTests {
    @Test func indexLoader() {
        let input = ##"""
        import { readFile } from "fs/promises";
        /** Loads the index. */
        export async function loadIndex(url: string): Promise<Index | null> {
          const response = await fetch(`${url}/search/${shard}.json`);
          if (!response.ok) return null; // missing
          const ratio = total / count / 2;
          return new Index(await response.json(), { limit: 10_000, re: /\w+/g });
        }
        interface Doc { id: number; title?: string }
        """##
        let expected = ##"""
        <span class="kw">import</span> { readFile } <span class="kw">from</span> <span class="str">&quot;fs/promises&quot;</span>;
        <span class="doc">/** Loads the index. */</span>
        <span class="kw">export</span> <span class="kw">async</span> <span class="kw">function</span> <span class="fn">loadIndex</span>(url: <span class="ty">string</span>): <span class="ty">Promise</span><span class="op">&lt;</span><span class="ty">Index</span> <span class="op">|</span> <span class="lit">null</span><span class="op">&gt;</span> {
          <span class="kw">const</span> response <span class="op">=</span> <span class="kw">await</span> <span class="fn">fetch</span>(<span class="str">`</span><span class="esc">${</span>url<span class="esc">}</span><span class="str">/search/</span><span class="esc">${</span>shard<span class="esc">}</span><span class="str">.json`</span>);
          <span class="kw">if</span> (<span class="op">!</span>response.<span class="prop">ok</span>) <span class="kw">return</span> <span class="lit">null</span>; <span class="com">// missing</span>
          <span class="kw">const</span> ratio <span class="op">=</span> total <span class="op">/</span> count <span class="op">/</span> <span class="num">2</span>;
          <span class="kw">return</span> <span class="kw">new</span> <span class="ty">Index</span>(<span class="kw">await</span> response.<span class="fn">json</span>(), { limit: <span class="num">10_000</span>, re: <span class="re">/\w+/g</span> });
        }
        <span class="kw">interface</span> <span class="ty">Doc</span> { id: <span class="ty">number</span>; title<span class="op">?</span>: <span class="ty">string</span> }
        """##
        #expect(Highlighter.highlight(input, language: .typescript) == expected)
    }
}

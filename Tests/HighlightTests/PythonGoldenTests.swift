import Testing
import Highlight

/// Golden output for realistic Python.
@Suite struct PythonGoldenTests {
    @Test func dataclass() {
        let input = ##"""
        @dataclass
        class Post(Base):
            """A post.

            With a docstring."""
            def render(self, path: str = 'x\n') -> None:
                # comment
                if self.count > 0 and not done:
                    print(f"{self.title!r}", rb'\d', 0x1F, 1_000.5j)
                return None
        """##
        let expected = ##"""
        <span class="attr">@dataclass</span>
        <span class="kw">class</span> <span class="ty">Post</span>(<span class="ty">Base</span>):
            <span class="str">&quot;&quot;&quot;A post.</span>

        <span class="str">    With a docstring.&quot;&quot;&quot;</span>
            <span class="kw">def</span> <span class="fn">render</span>(<span class="kw">self</span>, path: <span class="ty">str</span> <span class="op">=</span> <span class="str">'x</span><span class="esc">\n</span><span class="str">'</span>) <span class="op">-&gt;</span> <span class="lit">None</span>:
                <span class="com"># comment</span>
                <span class="kw">if</span> <span class="kw">self</span>.<span class="prop">count</span> <span class="op">&gt;</span> <span class="num">0</span> <span class="kw">and</span> <span class="kw">not</span> done:
                    <span class="fn">print</span>(<span class="str">f&quot;</span><span class="esc">{</span><span class="kw">self</span>.<span class="prop">title</span><span class="op">!</span>r<span class="esc">}</span><span class="str">&quot;</span>, <span class="str">rb'\d'</span>, <span class="num">0x1F</span>, <span class="num">1_000.5j</span>)
                <span class="kw">return</span> <span class="lit">None</span>
        """##
        #expect(Highlighter.highlight(input, language: .python) == expected)
    }
}

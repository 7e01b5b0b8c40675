import Testing
import Highlight

/// Golden output for realistic Rust.
@Suite struct RustGoldenTests {
    @Test func structWithLifetimesAndMacros() {
        let input = ##"""
        //! Crate docs.
        #![allow(dead_code)]

        use std::collections::HashMap;

        /// A post.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Post<'a> {
            title: &'a str,
            tags: Vec<String>,
        }

        /* outer /* nested */ still comment */
        impl<'a> Post<'a> {
            pub fn render(&self, sep: char) -> Result<String, Box<dyn std::error::Error>> {
                let raw = r#"He said "hi" \n"#;
                let bytes = b"bytes\x00";
                let newline = '\n';
                let quote = '\'';
                let mut counts: HashMap<&str, u32> = HashMap::new();
                'outer: for tag in self.tags.iter() {
                    if tag.is_empty() { continue 'outer; }
                    *counts.entry(tag).or_insert(0) += 1_000u32;
                }
                println!("{} {}", self.title, 2.5e-3f64);
                Ok(format!("{raw}{sep}{newline}{quote}{:?}", bytes))
            }
        }

        macro_rules! square { ($x:expr) => { $x * $x }; }
        static GREETING: &'static str = "multi
        line";
        """##
        let expected = ##"""
        <span class="com">//! Crate docs.</span>
        <span class="attr">#![allow(dead_code)]</span>

        <span class="kw">use</span> std::collections::<span class="ty">HashMap</span>;

        <span class="doc">/// A post.</span>
        <span class="attr">#[derive(Debug, Clone, PartialEq)]</span>
        <span class="kw">pub</span> <span class="kw">struct</span> <span class="ty">Post</span><span class="op">&lt;</span><span class="var">'a</span><span class="op">&gt;</span> {
            title: <span class="op">&amp;</span><span class="var">'a</span> <span class="ty">str</span>,
            tags: <span class="ty">Vec</span><span class="op">&lt;</span><span class="ty">String</span><span class="op">&gt;</span>,
        }

        <span class="com">/* outer /* nested */ still comment */</span>
        <span class="kw">impl</span><span class="op">&lt;</span><span class="var">'a</span><span class="op">&gt;</span> <span class="ty">Post</span><span class="op">&lt;</span><span class="var">'a</span><span class="op">&gt;</span> {
            <span class="kw">pub</span> <span class="kw">fn</span> <span class="fn">render</span>(<span class="op">&amp;</span><span class="kw">self</span>, sep: <span class="ty">char</span>) <span class="op">-&gt;</span> <span class="ty">Result</span><span class="op">&lt;</span><span class="ty">String</span>, <span class="ty">Box</span><span class="op">&lt;</span><span class="kw">dyn</span> std::error::<span class="ty">Error</span><span class="op">&gt;&gt;</span> {
                <span class="kw">let</span> raw <span class="op">=</span> <span class="str">r#&quot;He said &quot;hi&quot; \n&quot;#</span>;
                <span class="kw">let</span> bytes <span class="op">=</span> <span class="str">b&quot;bytes</span><span class="esc">\x00</span><span class="str">&quot;</span>;
                <span class="kw">let</span> newline <span class="op">=</span> <span class="str">'</span><span class="esc">\n</span><span class="str">'</span>;
                <span class="kw">let</span> quote <span class="op">=</span> <span class="str">'</span><span class="esc">\'</span><span class="str">'</span>;
                <span class="kw">let</span> <span class="kw">mut</span> counts: <span class="ty">HashMap</span><span class="op">&lt;&amp;</span><span class="ty">str</span>, <span class="ty">u32</span><span class="op">&gt;</span> <span class="op">=</span> <span class="ty">HashMap</span>::<span class="fn">new</span>();
                <span class="var">'outer</span>: <span class="kw">for</span> tag <span class="kw">in</span> <span class="kw">self</span>.<span class="prop">tags</span>.<span class="fn">iter</span>() {
                    <span class="kw">if</span> tag.<span class="fn">is_empty</span>() { <span class="kw">continue</span> <span class="var">'outer</span>; }
                    <span class="op">*</span>counts.<span class="fn">entry</span>(tag).<span class="fn">or_insert</span>(<span class="num">0</span>) <span class="op">+=</span> <span class="num">1_000u32</span>;
                }
                <span class="pp">println!</span>(<span class="str">&quot;{} {}&quot;</span>, <span class="kw">self</span>.<span class="prop">title</span>, <span class="num">2.5e-3f64</span>);
                <span class="ty">Ok</span>(<span class="pp">format!</span>(<span class="str">&quot;{raw}{sep}{newline}{quote}{:?}&quot;</span>, bytes))
            }
        }

        <span class="pp">macro_rules!</span> square { ($x:expr) <span class="op">=&gt;</span> { $x <span class="op">*</span> $x }; }
        <span class="kw">static</span> GREETING: <span class="op">&amp;</span><span class="var">'static</span> <span class="ty">str</span> <span class="op">=</span> <span class="str">&quot;multi</span>
        <span class="str">line&quot;</span>;
        """##
        #expect(Highlighter.highlight(input, language: .rust) == expected)
    }

    /// `'a` is a lifetime; `'a'`, `'\u{1F600}'` and `'é'` are characters.
    @Test func lifetimesAreNotCharacters() {
        #expect(
            Highlighter.highlight(###"fn first<'a>(s: &'a str) -> bool { s.starts_with('a') || s.ends_with('\u{1F600}') || s.contains('é') }"###, language: .rust)
                == ###"<span class="kw">fn</span> <span class="fn">first</span><span class="op">&lt;</span><span class="var">'a</span><span class="op">&gt;</span>(s: <span class="op">&amp;</span><span class="var">'a</span> <span class="ty">str</span>) <span class="op">-&gt;</span> <span class="ty">bool</span> { s.<span class="fn">starts_with</span>(<span class="str">'a'</span>) <span class="op">||</span> s.<span class="fn">ends_with</span>(<span class="str">'</span><span class="esc">\u{1F600}</span><span class="str">'</span>) <span class="op">||</span> s.<span class="fn">contains</span>(<span class="str">'é'</span>) }"###)
    }

    @Test func rawStringsCloseOnlyWithTheirHashes() {
        #expect(
            Highlighter.highlight(###"let a = r##"one "# still "##; let b = br"C:\"; let c = c"ok";"###, language: .rust)
                == ###"<span class="kw">let</span> a <span class="op">=</span> <span class="str">r##&quot;one &quot;# still &quot;##</span>; <span class="kw">let</span> b <span class="op">=</span> <span class="str">br&quot;C:\&quot;</span>; <span class="kw">let</span> c <span class="op">=</span> <span class="str">c&quot;ok&quot;</span>;"###)
    }
}

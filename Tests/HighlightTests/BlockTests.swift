import Testing
import Highlight

/// The whole-block HTML: `<pre>`/`<code>` wrapper, line spans, highlighted
/// lines, line numbers, unknown languages.
@Suite struct BlockTests {
    @Test func wrapsEveryLineAndNamesTheLanguage() {
        #expect(Highlighter.highlightedBlock(code: "let a = 1\nb\n", info: "swift")
            == #"<pre class="code" data-lang="swift"><code class="language-swift"><span class="line"><span class="kw">let</span> a <span class="op">=</span> <span class="num">1</span></span>"#
            + "\n" + #"<span class="line">b</span>"# + "\n</code></pre>\n")
    }

    @Test func highlightsTheLinesNamedInBraces() {
        #expect(Highlighter.highlightedBlock(code: "a\nb\nc\nd\ne\n", info: "swift {2,4-5}")
            == #"<pre class="code" data-lang="swift"><code class="language-swift"><span class="line">a</span>"# + "\n"
            + #"<span class="line hl">b</span>"# + "\n"
            + #"<span class="line">c</span>"# + "\n"
            + #"<span class="line hl">d</span>"# + "\n"
            + #"<span class="line hl">e</span>"# + "\n</code></pre>\n")
    }

    @Test func numbersLinesWithLinenos() {
        #expect(Highlighter.highlightedBlock(code: "x\n\ny", info: "swift {linenos=true}")
            == #"<pre class="code linenos" data-lang="swift"><code class="language-swift"><span class="line" data-line="1">x</span>"# + "\n"
            + #"<span class="line" data-line="2"></span>"# + "\n"
            + #"<span class="line" data-line="3">y</span></code></pre>"# + "\n")
    }

    @Test func closesAndReopensSpansAtLineBreaks() {
        #expect(Highlighter.highlightedBlock(code: "/* a\nb */", info: "c linenos")
            == #"<pre class="code linenos" data-lang="c"><code class="language-c"><span class="line" data-line="1"><span class="com">/* a</span></span>"# + "\n"
            + #"<span class="line" data-line="2"><span class="com">b */</span></span></code></pre>"# + "\n")
    }

    @Test func usesTheCanonicalNameForAnAlias() {
        #expect(Highlighter.highlightedBlock(code: "nil", info: "OBJC")
            == #"<pre class="code" data-lang="objective-c"><code class="language-objective-c"><span class="line"><span class="lit">nil</span></span></code></pre>"# + "\n")
    }

    @Test func escapesAnUnknownLanguageAsPlainText() {
        #expect(Highlighter.highlightedBlock(code: "if <b> & \"q\"\n", info: "cobol")
            == #"<pre class="code" data-lang="cobol"><code class="language-cobol"><span class="line">if &lt;b&gt; &amp; &quot;q&quot;</span>"# + "\n</code></pre>\n")
    }

    @Test func escapesAnAbsentLanguageAsPlainText() {
        #expect(Highlighter.highlightedBlock(code: "let x = 1\n", info: "")
            == #"<pre class="code"><code><span class="line">let x = 1</span>"# + "\n</code></pre>\n")
    }

    @Test func escapesAnUnknownLanguageNameInAttributes() {
        #expect(Highlighter.highlightedBlock(code: "", info: #"a"b"#)
            == #"<pre class="code" data-lang="a&quot;b"><code class="language-a&quot;b"></code></pre>"# + "\n")
    }

    @Test func takesTheLanguageFromTheMarkupHook() {
        #expect(Highlighter.highlightedBlock(code: "true", language: "json", info: "json {1}")
            == #"<pre class="code" data-lang="json"><code class="language-json"><span class="line hl"><span class="lit">true</span></span></code></pre>"# + "\n")
    }

    @Test func spansOnlyOutputHasNoWrapper() {
        #expect(Highlighter.highlight("\"a\nb\"", language: .javascript)
            == #"<span class="str">&quot;a</span>"# + "\n" + #"b<span class="str">&quot;</span>"#)
    }
}

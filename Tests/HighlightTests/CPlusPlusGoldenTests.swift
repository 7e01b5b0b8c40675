import Testing
import Highlight

/// Golden output for a realistic C++ snippet.
@Suite struct CPlusPlusGoldenTests {
    @Test func templateClass() {
        let input = ##"""
        #include <vector>
        template <typename T>
        class Stack final : public Base {
        public:
            constexpr auto size() const noexcept -> std::size_t { return items_.size(); }
            uint64_t big = 1'000'000ULL;
            const char* s = u8"text";
            char c = '\n';
        private:
            std::vector<T> items_; // storage
        };
        """##
        let expected = ##"""
        <span class="pp">#include</span> <span class="str">&lt;vector&gt;</span>
        <span class="kw">template</span> <span class="op">&lt;</span><span class="kw">typename</span> T<span class="op">&gt;</span>
        <span class="kw">class</span> <span class="ty">Stack</span> <span class="kw">final</span> : <span class="kw">public</span> <span class="ty">Base</span> {
        <span class="kw">public</span>:
            <span class="kw">constexpr</span> <span class="kw">auto</span> <span class="fn">size</span>() <span class="kw">const</span> <span class="kw">noexcept</span> <span class="op">-&gt;</span> <span class="prop">std</span>::<span class="ty">size_t</span> { <span class="kw">return</span> items_.<span class="fn">size</span>(); }
            <span class="ty">uint64_t</span> big <span class="op">=</span> <span class="num">1'000'000ULL</span>;
            <span class="kw">const</span> <span class="ty">char</span><span class="op">*</span> s <span class="op">=</span> <span class="str">u8&quot;text&quot;</span>;
            <span class="ty">char</span> c <span class="op">=</span> <span class="str">'</span><span class="esc">\n</span><span class="str">'</span>;
        <span class="kw">private</span>:
            std::<span class="ty">vector</span><span class="op">&lt;</span>T<span class="op">&gt;</span> items_; <span class="com">// storage</span>
        };
        """##
        #expect(Highlighter.highlight(input, language: .cpp) == expected)
    }

    @Test func rawStrings() {
        let input = ##"""
        auto q = R"sql(SELECT "x" FROM t)sql";
        auto p = R"(a\b)";
        """##
        let expected = ##"""
        <span class="kw">auto</span> q <span class="op">=</span> <span class="str">R&quot;sql(SELECT &quot;x&quot; FROM t)sql&quot;</span>;
        <span class="kw">auto</span> p <span class="op">=</span> <span class="str">R&quot;(a\b)&quot;</span>;
        """##
        #expect(Highlighter.highlight(input, language: .cpp) == expected)
    }
}

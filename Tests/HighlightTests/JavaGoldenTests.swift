import Testing
import Highlight

/// Golden output for realistic Java.
@Suite struct JavaGoldenTests {
    @Test func entityWithTextBlock() {
        let input = ##"""
        package com.example.blog;

        import java.util.List;

        /** A post with its tags. */
        @Entity
        public final class Post extends Base implements Comparable<Post> {
            private static final int MAX = 0x7F_FF;
            private final String title;

            @Override
            public int compareTo(Post other) {
                // newest first
                return Long.compare(other.date, this.date);
            }

            String render(List<String> tags) {
                var sep = ',';
                char tab = '\t';
                String html = """
                    <p class="title">%s</p>\n
                    """.formatted(title);
                return html + "\"" + tags.size() + 1_000L + 2.5e-3f + (tags == null ? 0 : 1);
            }
        }

        record Point(int x, int y) {}
        """##
        let expected = ##"""
        <span class="kw">package</span> com.<span class="prop">example</span>.<span class="prop">blog</span>;

        <span class="kw">import</span> java.<span class="prop">util</span>.<span class="prop">List</span>;

        <span class="doc">/** A post with its tags. */</span>
        <span class="attr">@Entity</span>
        <span class="kw">public</span> <span class="kw">final</span> <span class="kw">class</span> <span class="ty">Post</span> <span class="kw">extends</span> <span class="ty">Base</span> <span class="kw">implements</span> <span class="ty">Comparable</span><span class="op">&lt;</span><span class="ty">Post</span><span class="op">&gt;</span> {
            <span class="kw">private</span> <span class="kw">static</span> <span class="kw">final</span> <span class="ty">int</span> MAX <span class="op">=</span> <span class="num">0x7F_FF</span>;
            <span class="kw">private</span> <span class="kw">final</span> <span class="ty">String</span> title;

            <span class="attr">@Override</span>
            <span class="kw">public</span> <span class="ty">int</span> <span class="fn">compareTo</span>(<span class="ty">Post</span> other) {
                <span class="com">// newest first</span>
                <span class="kw">return</span> <span class="ty">Long</span>.<span class="fn">compare</span>(other.<span class="prop">date</span>, <span class="kw">this</span>.<span class="prop">date</span>);
            }

            <span class="ty">String</span> <span class="fn">render</span>(<span class="ty">List</span><span class="op">&lt;</span><span class="ty">String</span><span class="op">&gt;</span> tags) {
                <span class="kw">var</span> sep <span class="op">=</span> <span class="str">','</span>;
                <span class="ty">char</span> tab <span class="op">=</span> <span class="str">'</span><span class="esc">\t</span><span class="str">'</span>;
                <span class="ty">String</span> html <span class="op">=</span> <span class="str">&quot;&quot;&quot;</span>
        <span class="str">            &lt;p class=&quot;title&quot;&gt;%s&lt;/p&gt;</span><span class="esc">\n</span>
        <span class="str">            &quot;&quot;&quot;</span>.<span class="fn">formatted</span>(title);
                <span class="kw">return</span> html <span class="op">+</span> <span class="str">&quot;</span><span class="esc">\&quot;</span><span class="str">&quot;</span> <span class="op">+</span> tags.<span class="fn">size</span>() <span class="op">+</span> <span class="num">1_000L</span> <span class="op">+</span> <span class="num">2.5e-3f</span> <span class="op">+</span> (tags <span class="op">==</span> <span class="lit">null</span> <span class="op">?</span> <span class="num">0</span> : <span class="num">1</span>);
            }
        }

        <span class="kw">record</span> <span class="ty">Point</span>(<span class="ty">int</span> x, <span class="ty">int</span> y) {}
        """##
        #expect(Highlighter.highlight(input, language: .java) == expected)
    }
}

import Testing
import Highlight

/// Golden output for a realistic C snippet.
@Suite struct CGoldenTests {
    @Test func wordCounter() {
        let input = ##"""
        #include <stdio.h>
        #define SQUARE(x) ((x) * (x))

        /* Counts the words of a file. */
        static size_t count_words(FILE *file) {
            size_t count = 0;
            int c, in_word = 0;
            while ((c = fgetc(file)) != EOF) {
                if (c == ' ' || c == '\n') { in_word = 0; }
                else if (!in_word) { in_word = 1; count++; }
            }
            return count;
        }

        int main(void) {
            printf("%zu words\n", count_words(stdin));
            return 0x0;
        }
        """##
        let expected = ##"""
        <span class="pp">#include</span> <span class="str">&lt;stdio.h&gt;</span>
        <span class="pp">#define</span> SQUARE(x) ((x) * (x))

        <span class="com">/* Counts the words of a file. */</span>
        <span class="kw">static</span> <span class="ty">size_t</span> <span class="fn">count_words</span>(<span class="ty">FILE</span> <span class="op">*</span>file) {
            <span class="ty">size_t</span> count <span class="op">=</span> <span class="num">0</span>;
            <span class="ty">int</span> c, in_word <span class="op">=</span> <span class="num">0</span>;
            <span class="kw">while</span> ((c <span class="op">=</span> <span class="fn">fgetc</span>(file)) <span class="op">!=</span> <span class="lit">EOF</span>) {
                <span class="kw">if</span> (c <span class="op">==</span> <span class="str">' '</span> <span class="op">||</span> c <span class="op">==</span> <span class="str">'</span><span class="esc">\n</span><span class="str">'</span>) { in_word <span class="op">=</span> <span class="num">0</span>; }
                <span class="kw">else</span> <span class="kw">if</span> (<span class="op">!</span>in_word) { in_word <span class="op">=</span> <span class="num">1</span>; count<span class="op">++</span>; }
            }
            <span class="kw">return</span> count;
        }

        <span class="ty">int</span> <span class="fn">main</span>(<span class="ty">void</span>) {
            <span class="fn">printf</span>(<span class="str">&quot;%zu words</span><span class="esc">\n</span><span class="str">&quot;</span>, <span class="fn">count_words</span>(stdin));
            <span class="kw">return</span> <span class="num">0x0</span>;
        }
        """##
        #expect(Highlighter.highlight(input, language: .c) == expected)
    }
}

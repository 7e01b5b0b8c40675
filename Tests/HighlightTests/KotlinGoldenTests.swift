import Testing
import Highlight

/// Golden output for realistic Kotlin.
@Suite struct KotlinGoldenTests {
    @Test func dataClassWithTemplates() {
        let input = ##"""
        package blog

        /* outer /* nested */ still comment */
        @Serializable
        data class Post(val title: String, val tags: List<String> = emptyList())

        object Registry

        fun Post.summary(limit: Int = 80): String {
            val count = tags.size
            val name = "Post \"$title\" has ${count + 1} tags\n"
            val raw = """
                C:\path\$title ${tags.joinToString()}
            """.trimIndent()
            return when (count) {
                0 -> name.take(limit)
                else -> if (this is Post) raw else null ?: ""
            }
        }

        suspend fun load(id: Long = 42L, ratio: Double = 1.5e3, c: Char = '\n') = Unit
        """##
        let expected = ##"""
        <span class="kw">package</span> blog

        <span class="com">/* outer /* nested */ still comment */</span>
        <span class="attr">@Serializable</span>
        <span class="kw">data</span> <span class="kw">class</span> <span class="ty">Post</span>(<span class="kw">val</span> title: <span class="ty">String</span>, <span class="kw">val</span> tags: <span class="ty">List</span><span class="op">&lt;</span><span class="ty">String</span><span class="op">&gt;</span> <span class="op">=</span> <span class="fn">emptyList</span>())

        <span class="kw">object</span> <span class="ty">Registry</span>

        <span class="kw">fun</span> <span class="ty">Post</span>.<span class="fn">summary</span>(limit: <span class="ty">Int</span> <span class="op">=</span> <span class="num">80</span>): <span class="ty">String</span> {
            <span class="kw">val</span> count <span class="op">=</span> tags.<span class="prop">size</span>
            <span class="kw">val</span> name <span class="op">=</span> <span class="str">&quot;Post </span><span class="esc">\&quot;$</span>title<span class="esc">\&quot;</span><span class="str"> has </span><span class="esc">${</span>count <span class="op">+</span> <span class="num">1</span><span class="esc">}</span><span class="str"> tags</span><span class="esc">\n</span><span class="str">&quot;</span>
            <span class="kw">val</span> raw <span class="op">=</span> <span class="str">&quot;&quot;&quot;</span>
        <span class="str">        C:\path\</span><span class="esc">$</span>title<span class="str"> </span><span class="esc">${</span>tags.<span class="fn">joinToString</span>()<span class="esc">}</span>
        <span class="str">    &quot;&quot;&quot;</span>.<span class="fn">trimIndent</span>()
            <span class="kw">return</span> <span class="kw">when</span> (count) {
                <span class="num">0</span> <span class="op">-&gt;</span> name.<span class="fn">take</span>(limit)
                <span class="kw">else</span> <span class="op">-&gt;</span> <span class="kw">if</span> (<span class="kw">this</span> <span class="kw">is</span> <span class="ty">Post</span>) raw <span class="kw">else</span> <span class="lit">null</span> <span class="op">?</span>: <span class="str">&quot;&quot;</span>
            }
        }

        <span class="kw">suspend</span> <span class="kw">fun</span> <span class="fn">load</span>(id: <span class="ty">Long</span> <span class="op">=</span> <span class="num">42L</span>, ratio: <span class="ty">Double</span> <span class="op">=</span> <span class="num">1.5e3</span>, c: <span class="ty">Char</span> <span class="op">=</span> <span class="str">'</span><span class="esc">\n</span><span class="str">'</span>) <span class="op">=</span> <span class="ty">Unit</span>
        """##
        #expect(Highlighter.highlight(input, language: .kotlin) == expected)
    }

    /// A `$` not followed by a name or a brace is string text.
    @Test func nestedCommentsAndTemplatesInsideTemplates() {
        #expect(
            Highlighter.highlight(###"/* a /* b */ c */ val s = "$ alone ${"nested $x"}""###, language: .kotlin)
                == ###"<span class="com">/* a /* b */ c */</span> <span class="kw">val</span> s <span class="op">=</span> <span class="str">&quot;$ alone </span><span class="esc">${</span><span class="str">&quot;nested </span><span class="esc">$</span>x<span class="str">&quot;</span><span class="esc">}</span><span class="str">&quot;</span>"###)
    }

    @Test func extensionReceiverIsAType() {
        #expect(
            Highlighter.highlight(###"fun <T> List<T>.second(): T = this[1]"###, language: .kotlin)
                == ###"<span class="kw">fun</span> <span class="op">&lt;</span>T<span class="op">&gt;</span> <span class="ty">List</span><span class="op">&lt;</span>T<span class="op">&gt;</span>.<span class="fn">second</span>(): T <span class="op">=</span> <span class="kw">this</span>[<span class="num">1</span>]"###)
    }
}

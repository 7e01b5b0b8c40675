import Testing
import Highlight

/// Golden output for realistic TOML.
@Suite struct TOMLGoldenTests {
    @Test func siteConfiguration() {
        let input = ##"""
        # Site settings
        title = "My \"blog\"\n"
        baseURL = 'https://example.com/'
        paginate = 10
        ratio = +1_000.5e-3
        enabled = true
        launched = 1979-05-27T07:32:00-08:00
        day = 1979-05-27
        time = 1979-05-27 07:32:00
        hex = 0xDEAD_BEEF
        infinite = -inf

        [params.author]
        name = "Ada"  # comment
        "quoted key" = '''
        C:\no\escapes
        '''
        site.title = """
        Multi "line" \t
        """

        [[menu.main]]
        items = [
          "home",
          { name = "About", weight = 2 },
        ]
        """##
        let expected = ##"""
        <span class="com"># Site settings</span>
        <span class="prop">title</span> <span class="op">=</span> <span class="str">&quot;My </span><span class="esc">\&quot;</span><span class="str">blog</span><span class="esc">\&quot;\n</span><span class="str">&quot;</span>
        <span class="prop">baseURL</span> <span class="op">=</span> <span class="str">'https://example.com/'</span>
        <span class="prop">paginate</span> <span class="op">=</span> <span class="num">10</span>
        <span class="prop">ratio</span> <span class="op">=</span> <span class="num">+1_000.5e-3</span>
        <span class="prop">enabled</span> <span class="op">=</span> <span class="lit">true</span>
        <span class="prop">launched</span> <span class="op">=</span> <span class="num">1979-05-27T07:32:00-08:00</span>
        <span class="prop">day</span> <span class="op">=</span> <span class="num">1979-05-27</span>
        <span class="prop">time</span> <span class="op">=</span> <span class="num">1979-05-27 07:32:00</span>
        <span class="prop">hex</span> <span class="op">=</span> <span class="num">0xDEAD_BEEF</span>
        <span class="prop">infinite</span> <span class="op">=</span> <span class="num">-inf</span>

        <span class="heading">[params.author]</span>
        <span class="prop">name</span> <span class="op">=</span> <span class="str">&quot;Ada&quot;</span>  <span class="com"># comment</span>
        <span class="prop">&quot;quoted key&quot;</span> <span class="op">=</span> <span class="str">'''</span>
        <span class="str">C:\no\escapes</span>
        <span class="str">'''</span>
        <span class="prop">site</span>.<span class="prop">title</span> <span class="op">=</span> <span class="str">&quot;&quot;&quot;</span>
        <span class="str">Multi &quot;line&quot; </span><span class="esc">\t</span>
        <span class="str">&quot;&quot;&quot;</span>

        <span class="heading">[[menu.main]]</span>
        <span class="prop">items</span> <span class="op">=</span> [
          <span class="str">&quot;home&quot;</span>,
          { <span class="prop">name</span> <span class="op">=</span> <span class="str">&quot;About&quot;</span>, <span class="prop">weight</span> <span class="op">=</span> <span class="num">2</span> },
        ]
        """##
        #expect(Highlighter.highlight(input, language: .toml) == expected)
    }
}

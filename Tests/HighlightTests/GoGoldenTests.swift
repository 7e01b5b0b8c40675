import Testing
import Highlight

/// Golden output for realistic Go.
@Suite struct GoGoldenTests {
    @Test func httpHandler() {
        let input = ##"""
        package main

        import (
        	"fmt"
        	"net/http"
        )

        // Server serves posts.
        type Server struct {
        	posts map[string]*Post
        	hits  uint64
        }

        /* block
           comment */
        func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
        	path := `C:\raw\n
        second line`
        	if post, ok := s.posts[r.URL.Path]; ok && post != nil {
        		fmt.Fprintf(w, "%s\n", post.Title)
        		return
        	}
        	var sep rune = '\''
        	const limit = 0x1F + 1_000 + 3.5e2 + 2i
        	http.NotFound(w, r)
        	_ = path + string(sep) + fmt.Sprint(limit, true, nil, iota)
        }
        """##
        let expected = ##"""
        <span class="kw">package</span> main

        <span class="kw">import</span> (
        	<span class="str">&quot;fmt&quot;</span>
        	<span class="str">&quot;net/http&quot;</span>
        )

        <span class="com">// Server serves posts.</span>
        <span class="kw">type</span> <span class="ty">Server</span> <span class="kw">struct</span> {
        	posts <span class="kw">map</span>[<span class="ty">string</span>]<span class="op">*</span>Post
        	hits  <span class="ty">uint64</span>
        }

        <span class="com">/* block</span>
        <span class="com">   comment */</span>
        <span class="kw">func</span> (s <span class="op">*</span>Server) <span class="fn">ServeHTTP</span>(w http.<span class="prop">ResponseWriter</span>, r <span class="op">*</span>http.<span class="prop">Request</span>) {
        	path <span class="op">:=</span> <span class="str">`C:\raw\n</span>
        <span class="str">second line`</span>
        	<span class="kw">if</span> post, ok <span class="op">:=</span> s.<span class="prop">posts</span>[r.<span class="prop">URL</span>.<span class="prop">Path</span>]; ok <span class="op">&amp;&amp;</span> post <span class="op">!=</span> <span class="lit">nil</span> {
        		fmt.<span class="fn">Fprintf</span>(w, <span class="str">&quot;%s</span><span class="esc">\n</span><span class="str">&quot;</span>, post.<span class="prop">Title</span>)
        		<span class="kw">return</span>
        	}
        	<span class="kw">var</span> sep <span class="ty">rune</span> <span class="op">=</span> <span class="str">'</span><span class="esc">\'</span><span class="str">'</span>
        	<span class="kw">const</span> limit <span class="op">=</span> <span class="num">0x1F</span> <span class="op">+</span> <span class="num">1_000</span> <span class="op">+</span> <span class="num">3.5e2</span> <span class="op">+</span> <span class="num">2i</span>
        	http.<span class="fn">NotFound</span>(w, r)
        	_ <span class="op">=</span> path <span class="op">+</span> <span class="ty">string</span>(sep) <span class="op">+</span> fmt.<span class="fn">Sprint</span>(limit, <span class="lit">true</span>, <span class="lit">nil</span>, <span class="lit">iota</span>)
        }
        """##
        #expect(Highlighter.highlight(input, language: .go) == expected)
    }

    @Test func rawStringKeepsBackslashesAndQuotes() {
        #expect(
            Highlighter.highlight(###"x := `a\n"b"` + "c\td""###, language: .go)
                == ###"x <span class="op">:=</span> <span class="str">`a\n&quot;b&quot;`</span> <span class="op">+</span> <span class="str">&quot;c</span><span class="esc">\t</span><span class="str">d&quot;</span>"###)
    }
}

import Testing
import Highlight

/// Golden output for realistic Swift snippets.
@Suite struct SwiftGoldenTests {
    @Test func swiftUIView() {
        let input = ##"""
        import SwiftUI

        /// Shows the posts of one series.
        struct SeriesView: View {
            @State private var query = ""
            @Environment(\.dismiss) private var dismiss
            let posts: [Post]

            var body: some View {
                List(filtered) { post in
                    Text(post.title)
                        .font(.headline)
                }
                .searchable(text: $query)
            }

            private var filtered: [Post] {
                query.isEmpty ? posts : posts.filter { $0.title.localizedCaseInsensitiveContains(query) }
            }
        }

        #Preview {
            SeriesView(posts: [])
        }
        """##
        let expected = ##"""
        <span class="kw">import</span> <span class="ty">SwiftUI</span>

        <span class="doc">/// Shows the posts of one series.</span>
        <span class="kw">struct</span> <span class="ty">SeriesView</span>: <span class="ty">View</span> {
            <span class="attr">@State</span> <span class="kw">private</span> <span class="kw">var</span> query <span class="op">=</span> <span class="str">&quot;&quot;</span>
            <span class="attr">@Environment</span>(\.<span class="prop">dismiss</span>) <span class="kw">private</span> <span class="kw">var</span> dismiss
            <span class="kw">let</span> posts: [<span class="ty">Post</span>]

            <span class="kw">var</span> body: <span class="kw">some</span> <span class="ty">View</span> {
                <span class="ty">List</span>(filtered) { post <span class="kw">in</span>
                    <span class="ty">Text</span>(post.<span class="prop">title</span>)
                        .<span class="fn">font</span>(.<span class="prop">headline</span>)
                }
                .<span class="fn">searchable</span>(text: <span class="var">$query</span>)
            }

            <span class="kw">private</span> <span class="kw">var</span> filtered: [<span class="ty">Post</span>] {
                query.<span class="prop">isEmpty</span> <span class="op">?</span> posts : posts.<span class="prop">filter</span> { <span class="var">$0</span>.<span class="prop">title</span>.<span class="fn">localizedCaseInsensitiveContains</span>(query) }
            }
        }

        <span class="pp">#Preview</span> {
            <span class="ty">SeriesView</span>(posts: [])
        }
        """##
        #expect(Highlighter.highlight(input, language: .swift) == expected)
    }

    @Test func actorWithAsyncCode() {
        let input = ##"""
        actor ImageCache {
            private var images: [URL: Data] = [:]

            func image(for url: URL) async throws -> Data {
                if let cached = images[url] { return cached }
                let (data, _) = try await URLSession.shared.data(from: url)
                images[url] = data
                print("cached \(data.count) bytes for \(url.lastPathComponent)")
                return data
            }
        }
        """##
        let expected = ##"""
        <span class="kw">actor</span> <span class="ty">ImageCache</span> {
            <span class="kw">private</span> <span class="kw">var</span> images: [<span class="ty">URL</span>: <span class="ty">Data</span>] <span class="op">=</span> [:]

            <span class="kw">func</span> <span class="fn">image</span>(for url: <span class="ty">URL</span>) <span class="kw">async</span> <span class="kw">throws</span> <span class="op">-&gt;</span> <span class="ty">Data</span> {
                <span class="kw">if</span> <span class="kw">let</span> cached <span class="op">=</span> images[url] { <span class="kw">return</span> cached }
                <span class="kw">let</span> (data, _) <span class="op">=</span> <span class="kw">try</span> <span class="kw">await</span> <span class="ty">URLSession</span>.<span class="prop">shared</span>.<span class="fn">data</span>(from: url)
                images[url] <span class="op">=</span> data
                <span class="fn">print</span>(<span class="str">&quot;cached </span><span class="esc">\(</span>data.<span class="prop">count</span><span class="esc">)</span><span class="str"> bytes for </span><span class="esc">\(</span>url.<span class="prop">lastPathComponent</span><span class="esc">)</span><span class="str">&quot;</span>)
                <span class="kw">return</span> data
            }
        }
        """##
        #expect(Highlighter.highlight(input, language: .swift) == expected)
    }
}

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

    @Test func tutorialTypes() {
        let input = ##"""
        enum Shape: CaseIterable {
            case circle(radius: Double), square(side: Double)

            var area: Double {
                switch self {
                case .circle(let r): return .pi * r * r
                case let .square(side): return side * side
                }
            }
        }

        protocol Named { var name: String { get } }

        extension Array where Element: Named {
            mutating func sortByName() { sort { $0.name < $1.name } }
        }

        @propertyWrapper
        struct Clamped<Value: Comparable> {
            private var value: Value
            let range: ClosedRange<Value>
            var wrappedValue: Value {
                get { value }
                set { value = min(max(newValue, range.lowerBound), range.upperBound) }
            }
        }

        let doubled = [1, 2, 3].map { (n: Int) -> Int in n * 2 }
        let total = doubled.reduce(0, +) / doubled.count
        if let match = "2024-06-10".firstMatch(of: /(\d+)-(\d+)/) {
            print(match.1)
        }
        """##
        let expected = ##"""
        <span class="kw">enum</span> <span class="ty">Shape</span>: <span class="ty">CaseIterable</span> {
            <span class="kw">case</span> <span class="fn">circle</span>(radius: <span class="ty">Double</span>), <span class="fn">square</span>(side: <span class="ty">Double</span>)

            <span class="kw">var</span> area: <span class="ty">Double</span> {
                <span class="kw">switch</span> <span class="kw">self</span> {
                <span class="kw">case</span> .<span class="fn">circle</span>(<span class="kw">let</span> r): <span class="kw">return</span> .<span class="prop">pi</span> <span class="op">*</span> r <span class="op">*</span> r
                <span class="kw">case</span> <span class="kw">let</span> .<span class="fn">square</span>(side): <span class="kw">return</span> side <span class="op">*</span> side
                }
            }
        }

        <span class="kw">protocol</span> <span class="ty">Named</span> { <span class="kw">var</span> name: <span class="ty">String</span> { <span class="kw">get</span> } }

        <span class="kw">extension</span> <span class="ty">Array</span> <span class="kw">where</span> <span class="ty">Element</span>: <span class="ty">Named</span> {
            <span class="kw">mutating</span> <span class="kw">func</span> <span class="fn">sortByName</span>() { sort { <span class="var">$0</span>.<span class="prop">name</span> <span class="op">&lt;</span> <span class="var">$1</span>.<span class="prop">name</span> } }
        }

        <span class="attr">@propertyWrapper</span>
        <span class="kw">struct</span> <span class="ty">Clamped</span><span class="op">&lt;</span><span class="ty">Value</span>: <span class="ty">Comparable</span><span class="op">&gt;</span> {
            <span class="kw">private</span> <span class="kw">var</span> value: <span class="ty">Value</span>
            <span class="kw">let</span> range: <span class="ty">ClosedRange</span><span class="op">&lt;</span><span class="ty">Value</span><span class="op">&gt;</span>
            <span class="kw">var</span> wrappedValue: <span class="ty">Value</span> {
                <span class="kw">get</span> { value }
                <span class="kw">set</span> { value <span class="op">=</span> <span class="fn">min</span>(<span class="fn">max</span>(newValue, range.<span class="prop">lowerBound</span>), range.<span class="prop">upperBound</span>) }
            }
        }

        <span class="kw">let</span> doubled <span class="op">=</span> [<span class="num">1</span>, <span class="num">2</span>, <span class="num">3</span>].<span class="prop">map</span> { (n: <span class="ty">Int</span>) <span class="op">-&gt;</span> <span class="ty">Int</span> <span class="kw">in</span> n <span class="op">*</span> <span class="num">2</span> }
        <span class="kw">let</span> total <span class="op">=</span> doubled.<span class="fn">reduce</span>(<span class="num">0</span>, <span class="op">+</span>) <span class="op">/</span> doubled.<span class="prop">count</span>
        <span class="kw">if</span> <span class="kw">let</span> match <span class="op">=</span> <span class="str">&quot;2024-06-10&quot;</span>.<span class="fn">firstMatch</span>(of: <span class="re">/(\d+)-(\d+)/</span>) {
            <span class="fn">print</span>(match.<span class="num">1</span>)
        }
        """##
        #expect(Highlighter.highlight(input, language: .swift) == expected)
    }
}

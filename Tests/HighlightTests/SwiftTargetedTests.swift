import Testing
import Highlight

/// One exact expectation per Swift construct the highlighter distinguishes.
@Suite struct SwiftTargetedTests {
    @Test func strongKeywords() {
        #expect(
            Highlighter.highlight(###"let x = 1"###, language: .swift)
                == ###"<span class="kw">let</span> x <span class="op">=</span> <span class="num">1</span>"###)
    }

    @Test func setAsVariableName() {
        #expect(
            Highlighter.highlight(###"let set = Set<Int>()"###, language: .swift)
                == ###"<span class="kw">let</span> set <span class="op">=</span> <span class="ty">Set</span><span class="op">&lt;</span><span class="ty">Int</span><span class="op">&gt;</span>()"###)
    }

    @Test func getAsFunctionName() {
        #expect(
            Highlighter.highlight(###"func get() -> Int"###, language: .swift)
                == ###"<span class="kw">func</span> <span class="fn">get</span>() <span class="op">-&gt;</span> <span class="ty">Int</span>"###)
    }

    @Test func accessorsInProtocolRequirement() {
        #expect(
            Highlighter.highlight(###"var count: Int { get set }"###, language: .swift)
                == ###"<span class="kw">var</span> count: <span class="ty">Int</span> { <span class="kw">get</span> <span class="kw">set</span> }"###)
    }

    @Test func accessorWithParameter() {
        #expect(
            Highlighter.highlight(###"var v: Int { get { 1 } set(newValue) { store = newValue } }"###, language: .swift)
                == ###"<span class="kw">var</span> v: <span class="ty">Int</span> { <span class="kw">get</span> { <span class="num">1</span> } <span class="kw">set</span>(newValue) { store <span class="op">=</span> newValue } }"###)
    }

    @Test func getCallInsideBody() {
        #expect(
            Highlighter.highlight(###"{ get() }"###, language: .swift)
                == ###"{ <span class="fn">get</span>() }"###)
    }

    @Test func observers() {
        #expect(
            Highlighter.highlight(###"var x = 0 { willSet { } didSet(old) { } }"###, language: .swift)
                == ###"<span class="kw">var</span> x <span class="op">=</span> <span class="num">0</span> { <span class="kw">willSet</span> { } <span class="kw">didSet</span>(old) { } }"###)
    }

    @Test func privateSet() {
        #expect(
            Highlighter.highlight(###"private(set) var name: String"###, language: .swift)
                == ###"<span class="kw">private</span>(<span class="kw">set</span>) <span class="kw">var</span> name: <span class="ty">String</span>"###)
    }

    @Test func someAndAnyBeforeTypes() {
        #expect(
            Highlighter.highlight(###"var body: some View { list as [any Shape] }"###, language: .swift)
                == ###"<span class="kw">var</span> body: <span class="kw">some</span> <span class="ty">View</span> { list <span class="kw">as</span> [<span class="kw">any</span> <span class="ty">Shape</span>] }"###)
    }

    @Test func someAsEnumCase() {
        #expect(
            Highlighter.highlight(###"case .some(let x): some = 1"###, language: .swift)
                == ###"<span class="kw">case</span> .<span class="fn">some</span>(<span class="kw">let</span> x): some <span class="op">=</span> <span class="num">1</span>"###)
    }

    @Test func asyncEffectAndAwait() {
        #expect(
            Highlighter.highlight(###"func load() async throws { await task.value }"###, language: .swift)
                == ###"<span class="kw">func</span> <span class="fn">load</span>() <span class="kw">async</span> <span class="kw">throws</span> { <span class="kw">await</span> task.<span class="prop">value</span> }"###)
    }

    @Test func asyncLet() {
        #expect(
            Highlighter.highlight(###"async let a = fetch()"###, language: .swift)
                == ###"<span class="kw">async</span> <span class="kw">let</span> a <span class="op">=</span> <span class="fn">fetch</span>()"###)
    }

    @Test func awaitAsIdentifier() {
        #expect(
            Highlighter.highlight(###"let await = 1; x.await"###, language: .swift)
                == ###"<span class="kw">let</span> await <span class="op">=</span> <span class="num">1</span>; x.<span class="prop">await</span>"###)
    }

    @Test func modifiersBeforeDeclarations() {
        #expect(
            Highlighter.highlight(###"override mutating func run()"###, language: .swift)
                == ###"<span class="kw">override</span> <span class="kw">mutating</span> <span class="kw">func</span> <span class="fn">run</span>()"###)
    }

    @Test func modifiersAsNames() {
        #expect(
            Highlighter.highlight(###"let override = true; mutating = false"###, language: .swift)
                == ###"<span class="kw">let</span> override <span class="op">=</span> <span class="lit">true</span>; mutating <span class="op">=</span> <span class="lit">false</span>"###)
    }

    @Test func weakInCaptureList() {
        #expect(
            Highlighter.highlight(###"{ [weak self] in self?.reload() }"###, language: .swift)
                == ###"{ [<span class="kw">weak</span> <span class="kw">self</span>] <span class="kw">in</span> <span class="kw">self</span><span class="op">?</span>.<span class="fn">reload</span>() }"###)
    }

    @Test func ownershipModifiers() {
        #expect(
            Highlighter.highlight(###"consuming func take(_ x: borrowing Box)"###, language: .swift)
                == ###"<span class="kw">consuming</span> <span class="kw">func</span> <span class="fn">take</span>(_ x: <span class="kw">borrowing</span> <span class="ty">Box</span>)"###)
    }

    @Test func nonisolatedUnsafe() {
        #expect(
            Highlighter.highlight(###"nonisolated(unsafe) var cache = 0"###, language: .swift)
                == ###"<span class="kw">nonisolated</span>(<span class="kw">unsafe</span>) <span class="kw">var</span> cache <span class="op">=</span> <span class="num">0</span>"###)
    }

    @Test func actorDeclarationAndName() {
        #expect(
            Highlighter.highlight(###"actor Bank {}; let actor = 1"###, language: .swift)
                == ###"<span class="kw">actor</span> <span class="ty">Bank</span> {}; <span class="kw">let</span> actor <span class="op">=</span> <span class="num">1</span>"###)
    }

    @Test func keywordArgumentLabels() {
        #expect(
            Highlighter.highlight(###"data(for: url, in: range)"###, language: .swift)
                == ###"<span class="fn">data</span>(for: url, in: range)"###)
    }

    @Test func attributes() {
        #expect(
            Highlighter.highlight(###"@MainActor @available(iOS 15, *) struct A {}"###, language: .swift)
                == ###"<span class="attr">@MainActor</span> <span class="attr">@available</span>(iOS <span class="num">15</span>, <span class="op">*</span>) <span class="kw">struct</span> <span class="ty">A</span> {}"###)
    }

    @Test func directives() {
        #expect(
            Highlighter.highlight(###"#if os(iOS)\###n#else\###n#endif"###, language: .swift)
                == ###"<span class="pp">#if</span> <span class="fn">os</span>(iOS)\###n<span class="pp">#else</span>\###n<span class="pp">#endif</span>"###)
    }

    @Test func availabilityAndMacros() {
        #expect(
            Highlighter.highlight(###"if #available(macOS 14, *) { #selector(tap); #Preview { } }"###, language: .swift)
                == ###"<span class="kw">if</span> <span class="pp">#available</span>(macOS <span class="num">14</span>, <span class="op">*</span>) { <span class="pp">#selector</span>(tap); <span class="pp">#Preview</span> { } }"###)
    }

    @Test func interpolationWithNestedStringsAndQuotes() {
        #expect(
            Highlighter.highlight(###"let s = "a \(dict["k"] ?? "x") b""###, language: .swift)
                == ###"<span class="kw">let</span> s <span class="op">=</span> <span class="str">&quot;a </span><span class="esc">\(</span>dict[<span class="str">&quot;k&quot;</span>] <span class="op">??</span> <span class="str">&quot;x&quot;</span><span class="esc">)</span><span class="str"> b&quot;</span>"###)
    }

    @Test func nestedInterpolation() {
        #expect(
            Highlighter.highlight(###""\(a("\(b)"))""###, language: .swift)
                == ###"<span class="str">&quot;</span><span class="esc">\(</span><span class="fn">a</span>(<span class="str">&quot;</span><span class="esc">\(</span>b<span class="esc">)</span><span class="str">&quot;</span>)<span class="esc">)</span><span class="str">&quot;</span>"###)
    }

    @Test func escapes() {
        #expect(
            Highlighter.highlight(###""tab\t quote\" unicode\u{1F600}""###, language: .swift)
                == ###"<span class="str">&quot;tab</span><span class="esc">\t</span><span class="str"> quote</span><span class="esc">\&quot;</span><span class="str"> unicode</span><span class="esc">\u{1F600}</span><span class="str">&quot;</span>"###)
    }

    @Test func multiLineString() {
        #expect(
            Highlighter.highlight(###"let s = """\###n  one \(x)\###n  two\###n  """"###, language: .swift)
                == ###"<span class="kw">let</span> s <span class="op">=</span> <span class="str">&quot;&quot;&quot;</span>\###n<span class="str">  one </span><span class="esc">\(</span>x<span class="esc">)</span>\###n<span class="str">  two</span>\###n<span class="str">  &quot;&quot;&quot;</span>"###)
    }

    @Test func rawString() {
        #expect(
            Highlighter.highlight(###"let r = #"raw \n \#(name) "quoted""#"###, language: .swift)
                == ###"<span class="kw">let</span> r <span class="op">=</span> <span class="str">#&quot;raw \n </span><span class="esc">\#(</span>name<span class="esc">)</span><span class="str"> &quot;quoted&quot;&quot;#</span>"###)
    }

    @Test func rawStringEscape() {
        #expect(
            Highlighter.highlight(###"#"tab\#t not\t"#"###, language: .swift)
                == ###"<span class="str">#&quot;tab</span><span class="esc">\#t</span><span class="str"> not\t&quot;#</span>"###)
    }

    @Test func doubleHashRawString() {
        #expect(
            Highlighter.highlight(###"##"a "# b"##"###, language: .swift)
                == ###"<span class="str">##&quot;a &quot;# b&quot;##</span>"###)
    }

    @Test func nestedBlockComment() {
        #expect(
            Highlighter.highlight(###"/* a /* b */ c */ x"###, language: .swift)
                == ###"<span class="com">/* a /* b */ c */</span> x"###)
    }

    @Test func docComments() {
        #expect(
            Highlighter.highlight(###"/// Line doc\###n/** Block doc */\###n// plain\###n//// not doc"###, language: .swift)
                == ###"<span class="doc">/// Line doc</span>\###n<span class="doc">/** Block doc */</span>\###n<span class="com">// plain</span>\###n<span class="com">//// not doc</span>"###)
    }

    @Test func numbers() {
        #expect(
            Highlighter.highlight(###"1_000_000 0xFF_FF 0b1010 0o17 1.5e-3 0x1p4 2.5E+10"###, language: .swift)
                == ###"<span class="num">1_000_000</span> <span class="num">0xFF_FF</span> <span class="num">0b1010</span> <span class="num">0o17</span> <span class="num">1.5e-3</span> <span class="num">0x1p4</span> <span class="num">2.5E+10</span>"###)
    }

    @Test func memberAccessAfterNumber() {
        #expect(
            Highlighter.highlight(###"1.description"###, language: .swift)
                == ###"<span class="num">1</span>.<span class="prop">description</span>"###)
    }

    @Test func typeNamesAndCalls() {
        #expect(
            Highlighter.highlight(###"let v = Value(count: compute())"###, language: .swift)
                == ###"<span class="kw">let</span> v <span class="op">=</span> <span class="ty">Value</span>(count: <span class="fn">compute</span>())"###)
    }

    @Test func functionDefinitionAndOperators() {
        #expect(
            Highlighter.highlight(###"func == (a: A, b: A) -> Bool { a.id != b.id && !flag }"###, language: .swift)
                == ###"<span class="kw">func</span> <span class="op">==</span> (a: <span class="ty">A</span>, b: <span class="ty">A</span>) <span class="op">-&gt;</span> <span class="ty">Bool</span> { a.<span class="prop">id</span> <span class="op">!=</span> b.<span class="prop">id</span> <span class="op">&amp;&amp;</span> <span class="op">!</span>flag }"###)
    }

    @Test func propertiesAfterDot() {
        #expect(
            Highlighter.highlight(###"view.frame.size.width = .zero"###, language: .swift)
                == ###"view.<span class="prop">frame</span>.<span class="prop">size</span>.<span class="prop">width</span> <span class="op">=</span> .<span class="prop">zero</span>"###)
    }

    @Test func selfInitAndTypeAfterDot() {
        #expect(
            Highlighter.highlight(###"self.init(); let t = Int.self; x.Type"###, language: .swift)
                == ###"<span class="kw">self</span>.<span class="kw">init</span>(); <span class="kw">let</span> t <span class="op">=</span> <span class="ty">Int</span>.<span class="kw">self</span>; x.<span class="ty">Type</span>"###)
    }

    @Test func literals() {
        #expect(
            Highlighter.highlight(###"true false nil"###, language: .swift)
                == ###"<span class="lit">true</span> <span class="lit">false</span> <span class="lit">nil</span>"###)
    }

    @Test func closureArgumentsAndRanges() {
        #expect(
            Highlighter.highlight(###"items.map { $0 * 2 }[0..<3] + [1...5]"###, language: .swift)
                == ###"items.<span class="prop">map</span> { <span class="var">$0</span> <span class="op">*</span> <span class="num">2</span> }[<span class="num">0</span><span class="op">..&lt;</span><span class="num">3</span>] <span class="op">+</span> [<span class="num">1</span><span class="op">...</span><span class="num">5</span>]"###)
    }

    @Test func regexLiteral() {
        #expect(
            Highlighter.highlight(###"let r = /[a-z]+/; let q = a / b / c"###, language: .swift)
                == ###"<span class="kw">let</span> r <span class="op">=</span> <span class="re">/[a-z]+/</span>; <span class="kw">let</span> q <span class="op">=</span> a <span class="op">/</span> b <span class="op">/</span> c"###)
    }

    @Test func regexAfterLabel() {
        #expect(
            Highlighter.highlight(###"text.firstMatch(of: /\d+/)"###, language: .swift)
                == ###"text.<span class="fn">firstMatch</span>(of: <span class="re">/\d+/</span>)"###)
    }

    @Test func extendedRegexLiteral() {
        #expect(
            Highlighter.highlight(###"let r = #/[a-z]+ \/ x/#"###, language: .swift)
                == ###"<span class="kw">let</span> r <span class="op">=</span> <span class="re">#/[a-z]+ \/ x/#</span>"###)
    }

    @Test func backtickIdentifier() {
        #expect(
            Highlighter.highlight(###"let `default` = 1"###, language: .swift)
                == ###"<span class="kw">let</span> `default` <span class="op">=</span> <span class="num">1</span>"###)
    }

    @Test func unterminatedString() {
        #expect(
            Highlighter.highlight(###"let s = "open\###nlet x = 1"###, language: .swift)
                == ###"<span class="kw">let</span> s <span class="op">=</span> <span class="str">&quot;open</span>\###n<span class="kw">let</span> x <span class="op">=</span> <span class="num">1</span>"###)
    }

    @Test func unterminatedBlockComment() {
        #expect(
            Highlighter.highlight(###"/* never closed\###nlet x = 1"###, language: .swift)
                == ###"<span class="com">/* never closed</span>\###n<span class="com">let x = 1</span>"###)
    }

    @Test func unterminatedMultiLineString() {
        #expect(
            Highlighter.highlight(###"let s = """\###nstill going"###, language: .swift)
                == ###"<span class="kw">let</span> s <span class="op">=</span> <span class="str">&quot;&quot;&quot;</span>\###n<span class="str">still going</span>"###)
    }
}

import Testing
import Highlight

/// A small deterministic generator (SplitMix64), so that every run checks
/// the same thousands of inputs.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Removes every tag and decodes the four entities the highlighter writes.
func textContent(of html: [UInt8]) -> [UInt8] {
    var text: [UInt8] = []
    var index = 0
    while index < html.count {
        let byte = html[index]
        if byte == UInt8(ascii: "<") {
            while index < html.count && html[index] != UInt8(ascii: ">") { index += 1 }
            index += 1
        } else if byte == UInt8(ascii: "&") {
            let entities: [(String, UInt8)] = [("&amp;", 0x26), ("&lt;", 0x3C), ("&gt;", 0x3E), ("&quot;", 0x22)]
            guard let (entity, decoded) = entities.first(where: { html[index...].starts(with: $0.0.utf8) }) else {
                return [] // a raw `&` is a failure: the caller compares with the input
            }
            text.append(decoded)
            index += entity.utf8.count
        } else {
            text.append(byte)
            index += 1
        }
    }
    return text
}

/// Whether every line's spans open and close within that line.
func spansStayWithinLines(_ html: [UInt8]) -> Bool {
    for line in html.split(separator: 0x0A, omittingEmptySubsequences: false) {
        var depth = 0
        var index = line.startIndex
        while index < line.endIndex {
            if line[index...].starts(with: "<span".utf8) { depth += 1 }
            if line[index...].starts(with: "</span>".utf8) {
                depth -= 1
                if depth < 0 { return false }
            }
            index += 1
        }
        if depth != 0 { return false }
    }
    return true
}

@Suite struct RoundTripTests {
    /// Pieces that open, close or confuse some language's constructs.
    static let fragments = [
        "\"", "\"\"\"", "'", "'''", "`", "```", "#", "##", "#\"", "\"#", "#/", "/#", "\\", "\\(", "\\#(", "\\u{",
        "/*", "*/", "//", "///", "/", "*", "**", "_", "__", "\n", "\n", " ", "  ", "\t", "\r\n", "x", "set", "get",
        "func", "some", "async", "await", "private(", "@", "@State", "$", "${", "$(", "{", "}", "(", ")", "[", "](",
        "]", "<", ">", "&", "&amp;", "<!--", "-->", "<script>", "</script>", "<style>", "<![CDATA[", "<?", "<<EOF",
        "EOF", "$ ", "% ", "- ", ": ", "|", "---", "+", "-", "@@", "é", "日本", "\u{1F600}", "0x", "1_", "1.5e", "0b",
        "=", "==", "->", "?", "!", ";", ",", ".", "..<", "key:", "&*", "!!", "#if", "#include <", "\"\\",
        // Ruby, Kotlin, Go, Rust, SQL, TOML and Dockerfile openers.
        "r#\"", "\"#", "br\"", "'a", "'a'", "#[", "#![", "x!", "$x", "#{", "<<~A", "<<-'A'", "A\n", "\n=begin",
        "\n=end", "%w[", "%(", ":sym", "@@", "::", ":=", "--", "$$", "''", "[[", "]]", " = ", "{ k = ", "1979-05-27 07:",
        "RUN ", "FROM ", " AS ", "ONBUILD ", "\\\n", "\n# c\n", "[\"", "SELECT ", "$1",
    ]

    @Test(arguments: Language.allCases)
    func adversarialStringsRoundTrip(language: Language) {
        var generator = SeededGenerator(seed: 0xD35_714A + UInt64(Language.allCases.firstIndex(of: language) ?? 0))
        for _ in 0..<600 {
            var code = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                code += Self.fragments.randomElement(using: &generator) ?? ""
            }
            let html = Array(Highlighter.highlight(code, language: language).utf8)
            #expect(textContent(of: html) == Array(code.utf8), "\(language): \(code.debugDescription)")
            #expect(spansStayWithinLines(html), "\(language): \(code.debugDescription)")
            let block = Highlighter.highlightedBlock(code: code, info: "\(language.name) {1-3} linenos")
            let body = Array(block.utf8.dropFirst(block.utf8.firstRange(of: "<code".utf8).map { block.utf8.distance(from: block.utf8.startIndex, to: $0.lowerBound) } ?? 0))
            #expect(textContent(of: body) == Array(code.utf8) + Array("\n".utf8), "\(language): \(code.debugDescription)")
            #expect(spansStayWithinLines(Array(block.utf8)), "\(language): \(code.debugDescription)")
        }
    }

    @Test(arguments: Language.allCases)
    func randomBytesRoundTrip(language: Language) {
        var generator = SeededGenerator(seed: 0xB17E5 + UInt64(Language.allCases.firstIndex(of: language) ?? 0))
        for _ in 0..<400 {
            let count = Int.random(in: 0...120, using: &generator)
            let bytes = (0..<count).map { _ in
                // Favour ASCII punctuation, which drives the lexers, over the rest.
                Bool.random(using: &generator) ? UInt8.random(in: 0x09...0x7E, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            let html = Highlighter.highlight(bytes: bytes, language: language)
            #expect(textContent(of: html) == bytes, "\(language): \(bytes)")
            #expect(spansStayWithinLines(html), "\(language): \(bytes)")
        }
    }

    @Test(arguments: Language.allCases)
    func validUTF8StaysValid(language: Language) {
        var generator = SeededGenerator(seed: 0x0F8 + UInt64(Language.allCases.firstIndex(of: language) ?? 0))
        let pieces = ["é", "ı", "İ", "ế", "日本語", "\u{1F600}", "\u{301}", "a", "\"", "'", "`", " ", "\n", "/", "*", "#", "\\", "_", "<", "$"]
        for _ in 0..<300 {
            let code = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let bytes = Array(code.utf8)
            let html = Highlighter.highlight(bytes: bytes, language: language)
            // Decoding repairs invalid UTF-8, so a change would reveal a split character.
            #expect(Array(String(decoding: html, as: UTF8.self).utf8) == html, "\(language): \(code.debugDescription)")
            #expect(textContent(of: Array(Highlighter.highlight(code, language: language).utf8)) == bytes)
        }
    }

    @Test func invalidUTF8PassesThroughTheByteEntryPoint() {
        let bytes: [UInt8] = [0x22, 0xFF, 0xC3, 0x0A, 0x2F, 0x2A, 0xE2, 0x82, 0x22]
        for language in Language.allCases {
            #expect(textContent(of: Highlighter.highlight(bytes: bytes, language: language)) == bytes)
        }
    }

    @Test func stringInputAlreadyHoldsReplacementCharacters() {
        let code = String(decoding: [0x22, 0xFF, 0x22] as [UInt8], as: UTF8.self)
        #expect(Highlighter.highlight(code, language: .swift) == "<span class=\"str\">&quot;\u{FFFD}&quot;</span>")
    }

    @Test func deepNestingDoesNotExhaustTheStack() {
        let swift = String(repeating: "\"\\(", count: 50_000)
        #expect(textContent(of: Array(Highlighter.highlight(swift, language: .swift).utf8)) == Array(swift.utf8))
        let javaScript = String(repeating: "`${", count: 50_000)
        #expect(textContent(of: Array(Highlighter.highlight(javaScript, language: .javascript).utf8)) == Array(javaScript.utf8))
        let shell = String(repeating: "cat <<A ", count: 20_000)
        #expect(textContent(of: Array(Highlighter.highlight(shell, language: .shell).utf8)) == Array(shell.utf8))
        let kotlin = String(repeating: "\"${", count: 50_000)
        #expect(textContent(of: Array(Highlighter.highlight(kotlin, language: .kotlin).utf8)) == Array(kotlin.utf8))
        let ruby = String(repeating: "\"#{", count: 50_000) + String(repeating: "x <<~A ", count: 20_000)
        #expect(textContent(of: Array(Highlighter.highlight(ruby, language: .ruby).utf8)) == Array(ruby.utf8))
        let rust = String(repeating: "/*", count: 50_000) + String(repeating: "#[", count: 50_000)
        #expect(textContent(of: Array(Highlighter.highlight(rust, language: .rust).utf8)) == Array(rust.utf8))
        let toml = String(repeating: "a = [{", count: 50_000)
        #expect(textContent(of: Array(Highlighter.highlight(toml, language: .toml).utf8)) == Array(toml.utf8))
        let dockerfile = String(repeating: "ONBUILD ", count: 50_000) + "RUN x \\\n" + String(repeating: "# c\n", count: 20_000)
        #expect(textContent(of: Array(Highlighter.highlight(dockerfile, language: .dockerfile).utf8)) == Array(dockerfile.utf8))
        let markdown = String(repeating: "```swift\n", count: 20_000)
        #expect(textContent(of: Array(Highlighter.highlight(markdown, language: .markdown).utf8)) == Array(markdown.utf8))
    }
}

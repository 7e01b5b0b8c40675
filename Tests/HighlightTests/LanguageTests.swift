import Testing
import Highlight

@Suite struct LanguageTests {
    @Test(arguments: [
        ("swift", Language.swift), ("SWIFT", .swift), ("objc", .objectiveC), ("objective-c", .objectiveC),
        ("obj-c", .objectiveC), ("m", .objectiveC), ("c", .c), ("h", .c), ("cpp", .cpp), ("c++", .cpp),
        ("cc", .cpp), ("hpp", .cpp), ("sh", .shell), ("shell", .shell), ("bash", .shell), ("zsh", .shell),
        ("console", .console), ("shell-session", .console), ("json", .json), ("yaml", .yaml), ("yml", .yaml),
        ("html", .html), ("xml", .xml), ("svg", .xml), ("plist", .xml), ("css", .css), ("js", .javascript),
        ("javascript", .javascript), ("jsx", .javascript), ("ts", .typescript), ("typescript", .typescript),
        ("tsx", .typescript), ("py", .python), ("python", .python), ("diff", .diff), ("patch", .diff),
        ("md", .markdown), ("markdown", .markdown), ("kotlin", .kotlin), ("kt", .kotlin), ("kts", .kotlin),
        ("java", .java), ("go", .go), ("golang", .go), ("rust", .rust), ("rs", .rust), ("ruby", .ruby),
        ("rb", .ruby), ("Podfile", .ruby), ("Fastfile", .ruby), ("Gemfile", .ruby), ("podspec", .ruby),
        ("sql", .sql), ("sqlite", .sql), ("postgresql", .sql), ("mysql", .sql), ("toml", .toml),
        ("dockerfile", .dockerfile), ("Dockerfile", .dockerfile), ("docker", .dockerfile),
        ("containerfile", .dockerfile),
    ])
    func mapsAliases(alias: String, language: Language) {
        #expect(Language(alias: alias) == language)
        #expect(Highlighter.language(forInfo: "\(alias) {1} linenos") == language)
    }

    @Test func unknownOrAbsentLanguages() {
        #expect(Highlighter.language(forInfo: "cobol") == nil)
        #expect(Highlighter.language(forInfo: "") == nil)
        #expect(Highlighter.language(forInfo: "{1}") == nil)
    }

    @Test func unknownLanguageIsEscapedPlainText() {
        #expect(Highlighter.highlightedBlock(code: "<&>", info: "nope").contains("&lt;&amp;&gt;"))
    }
}

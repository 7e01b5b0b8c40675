import Testing
@testable import Markup

struct HeadingIDStyleTests {
    static func ids(_ markdown: String, _ style: HeadingIDStyle) -> [String] {
        var options = MarkdownOptions(smartPunctuation: false)
        options.headingIDStyle = style
        return Document(markdown: markdown, options: options).headings.map(\.id)
    }

    @Test func goldmarkKeepsLettersOfAnyScriptAndDropsPunctuation() {
        #expect(Self.ids("## Q&A\n## Kỹ thuật\n## Hello,  World!\n## snake_case-ok\n## ???\n", .goldmark)
            == ["qa", "kỹ-thuật", "hello--world", "snake_case-ok", "heading"])
    }

    @Test func goldmarkNumbersDuplicates() {
        #expect(Self.ids("# A\n# A\n# a\n", .goldmark) == ["a", "a-1", "a-2"])
    }

    @Test func kramdownDropsWhatPrecedesTheFirstLetter() {
        #expect(Self.ids("## 1. Intro\n## Kỹ thuật\n## C++ & Swift\n## 2024\n## Über-cool  Stuff\n", .kramdown)
            == ["intro", "k-thut", "c--swift", "section", "ber-cool--stuff"])
    }

    @Test func kramdownNumbersDuplicates() {
        #expect(Self.ids("# Intro\n# Intro\n# 1 Intro\n", .kramdown) == ["intro", "intro-1", "intro-2"])
    }

    @Test func despinaIsTheDefault() {
        #expect(Self.ids("## Kỹ thuật\n## Q&A\n", .despina) == ["ky-thuat", "q-a"])
        #expect(MarkdownOptions().headingIDStyle == .despina)
    }

    /// 20,000 equal headings: each takes one look-up after the first, where
    /// probing from `-1` every time would take 200 million.
    @Test func uniqueIDsTakeLinearWork() {
        var anchors = HeadingAnchors()
        var ids: [String] = []
        for _ in 0..<20_000 { ids.append(anchors.uniqueID(for: "Notes")) }
        #expect(ids.first == "notes")
        #expect(ids.last == "notes-19999")
        #expect(Set(ids).count == 20_000)
        #expect(anchors.probes <= 2 * 20_000)
    }

    @Test func counterStillSkipsTakenIDs() {
        var anchors = HeadingAnchors(reserved: ["a-2"])
        #expect(["A", "A 1", "A", "A", "A"].map { anchors.uniqueID(for: $0) } == ["a", "a-1", "a-3", "a-4", "a-5"])
        #expect(anchors.probes == 10)
    }
}

import Testing
@testable import Mustache

/// The standard helpers: truncate, joinURL, formatDate.
@Suite struct HelperTests {
    private func render(_ source: String, _ context: Value) throws -> String {
        try Template(source: source).render(context, globals: .standardHelpers)
    }

    @Test func truncateKeepsShortText() throws {
        #expect(try render("{{#truncate}}{{d}}{{/truncate}}", ["d": "Short text."]) == "Short text.")
    }

    @Test func truncateDefaultLength() throws {
        let long = String(repeating: "word ", count: 40)  // 200 characters
        let expected = String(repeating: "word ", count: 32).dropLast() + "…"  // cut at 160
        #expect(try render("{{#truncate}}{{d}}{{/truncate}}", ["d": .string(long)]) == expected)
    }

    @Test func truncateChosenLength() throws {
        #expect(try render("{{#truncate.12}}{{d}}{{/truncate.12}}", ["d": "Closures capture values, not variables"])
            == "Closures…")
    }

    @Test func truncateCutsAtWordBoundaryAndDropsPunctuation() throws {
        #expect(try render("{{#truncate.20}}{{d}}{{/truncate.20}}", ["d": "Swift tutorial, part two: control flow"])
            == "Swift tutorial, part…")
    }

    @Test func truncateCountsEntitiesAsOneCharacter() throws {
        #expect(try render("{{#truncate.7}}{{d}}{{/truncate.7}}", ["d": "A & B & C & D"]) == "A &amp; B &amp;…")
    }

    @Test func truncateCutsLongWord() throws {
        #expect(try render("{{#truncate.5}}{{d}}{{/truncate.5}}", ["d": "Supercalifragilistic"]) == "Super…")
    }

    @Test func truncateCountsCharactersNotBytes() throws {
        #expect(try render("{{#truncate.9}}{{d}}{{/truncate.9}}", ["d": "Tìm kiếm tiếng Việt"]) == "Tìm kiếm…")
    }

    @Test func truncateSkipsTags() throws {
        #expect(try render("{{#truncate.6}}{{{d}}}{{/truncate.6}}", ["d": "<em>Hello</em> world"]) == "<em>Hello</em>…")
    }

    @Test func joinURLRemovesDoubleSlashes() throws {
        #expect(try render("{{#joinURL}}{{base}} {{path}}{{/joinURL}}", ["base": "https://example.com/", "path": "/posts/swift/"])
            == "https://example.com/posts/swift/")
    }

    @Test func joinURLAddsMissingSlash() throws {
        #expect(try render("{{#joinURL}}{{base}} tags {{tag}}{{/joinURL}}", ["base": "/blog", "tag": "ios"]) == "/blog/tags/ios")
    }

    @Test func joinURLKeepsEscaping() throws {
        #expect(try render("{{#joinURL}}{{base}} {{q}}{{/joinURL}}", ["base": "/search", "q": "?a=1&b=2"]) == "/search/?a=1&amp;b=2")
    }

    @Test func formatDateDefault() throws {
        #expect(try render("{{#formatDate}}{{date}}{{/formatDate}}", ["date": "2024-03-09T14:05:00Z"]) == "2024-03-09")
    }

    @Test func formatDateWithFormat() throws {
        #expect(try render("{{#formatDate}}{{date}}|D.M.YY [at] HH:mm{{/formatDate}}", ["date": "2024-03-09T14:05:00+03:00"])
            == "9.3.24 at 14:05")
    }

    @Test func formatDateAllTokens() throws {
        #expect(try render("{{#formatDate}}{{date}}|YYYY YY MM M DD D HH H mm ss{{/formatDate}}", ["date": "2007-01-02 03:04:05.123"])
            == "2007 07 01 1 02 2 03 3 04 05")
    }

    @Test func formatDateLeapDay() throws {
        #expect(try render("{{#formatDate}}{{date}}|DD/MM/YYYY{{/formatDate}}", ["date": "2024-02-29"]) == "29/02/2024")
    }

    @Test func formatDateRejectsInvalidDate() throws {
        #expect(throws: TemplateError(templateName: "template", line: 1, column: 1,
                                      message: "lambda \"formatDate\" failed: \"2023-02-29\" is not an ISO 8601 date such as 2024-03-09 or 2024-03-09T14:05:00Z")) {
            try render("{{#formatDate}}{{date}}{{/formatDate}}", ["date": "2023-02-29"])
        }
    }

    @Test func helpersCanBeMergedIntoRootDictionary() throws {
        var root = StandardHelpers.all
        root["path"] = "/a/"
        #expect(try Template(source: "{{#joinURL}}/ {{path}}{{/joinURL}}").render(.dictionary(Fields(root))) == "/a/")
    }
}

extension HelperTests {
    @Test func truncateKeepsCombiningAccentsWithTheirLetter() throws {
        // "e" followed by U+0301 (decomposed é) counts as one character.
        #expect(try render("{{#truncate.3}}{{d}}{{/truncate.3}}", ["d": "e\u{301}e\u{301}e\u{301}e\u{301}"]) == "e\u{301}e\u{301}e\u{301}…")
    }
}

import Testing
@testable import Markup

/// Aliases (`*a`) may repeat a value a few times; a document whose aliases
/// stand for far more than it holds is refused at the alias that crosses
/// the limit, before anything reads the copies.
struct YAMLAliasTests {
    @Test func aFewAliasesStandForTheirAnchorsValues() throws {
        let yaml = "name: &n Ann\nauthor: *n\neditor: *n\ntags: &t [swift, linux]\nkeywords: *t\n"
        let matter = try FrontMatter.parse(yaml: yaml, firstLine: 2)
        #expect(try matter.string("author") == "Ann")
        #expect(try matter.string("editor") == "Ann")
        #expect(try matter.strings("keywords") == ["swift", "linux"])
        #expect(matter["keywords"]?.line == 6, "an alias's value is placed where the alias is")

        var reader = YAMLReader(firstLine: 2)
        _ = try reader.read(yaml)
        // The mapping, five keys, `Ann`, two aliases of it, the list, its two
        // items and one alias of it (three values).
        #expect(reader.writtenValues == 13)
        #expect(reader.expandedValues == 15)
        #expect(reader.expandedBytes == "nameauthoreditortagskeywords".utf8.count + 3 * 3 + 2 * 10)
    }

    @Test func aLongStringAliasedThousandsOfTimesIsRefusedAtTheAliasPastTenMiB() {
        // 210 KB of YAML standing for 2.6 GB of keywords.
        let yaml = "big: &a \"" + String(repeating: "x", count: 130_000) + "\"\nkeywords: ["
            + String(repeating: "*a, ", count: 19_999) + "*a]\n"
        #expect(yaml.utf8.count == 210_022)
        // 130,011 bytes before the first alias and 130,000 more with each:
        // the 80th passes 10,485,760, at column 12 + 79 × 4.
        #expect(throws: MarkupError(
            line: 3, column: 328,
            message: "this alias takes the YAML past 10485760 bytes of text with its aliases expanded (ten times "
                + "its 210022 bytes, and at least 10 MiB); an alias may repeat a value a few times, not thousands")
        ) {
            try FrontMatter.parse(yaml: yaml, firstLine: 2)
        }
    }

    @Test func nestedAliasesOfSmallValuesAreRefusedByTheirCount() {
        // Each list holds ten aliases of the one before: 10^6 values from 272 bytes.
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
        for (name, previous) in zip(["b", "c", "d", "e", "f"], ["a", "b", "c", "d", "e"]) {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        let yaml = lines.joined(separator: "\n") + "\n"
        #expect(yaml.utf8.count == 272)
        // Line d's ninth alias (of 1,111 values) brings the count to 11,238,
        // past ten times the 48 values written plus 10,000.
        #expect(throws: MarkupError(
            line: 4, column: 40,
            message: "this alias takes the YAML past 10480 values with its aliases expanded (ten times "
                + "the 48 written so far, plus 10000); an alias may repeat a value a few times, not thousands")
        ) {
            try FrontMatter.parse(yaml: yaml, firstLine: 1)
        }
    }
}

import Foundation
import Testing
@testable import Markup

/// The CommonMark 0.30 examples and cmark's smart punctuation cases, read
/// from `../shared/spec/commonmark/` beside the repository. A clone with
/// nothing beside it skips them (and says so); `scripts/fetch-specs.sh`
/// downloads them; with `DESPINA_REQUIRE_EXTERNAL_CHECKS=1` they must be there.
@Suite(.enabled(if: CommonMarkSpec.isAvailable, CommonMarkSpec.skipNote))
struct CommonMarkConformanceTests {
    struct Example: Decodable {
        var markdown: String
        var html: String
        var example: Int?
    }

    static func examples(_ file: String) throws -> [Example] {
        try JSONDecoder().decode([Example].self, from: Data(contentsOf: CommonMarkSpec.directory.appendingPathComponent(file)))
    }

    @Test func allSpecExamplesMatchWithExtensionsOff() throws {
        let examples = try Self.examples("spec.json")
        var failures: [Int] = []
        for (index, example) in examples.enumerated() {
            let document = Document(markdown: example.markdown, options: .commonMark)
            if document.html != example.html { failures.append(example.example ?? index + 1) }
        }
        print("CommonMark spec: \(examples.count - failures.count) of \(examples.count) examples pass")
        #expect(examples.count == 652)
        // Autolinks with schemes that LinkSchemes refuses (a+b+c:,
        // made-up-scheme:, localhost:) are shown as text, not links.
        #expect(failures == [597, 598, 600])
    }

    @Test func cmarkRegressionCasesMatch() throws {
        let examples = try Self.examples("regression.json")
        var failures: [Int] = []
        for (index, example) in examples.enumerated() {
            let document = Document(markdown: example.markdown, options: .commonMark)
            if document.html != example.html { failures.append(example.example ?? index + 1) }
        }
        print("cmark regressions: \(examples.count - failures.count) of \(examples.count) cases pass")
        #expect(!examples.isEmpty)
        #expect(failures == [])
    }

    @Test func smartPunctuationCasesMatch() throws {
        let examples = try Self.examples("smart_punct.json")
        var options = MarkdownOptions.commonMark
        options.smartPunctuation = true
        var failures: [Int] = []
        for (index, example) in examples.enumerated() {
            let document = Document(markdown: example.markdown, options: options)
            if document.html != example.html { failures.append(example.example ?? index + 1) }
        }
        print("Smart punctuation: \(examples.count - failures.count) of \(examples.count) cases pass")
        #expect(!examples.isEmpty)
        #expect(failures == [])
    }
}

/// Where the CommonMark suites are, and whether they run.
enum CommonMarkSpec {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/spec/commonmark").standardizedFileURL

    /// Whether the suites run: they are beside the repository, or CI requires them.
    static let isAvailable = FileManager.default.fileExists(atPath: directory.appendingPathComponent("spec.json").path)
        || ProcessInfo.processInfo.environment["DESPINA_REQUIRE_EXTERNAL_CHECKS"] == "1"

    static let skipNote: Comment =
        "skipped: the CommonMark spec is not beside the repository (../shared/spec/commonmark/); scripts/fetch-specs.sh downloads it"
}

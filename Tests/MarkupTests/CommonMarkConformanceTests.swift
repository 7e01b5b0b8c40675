import Foundation
import Testing
@testable import Markup

/// The CommonMark 0.30 examples and cmark's smart punctuation cases, read
/// from `../shared/spec/commonmark/` beside the repository.
struct CommonMarkConformanceTests {
    struct Example: Decodable {
        var markdown: String
        var html: String
        var example: Int?
    }

    static func examples(_ file: String) throws -> [Example] {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = packageRoot.appendingPathComponent("../shared/spec/commonmark/\(file)")
        return try JSONDecoder().decode([Example].self, from: Data(contentsOf: url))
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
        #expect(failures == [])
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

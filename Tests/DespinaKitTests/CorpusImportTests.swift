import Foundation
import Testing
@testable import DespinaKit

/// Real blogs by other people, from `../shared/corpus/` beside the
/// repository (each under its own licence; they are read there, never
/// copied in): each is imported and built, with no error, and no kind of
/// warning on more than a tenth of its posts unless it names a real loss.
@Suite(.serialized, .tags(.slow), .disabled(if: quickTestsOnly, quickTestsNote)) struct CorpusImportTests {
    static let corpusDirectory = packageRoot.appendingPathComponent("../shared/corpus").standardizedFileURL.path

    /// Kinds of warnings that name something the old site had and the new
    /// one shows differently, allowed on any number of posts. Every other
    /// kind must stay under a tenth of the posts.
    static let namedLosses = [
        // A shortcode the blog defined itself (note, alert, mermaid) cannot
        // run; each call is warned about at its line, and its text is kept.
        "Hugo shortcode {…} is not built in",
    ]

    /// The blog `name`, imported and built in a temporary folder by the
    /// `despina` executable (in a process of its own, so that its memory
    /// does not move the tests that measure this one's): the posts the
    /// import wrote and the build published, and the build's warnings as
    /// (file, message); nil (with a note, or a failure when the corpus is
    /// required) when the blog is absent.
    func importAndBuild(_ name: String) throws -> (imported: Int, published: Int, warnings: [(path: String, message: String)], site: String)? {
        let source = Self.corpusDirectory + "/" + name
        guard FileManager.default.fileExists(atPath: source) else {
            if externalChecksRequired {
                Issue.record("the corpus \(source) is required (DESPINA_REQUIRE_EXTERNAL_CHECKS=1) but is missing")
            } else {
                print("skipped: the real-blog corpus is not beside the repository (../shared/corpus/\(name))")
            }
            return nil
        }
        let temporary = try makeTemporaryDirectory()
        let site = temporary + "/" + name
        let imported = try BadInputCatalogueTests.despina(["import", source, site])
        #expect(imported.status == 0, "\(imported.standardError)")
        // The build runs on today's clock, as the old generator's did: the newest posts are published.
        let built = try BadInputCatalogueTests.despina(["build", site])
        #expect(built.status == 0, "\(built.standardError)")
        let warnings = built.standardError.split(separator: "\n").compactMap { line -> (path: String, message: String)? in
            guard let marker = line.range(of: ": warning: ") else { return nil }
            return (String(line[..<marker.lowerBound].prefix { $0 != ":" }), String(line[marker.upperBound...]))
        }
        return (Self.count(after: "site: ", in: imported.standardOutput), Self.count(after: "Built ", in: built.standardOutput),
                warnings, site)
    }

    /// The number that follows `prefix` in `text` (`Built 128 posts`), or -1.
    static func count(after prefix: String, in text: String) -> Int {
        guard let start = text.range(of: prefix) else { return -1 }
        return Int(text[start.upperBound...].prefix { $0.isNumber }) ?? -1
    }

    /// The warnings grouped by kind: the message with its quoted parts and
    /// numbers left out, so that one kind of problem counts once per post.
    static func kinds(of warnings: [(path: String, message: String)]) -> [String: Set<String>] {
        var kinds: [String: Set<String>] = [:]
        for warning in warnings {
            let kind = warning.message
                .replacingOccurrences(of: "'[^']*'", with: "'…'", options: .regularExpression)
                .replacingOccurrences(of: "\\{[{%][^}]*[}%]\\}", with: "{…}", options: .regularExpression)
                .replacingOccurrences(of: "[0-9]+", with: "N", options: .regularExpression)
            kinds[kind, default: []].insert(warning.path)
        }
        return kinds
    }

    @Test(arguments: ["jekyll-news", "kubevirt-blog", "kubernetes-blog", "nats-blog"])
    func aRealBlogImportsAndBuildsWithFewWarnings(name: String) throws {
        guard let (imported, published, warnings, site) = try importAndBuild(name) else { return }
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        #expect(imported > 0 && published == imported, "every imported post is published")
        for (kind, files) in Self.kinds(of: warnings) where !Self.namedLosses.contains(where: kind.hasPrefix) {
            #expect(files.count * 10 <= imported, "\(name): '\(kind)' on \(files.count) of \(imported) posts")
        }
    }
}

import Foundation
import Testing
@testable import DespinaKit

/// Real blogs by other people, from `../shared/corpus/` beside the
/// repository (each under its own licence; they are read there, never
/// copied in): each is imported and built, with no error, and no kind of
/// warning on more than a tenth of its posts unless it names a real loss.
@Suite(.serialized) struct CorpusImportTests {
    static let corpusDirectory = packageRoot.appendingPathComponent("../shared/corpus").standardizedFileURL.path

    /// Kinds of warnings that name something the old site had and the new
    /// one shows differently, allowed on any number of posts. Every other
    /// kind must stay under a tenth of the posts.
    static let namedLosses = [
        // A shortcode the blog defined itself (note, alert, mermaid) cannot
        // run; each call is warned about at its line, and its text is kept.
        "Hugo shortcode {…} is not built in",
    ]

    /// The blog `name`, imported and built in a temporary folder; nil (with
    /// a note, or a failure when the corpus is required) when it is absent.
    func importAndBuild(_ name: String) throws -> (summary: BuildSummary, report: ImportReport, site: String)? {
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
        // Today's clock, as the old generator's build would have: the newest posts are published.
        let environment = BuildEnvironment(fileSystem: LocalFileSystem(), now: { Date() }, log: .silent)
        let report = try SiteImporter(environment: environment).importSite(from: source, into: site)
        var options = BuildOptions(siteDirectory: site)
        options.outputDirectory = site + "/Output"
        let summary = try SiteBuilder(environment: environment).build(options)
        return (summary, report, site)
    }

    /// The warnings grouped by kind: the message with its quoted parts and
    /// numbers left out, so that one kind of problem counts once per post.
    static func kinds(of warnings: [Diagnostic]) -> [String: Set<String>] {
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
        guard let (summary, report, site) = try importAndBuild(name) else { return }
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        #expect(summary.postCount == report.posts, "every imported post is published")
        for (kind, files) in Self.kinds(of: summary.warnings) where !Self.namedLosses.contains(where: kind.hasPrefix) {
            #expect(files.count * 10 <= report.posts, "\(name): '\(kind)' on \(files.count) of \(report.posts) posts")
        }
    }
}

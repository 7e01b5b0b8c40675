import Foundation
import Testing
@testable import DespinaKit

/// The configuration's part of the cache keys: every setting counts, and
/// the digest is the same in every process.
@Suite struct ConfigFingerprintTests {
    @Test func everySettingChangesTheFingerprint() {
        let base = SiteConfig()
        let changes: [(String, (inout SiteConfig) -> Void)] = [
            ("title", { $0.title = "Other" }),
            ("description", { $0.description = "Other" }),
            ("author", { $0.author = "Ada" }),
            ("baseURL", { $0.baseURL = "https://example.com/blog/" }),
            ("language", { $0.language = "tr" }),
            ("timeZone", { $0.timeZone = "Europe/Istanbul" }),
            ("postsPerPage", { $0.postsPerPage = 11 }),
            ("permalink", { $0.permalink = "/:year/:slug/" }),
            ("sectionPermalinks", { $0.sectionPermalinks = [SectionPermalink(section: "notes", pattern: "/n/:slug/")] }),
            ("pagePermalink", { $0.pagePermalink = "/p/:slug/" }),
            ("conventions", { $0.conventions = .hugo }),
            ("params", { $0.params = [SiteParameter(name: "twitter", value: "x")] }),
            ("redirects", { $0.redirects = [SiteRedirect(from: "/old/", to: "/new/", line: 1, column: 1)] }),
            ("markdown.footnotes", { $0.markdown.footnotes = false }),
            ("markdown.headingIDs", { $0.markdown.headingIDs = .goldmark }),
            ("search.indexCode", { $0.search.indexCode = false }),
            ("feedLimit", { $0.feedLimit = 5 }),
        ]
        var seen: Set<UInt64> = [base.fingerprint]
        for (name, change) in changes {
            var changed = base
            change(&changed)
            #expect(seen.insert(changed.fingerprint).inserted, "\(name) does not change the fingerprint")
        }
        #expect(SiteConfig().fingerprint == base.fingerprint)
    }

    /// Encoded with sorted keys: a dictionary, whose order of iteration
    /// depends on its history (and differs between processes), gives one
    /// encoding however it was made.
    @Test func theEncodingDoesNotDependOnADictionarysOrder() throws {
        let keys = (0..<64).map { "key\($0)" }
        var forwards: [String: Int] = [:]
        for (index, key) in keys.enumerated() { forwards[key] = index }
        var backwards: [String: Int] = [:]
        backwards.reserveCapacity(1_000)
        for (index, key) in keys.enumerated().reversed() { backwards[key] = index }
        #expect(Array(forwards.keys) != Array(backwards.keys), "the two dictionaries iterate in different orders")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(forwards) == encoder.encode(backwards))
    }

    /// Two processes building a site with every kind of setting: the second
    /// finds nothing changed, which it can only if both digest the
    /// configuration alike.
    @Test func aSecondProcessFindsTheSiteUpToDate() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = folder + "/site"
        try FileManager.default.createDirectory(atPath: site + "/Content/posts", withIntermediateDirectories: true)
        try """
        title: Settings
        baseURL: https://example.com/
        timeZone: Europe/Istanbul
        permalinks:
          posts: /:year/:slug/
          notes: /n/:slug/
        params:
          twitter: someone
          mastodon: someone@example.social
          github: someone
        redirects:
          /old/: /2021/one/
          /older/: /2021/one/
        markdown:
          footnotes: false
        """.write(toFile: site + "/despina.yml", atomically: true, encoding: .utf8)
        try "---\ntitle: One\ndate: 2021-02-03\n---\n\nText.\n".write(
            toFile: site + "/Content/posts/one.md", atomically: true, encoding: .utf8)
        let cli = CommandLineTests()
        let first = try cli.despina("build", site, "--verbose")
        #expect(first.status == 0, "\(first.standardError)")
        #expect((first.standardOutput + first.standardError).contains("compile templates"))
        let second = try cli.despina("build", site, "--verbose")
        #expect(second.status == 0, "\(second.standardError)")
        #expect(!(second.standardOutput + second.standardError).contains("compile templates"),
                "the second process built again: \(second.standardOutput)\(second.standardError)")
    }
}

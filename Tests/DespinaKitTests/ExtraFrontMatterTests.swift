import Foundation
import Markup
import Mustache
import Testing
@testable import DespinaKit

/// Front-matter keys Despina does not read reach templates as `extra`, on
/// the post's page and in every list, and rebuilds follow their edits.
@Suite struct ExtraFrontMatterTests {
    static let post = """
        ---
        title: Trip
        date: 2020-01-02
        Subtitle: By train
        cover: {alt: "A station", credit: {name: Ana}}
        stops: [Lyon, Turin]
        rating: 4.5
        ---

        Text.
        """

    func site(post: String = Self.post) -> MemoryFileSystem {
        MemoryFileSystem(files: [
            "/site/Content/posts/trip.md": post,
            "/site/Templates/post.mustache":
                "{{#post}}{{title}}: {{extra.Subtitle}}; {{extra.cover.alt}} by {{extra.cover.credit.name}}; "
                + "{{#extra.stops}}[{{.}}]{{/extra.stops}} {{extra.rating}}{{/post}}\n",
            "/site/Templates/list.mustache": "{{#posts}}<li>{{title}} ({{extra.Subtitle}}{{extra.missing}})</li>{{/posts}}\n",
        ])
    }

    func build(_ fileSystem: MemoryFileSystem) throws -> BuildSummary {
        var options = BuildOptions(siteDirectory: "/site")
        options.verifiesKeptOutput = true
        return try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .build(options)
    }

    @Test func unknownKeysShowOnThePostsPageAndOnTheHomeList() throws {
        let fileSystem = site()
        let summary = try build(fileSystem)
        #expect(summary.warnings.isEmpty, "a key of the writer's own does not warn")
        #expect(try fileSystem.text(of: "/site/Output/posts/trip/index.html")
            == "Trip: By train; A station by Ana; [Lyon][Turin] 4.5\n")
        #expect(try fileSystem.text(of: "/site/Output/index.html") == "<li>Trip (By train)</li>\n")
    }

    @Test func knownKeysAreNotExtra() throws {
        let matter = try #require(try FrontMatter.split("---\nTitle: A\ntags: [x]\nmood: calm\n---\n").frontMatter)
        let extra = ExtraFrontMatter.values(in: matter.values)
        #expect(extra.keys == ["mood"])
    }

    @Test func editingOnlyAnExtraValueRendersTheListAgain() throws {
        let fileSystem = site()
        _ = try build(fileSystem)
        try fileSystem.write(
            Array(Self.post.replacingOccurrences(of: "By train", with: "By bike").utf8), to: "/site/Content/posts/trip.md")
        _ = try build(fileSystem)
        #expect(try fileSystem.text(of: "/site/Output/index.html") == "<li>Trip (By bike)</li>\n")
        #expect(try fileSystem.text(of: "/site/Output/posts/trip/index.html").hasPrefix("Trip: By bike;"))
    }

    @Test func aPostReadFromTheCacheKeepsItsExtraValues() throws {
        let fileSystem = site()
        _ = try build(fileSystem)
        // Only a template changes: the post comes from the cache.
        try fileSystem.write(Array("{{#posts}}{{#extra.stops}}{{.}}/{{/extra.stops}}{{extra.rating}}{{/posts}}\n".utf8),
                             to: "/site/Templates/list.mustache")
        let counting = ReadCountingFileSystem(fileSystem)
        // Without the check of kept files, which makes the search index's
        // text files again from the posts on purpose.
        var options = BuildOptions(siteDirectory: "/site")
        options.verifiesKeptOutput = false
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: counting, now: { fixedNow }, log: .silent))
            .build(options)
        #expect(counting.contentReads.isEmpty)
        #expect(try fileSystem.text(of: "/site/Output/index.html") == "Lyon/Turin/4.5\n")
    }

    @Test func cacheRecordsKeepExtraValues() throws {
        var entry = plainPost("a")
        entry.title = "A"
        entry.extra = [
            "mood": .string("calm"), "n": .int(-3), "x": .double(0.5), "flag": .bool(true), "none": .null,
            "list": .array([.string("a"), .dictionary(["k": .int(1)])]),
        ]
        let record = CachedEntry(
            size: 1, modified: 2, sourceHash: 3, entry: entry, loadDiagnostics: [], renderDiagnostics: [],
            linkLookups: [])
        let bytes = EntryCache.encodeNotingHTML([record], key: 9).bytes
        let decoded = try EntryCache.decode(SharedBytes(copying: bytes), key: 9)
        var original = Fingerprint(), read = Fingerprint()
        original.combine(Value.dictionary(entry.extra))
        read.combine(Value.dictionary(decoded[0].entry.extra))
        #expect(read.value == original.value)
        #expect(decoded[0].entry.extra.keys == ["flag", "list", "mood", "n", "none", "x"])
        #expect(EntryCache.encodeNotingHTML(decoded, key: 9).bytes == bytes)
    }
}

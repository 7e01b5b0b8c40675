import Foundation
import Synchronization
import Testing
@testable import DespinaKit

/// A file system that counts how often each file is read.
final class ReadCountingFileSystem: WrappingFileSystem, PrefetchingFileSystem {
    let base: MemoryFileSystem
    private let reads = Mutex<[String: Int]>([:])
    private let prefetches = Mutex<[String]>([])

    /// The paths the build asked to read early, since the last reset.
    var prefetchedPaths: [String] { prefetches.withLock { $0.sorted() } }

    func prefetch(_ path: String) { prefetches.withLock { $0.append(path) } }

    init(_ base: MemoryFileSystem) { self.base = base }

    /// Reads of Markdown files below `Content/` since the last reset.
    var contentReads: [String] {
        reads.withLock { counts in
            counts.filter { $0.key.contains("/Content/") && $0.key.hasSuffix(".md") }.flatMap {
                Array(repeating: $0.key, count: $0.value)
            }.sorted()
        }
    }

    func resetCounts() {
        reads.withLock { $0 = [:] }
        prefetches.withLock { $0 = [] }
    }

    /// Every path read since the last reset, once per read.
    var readPaths: [String] {
        reads.withLock { counts in counts.flatMap { Array(repeating: $0.key, count: $0.value) }.sorted() }
    }

    func contents(of path: String) throws -> [UInt8] {
        reads.withLock { $0[path, default: 0] += 1 }
        return try base.contents(of: path)
    }
}

/// The parsed-post cache, page fingerprints and the up-to-date check: what
/// a rebuild reuses, and that it always ends with what a clean build makes.
@Suite struct BuildCacheTests {
    func post(_ name: String, title: String, day: Int, tags: [String] = ["a"], body: String = "Text.",
              extra: String = "") -> (String, String) {
        ("/site/Content/posts/\(name).md", """
        ---
        title: "\(title)"
        date: 2020-01-\(day < 10 ? "0" : "")\(day)
        tags: [\(tags.joined(separator: ", "))]
        \(extra)
        ---

        \(body)

        ## Part one

        More text.
        """)
    }

    func build(_ fileSystem: any FileSystem, output: String = "/site/Output", clean: Bool = false,
               now: Date = fixedNow, log: Logger = .silent, verifiesKept: Bool = false) throws -> BuildSummary {
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = output
        options.clean = clean
        if verifiesKept { options.verifiesKeptOutput = true }
        return try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { now }, log: log))
            .build(options)
    }

    func files(below folder: String, in fileSystem: MemoryFileSystem) throws -> [String: String] {
        var result: [String: String] = [:]
        for path in fileSystem.allFiles where path.hasPrefix(folder + "/") {
            result[String(path.dropFirst(folder.count + 1))] = String(decoding: try fileSystem.contents(of: path), as: UTF8.self)
        }
        return result
    }

    func site(posts count: Int) -> MemoryFileSystem {
        MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: (0..<count).map {
            post("p\($0)", title: "Post \($0)", day: $0 + 1, body: "Body \($0). See [the first](p0.md).")
        }))
    }

    @Test func aSecondBuildReadsNoPostAndWritesNothing() throws {
        let memory = site(posts: 12)
        let fileSystem = ReadCountingFileSystem(memory)
        let first = try build(fileSystem)
        #expect(fileSystem.contentReads.count == 12)
        fileSystem.resetCounts()
        let second = try build(fileSystem)
        #expect(fileSystem.contentReads.isEmpty)
        #expect(second.unchangedFileCount == second.fileCount)
        #expect(second.fileCount == first.fileCount && second.postCount == 12)
    }

    /// Past the budget of bodies held between reading and rendering, each
    /// body is read from its file again, and the site is the same.
    @Test func bodiesPastTheHeldBudgetAreReadAgainWithTheSameSite() throws {
        func built(heldBodyBytes: Int) throws -> (output: [String: String], reads: [String]) {
            let memory = MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: (0..<6).map {
                post("p\($0)", title: "Post \($0)", day: $0 + 1,
                     body: "Body \($0) with ünïcödé, `code` and [the first](p0.md).\r\nA second line.")
            } + [("/site/Content/about.md", "\u{FEFF}+++\ntitle = \"About\"\n+++\nMe, in TOML.\n")]))
            let fileSystem = ReadCountingFileSystem(memory)
            var options = BuildOptions(siteDirectory: "/site")
            options.heldBodyBytes = heldBodyBytes
            _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
                .build(options)
            return (try files(below: "/site/Output", in: memory), fileSystem.contentReads)
        }
        let held = try built(heldBodyBytes: SiteBuilder.Bodies.defaultBudget)
        let readAgain = try built(heldBodyBytes: 0)
        let some = try built(heldBodyBytes: 200)
        #expect(held.reads.count == 7)
        #expect(readAgain.reads.count == 14)
        #expect(some.reads.count > 7 && some.reads.count < 14)
        #expect(readAgain.output == held.output)
        #expect(some.output == held.output)
        #expect(held.output["about/index.html"]?.contains("Me, in TOML.") == true)
    }

    @Test func oneEditedPostIsTheOnlyOneReadAgain() throws {
        let memory = site(posts: 12)
        let fileSystem = ReadCountingFileSystem(memory)
        _ = try build(fileSystem)
        let (path, text) = post("p5", title: "Post 5", day: 6, body: "Changed body.")
        try memory.write(Array(text.utf8), to: path)
        fileSystem.resetCounts()
        _ = try build(fileSystem)
        #expect(fileSystem.contentReads == ["/site/Content/posts/p5.md"])
        let output = try files(below: "/site/Output", in: memory)
        #expect(output["posts/p5/index.html"]?.contains("Changed body.") == true)
    }

    @Test func theCacheKeptInMemoryIsUsedWhileItsFilesAreUnchanged() throws {
        let memory = site(posts: 6)
        let fileSystem = ReadCountingFileSystem(memory)
        let keeper = BuildMemory(watchesContent: false)
        func rebuild() throws {
            var options = BuildOptions(siteDirectory: "/site")
            options.memory = keeper
            _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
                .build(options)
        }
        func cacheReads() -> Int {
            fileSystem.readPaths.filter { $0.hasPrefix("/site/.despina/cache/entries/") }.count
        }
        try rebuild()
        let (path, text) = post("p2", title: "Post 2", day: 3, body: "Edited in the preview.")
        try memory.write(Array(text.utf8), to: path)
        fileSystem.resetCounts()
        try rebuild()
        #expect(cacheReads() == 0)
        #expect(fileSystem.contentReads == ["/site/Content/posts/p2.md"])
        // Another process rewrites a cache file: it is read from disk again.
        let shard = try #require(memory.allFiles.first { $0.hasPrefix("/site/.despina/cache/entries/") })
        try memory.write(try memory.contents(of: shard), to: shard)
        try memory.write(Array(post("p3", title: "Post 3", day: 4, body: "Again.").1.utf8), to: "/site/Content/posts/p3.md")
        fileSystem.resetCounts()
        try rebuild()
        #expect(cacheReads() == EntryCache.shardCount)
        _ = try build(memory, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: memory) == files(below: "/clean/Output", in: memory))
    }

    @Test func aNewPermalinkPatternMovesEveryCachedPost() throws {
        let memory = site(posts: 4)
        let fileSystem = ReadCountingFileSystem(memory)
        _ = try build(fileSystem)
        #expect(memory.exists("/site/Output/posts/p1/index.html"))
        // Cached posts keep their URLs only under the pattern that made them.
        try memory.write(Array("permalink: /notes/:year/:slug/\n".utf8), to: "/site/despina.yml")
        fileSystem.resetCounts()
        _ = try build(fileSystem)
        #expect(fileSystem.contentReads.count == 4)
        #expect(memory.exists("/site/Output/notes/2020/p1/index.html"))
        #expect(!memory.exists("/site/Output/posts/p1/index.html"))
        let output = try files(below: "/site/Output", in: memory)
        #expect(output["notes/2020/p1/index.html"]?.contains("href=\"/notes/2020/p0/\"") == true)
        _ = try build(memory, output: "/clean/Output", clean: true)
        #expect(output == (try files(below: "/clean/Output", in: memory)))
    }

    @Test func aNewPostCannotTakeTheURLACachedPostKeeps() throws {
        let memory = site(posts: 3)
        _ = try build(memory)
        // The new post, read first, claims p1's URL; p1 comes from the cache
        // with that URL kept, and is still checked against it. The error is
        // at the new post's slug, which made the clash.
        let (path, text) = post("a0", title: "Usurper", day: 9, extra: "slug: p1")
        try memory.write(Array(text.utf8), to: path)
        #expect {
            _ = try build(memory)
        } throws: { error in
            "\(error)".contains("Content/posts/a0.md:5:7: error: the URL '/posts/p1/' is also the URL of Content/posts/p1.md")
        }
        // The old site is still served.
        #expect(memory.exists("/site/Output/posts/p1/index.html"))
    }

    @Test func aTouchedButUnchangedFileIsReadButNotRenderedAgain() throws {
        let memory = site(posts: 4)
        let fileSystem = ReadCountingFileSystem(memory)
        _ = try build(fileSystem)
        // Writing the same bytes gives the file a new modification time.
        try memory.write(try memory.contents(of: "/site/Content/posts/p2.md"), to: "/site/Content/posts/p2.md")
        fileSystem.resetCounts()
        let summary = try build(fileSystem)
        #expect(fileSystem.contentReads == ["/site/Content/posts/p2.md"])
        #expect(summary.unchangedFileCount == summary.fileCount)
    }

    @Test func aRenamedLinkTargetRendersTheLinkingPostAgain() throws {
        let memory = site(posts: 3)
        _ = try build(memory)
        let before = try files(below: "/site/Output", in: memory)
        #expect(before["posts/p1/index.html"]?.contains("href=\"/posts/p0/\"") == true)
        let (path, text) = post("p0", title: "Post 0", day: 1, extra: "slug: renamed")
        try memory.write(Array(text.utf8), to: path)
        _ = try build(memory)
        let after = try files(below: "/site/Output", in: memory)
        #expect(after["posts/p1/index.html"]?.contains("href=\"/posts/renamed/\"") == true)
    }

    @Test func aTemplateThatGainsAnElementIDRendersCachedHeadingsAgain() throws {
        let memory = MemoryFileSystem(files: [
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n\n## Notes\n\nText.\n",
        ])
        _ = try build(memory)
        #expect(try files(below: "/site/Output", in: memory)["posts/a/index.html"]?.contains("id=\"notes\"") == true)
        try memory.write(Array("<aside id=\"notes\"></aside>{{{post.contentHTML}}}\n".utf8), to: "/site/Templates/post.mustache")
        _ = try build(memory)
        let page = try files(below: "/site/Output", in: memory)["posts/a/index.html"] ?? ""
        #expect(page.contains("<h2 id=\"notes-1\">"))
        _ = try build(memory, output: "/clean/Output", clean: true)
        let incremental = try files(below: "/site/Output", in: memory)
        let clean = try files(below: "/clean/Output", in: memory)
        #expect(incremental.keys.sorted() == clean.keys.sorted())
        #expect(incremental.keys.filter { incremental[$0] != clean[$0] }.sorted() == [])
    }

    @Test func warningsAreRepeatedWhenNothingChanged() throws {
        let memory = site(posts: 2)
        let (path, text) = post("p9", title: "Broken link", day: 9, body: "See [gone](missing.md).")
        try memory.write(Array(text.utf8), to: path)
        let first = try build(memory)
        let second = try build(memory)
        #expect(first.warnings.count == 1)
        #expect(second.warnings == first.warnings)
        #expect(second.unchangedFileCount == second.fileCount)
    }

    @Test func aFuturePostAppearsWhenItsDateComesWithoutAnyFileChanging() throws {
        let memory = site(posts: 2)
        let future = Date(timeIntervalSince1970: 1_800_000_000)
        let (path, text) = post("later", title: "Later", day: 1, extra: "")
        try memory.write(Array(text.replacingOccurrences(of: "2020-01-01", with: "2027-01-15").utf8), to: path)
        let before = try build(memory)
        #expect(before.postCount == 2)
        let unchanged = try build(memory)
        #expect(unchanged.postCount == 2)
        let after = try build(memory, now: future)
        #expect(after.postCount == 3)
        #expect(try files(below: "/site/Output", in: memory)["posts/later/index.html"] != nil)
    }

    @Test func aDamagedCacheIsIgnored() throws {
        let memory = site(posts: 6)
        _ = try build(memory)
        let cacheFiles = memory.allFiles.filter { $0.hasPrefix("/site/.despina/cache/") }
        #expect(!cacheFiles.isEmpty)
        for (index, path) in cacheFiles.enumerated() {
            var bytes = try memory.contents(of: path)
            if index % 2 == 0 {
                bytes = Array(bytes.prefix(bytes.count / 2))
            } else if !bytes.isEmpty {
                bytes[bytes.count / 2] ^= 0x55
            }
            try memory.write(bytes, to: path)
        }
        let (path, text) = post("p1", title: "Post one, edited", day: 2)
        try memory.write(Array(text.utf8), to: path)
        _ = try build(memory)
        _ = try build(memory, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: memory) == files(below: "/clean/Output", in: memory))
    }

    @Test func aTemplateEditKeepsTheSearchIndexWithoutMakingIt() throws {
        let memory = site(posts: 8)
        let fileSystem = ReadCountingFileSystem(memory)
        try memory.write(Array("{{#posts}}{{title}}{{/posts}}\n".utf8), to: "/site/Templates/list.mustache")
        _ = try build(fileSystem)
        try memory.write(Array("{{#posts}}<b>{{title}}</b>{{/posts}}\n".utf8), to: "/site/Templates/list.mustache")
        fileSystem.resetCounts()
        let summary = try build(fileSystem)
        #expect(fileSystem.readPaths.filter { $0.hasPrefix("/site/.despina/cache/search/") }.isEmpty)
        #expect(summary.fileCount > summary.unchangedFileCount)
        _ = try build(memory, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: memory) == files(below: "/clean/Output", in: memory))
    }

    /// A build without a usable cache asks for every post a few files
    /// ahead of reading it, once; a rebuild reads the posts that changed
    /// without asking ahead.
    @Test func postsAreReadAheadWhenNoneIsCached() throws {
        let memory = site(posts: 28)
        let fileSystem = ReadCountingFileSystem(memory)
        _ = try build(fileSystem)
        #expect(fileSystem.prefetchedPaths.count == 28)
        #expect(fileSystem.prefetchedPaths == fileSystem.contentReads)

        let (path, text) = post("p4", title: "Post 4, edited", day: 5)
        try memory.write(Array(text.utf8), to: path)
        fileSystem.resetCounts()
        _ = try build(fileSystem)
        #expect(fileSystem.prefetchedPaths.isEmpty)
        #expect(fileSystem.contentReads == [path])

        fileSystem.resetCounts()
        _ = try build(fileSystem)
        #expect(fileSystem.prefetchedPaths.isEmpty)

        // Another Markdown setting: no record applies, every post is read.
        try memory.write(Array("markdown:\n  smartPunctuation: false\n".utf8), to: "/site/despina.yml")
        fileSystem.resetCounts()
        _ = try build(fileSystem)
        #expect(fileSystem.prefetchedPaths.count == 28)
        #expect(fileSystem.prefetchedPaths == fileSystem.contentReads)
    }

    @Test func aMissingSavedSearchIndexIsMadeAgainFromThePosts() throws {
        let memory = site(posts: 8)
        _ = try build(memory)
        for path in memory.allFiles where path.hasPrefix("/site/.despina/cache/search/") {
            try memory.removeItem(at: path)
        }
        let (path, text) = post("p4", title: "Post 4", day: 5, body: "A zebra appears.")
        try memory.write(Array(text.utf8), to: path)
        _ = try build(memory)
        _ = try build(memory, output: "/clean/Output", clean: true)
        let incremental = try files(below: "/site/Output", in: memory)
        #expect(incremental.keys.filter { $0.hasPrefix("search/") }.count > 2)
        #expect(incremental == (try files(below: "/clean/Output", in: memory)))
        #expect(memory.allFiles.contains("/site/.despina/cache/search/tables"))
    }

    /// When no cached post can be used (here: another Markdown setting),
    /// every post is analysed anew and the index is made from those
    /// documents, without reading the saved builder only to replace all of it.
    @Test func aBuildThatAnalysesEveryPostAnewLeavesTheSavedIndexUnread() throws {
        let memory = site(posts: 8)
        let fileSystem = ReadCountingFileSystem(memory)
        _ = try build(fileSystem)
        try memory.write(Array("markdown:\n  smartPunctuation: false\n".utf8), to: "/site/despina.yml")
        fileSystem.resetCounts()
        _ = try build(fileSystem)
        #expect(fileSystem.contentReads.count == 8)
        #expect(fileSystem.readPaths.filter { $0.hasPrefix("/site/.despina/cache/search/") }.isEmpty)
        _ = try build(memory, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: memory) == files(below: "/clean/Output", in: memory))

        // The builder saved by that build serves the next edit.
        let (path, text) = post("p4", title: "Post 4", day: 5, body: "A zebra appears.")
        try memory.write(Array(text.utf8), to: path)
        fileSystem.resetCounts()
        _ = try build(fileSystem)
        #expect(!fileSystem.readPaths.filter { $0.hasPrefix("/site/.despina/cache/search/") }.isEmpty)
        _ = try build(memory, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: memory) == files(below: "/clean/Output", in: memory))
    }

    @Test func cacheRecordsReadBackAsWritten() throws {
        var fields = Entry.Fields(
            sourcePath: "Content/posts/x.md", kind: .post, section: "posts", requestedPath: "/posts/x/", title: "Ünïcode “title”",
            date: Date(timeIntervalSince1970: 1_600_000_123.5), updated: nil, tags: ["swift", "iOS"],
            description: nil, language: "tr", isDraft: false, identifier: "x-id", identifierPosition: (2, 5),
            aliases: [("/old/", 3, 4)], series: "Series", seriesPart: -2, layout: "poem", isSearchable: true,
            keywords: ["k"], image: "/a.png", explicitPermalink: ("/p/", 6, 7), body: "", bodyFirstLine: 9,
            markdown: MarkdownSettings())
        fields.path = "/posts/x/"
        fields.dateZoneOffset = -28_800
        fields.content = RenderedContent(
            htmlText: UTF8Text("<p>ş</p>"), summaryHTML: "<p>s</p>", headings: [.init(level: 2, title: "H", id: "h")],
            plainText: [], codeText: [], wordCount: 12, readingMinutes: 1,
            links: [.init(destination: "y.md", url: "/posts/y/", line: 10, column: 3)], images: [])
        let record = CachedEntry(
            size: 42, modified: -7, sourceHash: 0xDEAD_BEEF_0000_0001, entry: Entry(fields),
            loadDiagnostics: [.warning("w", path: "Content/posts/x.md", line: 1, column: 2)],
            renderDiagnostics: [], linkLookups: [.init(destination: "y.md", result: "/posts/y/"), .init(destination: "z.md", result: nil)])
        let bytes = EntryCache.encodeNotingHTML([record], key: 99).bytes
        let decoded = try EntryCache.decode(SharedBytes(copying: bytes), key: 99)
        #expect(decoded.count == 1)
        let back = try #require(decoded.first)
        #expect(back.size == 42 && back.modified == -7 && back.sourceHash == record.sourceHash)
        #expect(back.entry.title == "Ünïcode “title”" && back.entry.date == fields.date && back.entry.tags == ["swift", "iOS"])
        #expect(back.entry.identifierPosition?.line == 2 && back.entry.aliases.first?.path == "/old/")
        #expect(back.entry.seriesPart == -2 && back.entry.explicitPermalink?.column == 7 && back.entry.path == "/posts/x/")
        #expect(back.entry.requestedPath == "/posts/x/" && back.entry.dateZoneOffset == -28_800)
        #expect(back.entry.content?.html == "<p>ş</p>" && back.entry.content?.headings == fields.content?.headings)
        #expect(back.entry.content?.links == fields.content?.links)
        #expect(back.loadDiagnostics == record.loadDiagnostics && back.linkLookups == record.linkLookups)
        // A record read back and written again is the same bytes.
        #expect(EntryCache.encodeNotingHTML(decoded, key: 99).bytes == bytes)
        #expect(throws: MalformedCache.self) { try EntryCache.decode(SharedBytes(copying: bytes), key: 98) }
        #expect(throws: MalformedCache.self) { try EntryCache.decode(SharedBytes(copying: Array(bytes.dropLast())), key: 99) }
    }

    /// Edits of every kind, each to the files it touches only (as a writer
    /// saves them), with the clock moving: every rebuild must equal a clean
    /// build.
    @Test(arguments: [11, 12, 13, 14]) func randomEditsOfEveryKindEndWithACleanBuild(seed: UInt64) throws {
        var random = IncrementalOutputTests.Generator(state: seed)
        let memory = MemoryFileSystem()
        var names = (0..<8).map { "p\($0)" }
        func write(_ name: String, title: String? = nil, day: Int? = nil, tags: [String]? = nil,
                   body: String? = nil, extra: String = "") throws {
            let index = Int(name.dropFirst()) ?? 0
            let (path, text) = post(
                name, title: title ?? "Post \(name)", day: day ?? (index % 28) + 1,
                tags: tags ?? ["t\(index % 3)"],
                body: body ?? "Body of \(name). Link to [p0](p0.md) and [p3](p3.md#part-one).", extra: extra)
            try memory.write(Array(text.utf8), to: path)
        }
        for name in names { try write(name) }
        try memory.write(Array("title: Blog\npostsPerPage: 3\n".utf8), to: "/site/despina.yml")
        var now = fixedNow
        // Every page kept by its fingerprint is rendered too and compared.
        _ = try build(memory, now: now, verifiesKept: true)
        var next = 100
        for step in 0..<16 {
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            switch Int.random(in: 0..<12, using: &random) {
            case 0:
                names.append("p\(next)")
                try write("p\(next)")
                next += 1
            case 1 where names.count > 3:
                try memory.removeItem(at: "/site/Content/posts/\(name).md")
                names.removeAll { $0 == name }
            case 2: try write(name, title: "Retitled \(step)")
            case 3: try write(name, tags: ["t\(Int.random(in: 0..<5, using: &random))", "extra"])
            case 4: try write(name, extra: "draft: true")
            case 5: try write(name, extra: "slug: moved-\(step)")
            case 6: try write(name, extra: "series: Saga\nseriesPart: \(Int.random(in: 1...3, using: &random))")
            case 7:
                // Sometimes with another permalink pattern, which moves every post.
                let permalink = ["", "permalink: /notes/:slug/\n", "permalink: /:year/:month/:slug/\n"][
                    Int.random(in: 0..<3, using: &random)]
                try memory.write(
                    Array("title: Blog \(step)\npostsPerPage: \(Int.random(in: 2...4, using: &random))\n\(permalink)".utf8),
                    to: "/site/despina.yml")
            case 8:
                // On odd steps the template also takes an id that a heading of every post has.
                let id = step % 2 == 1 ? " id=\"part-one\"" : ""
                try memory.write(Array("<article\(id) class=\"edited-\(step)\">{{{post.contentHTML}}}</article>\n".utf8),
                                 to: "/site/Templates/post.mustache")
            case 9:
                // A post dated ahead, then the clock passes it.
                let (path, text) = post("soon\(step)", title: "Soon", day: 1)
                try memory.write(Array(text.replacingOccurrences(of: "2020-01-01", with: "2026-01-03").utf8), to: path)
                now = now.addingTimeInterval(86_400 * Double(Int.random(in: 0...3, using: &random)))
            case 10:
                // A copied file changes (same size, other bytes).
                try memory.write(Array("image \(step % 10)".utf8), to: "/site/Content/images/picture.png")
            default: try write(name, body: "New body \(step). [Back to p1](p1.md)")
            }
            _ = try build(memory, now: now, verifiesKept: true)
            _ = try build(memory, output: "/clean/Output", clean: true, now: now)
            let incremental = try files(below: "/site/Output", in: memory)
            let clean = try files(below: "/clean/Output", in: memory)
            #expect(incremental.keys.sorted() == clean.keys.sorted(), "step \(step)")
            let differing = incremental.keys.filter { incremental[$0] != clean[$0] }.sorted()
            #expect(differing.isEmpty, "step \(step): \(differing) differ from a clean build")
        }
    }
}

/// A site whose Content/ folder is a link to the posts kept elsewhere (as
/// when one folder of posts serves two generators).
@Suite struct LinkedContentFolderTests {
    @Test func aLinkedContentFolderIsRead() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let posts = directory + "/shared-posts"
        try FileManager.default.createDirectory(atPath: posts + "/posts", withIntermediateDirectories: true)
        try "---\ntitle: Linked\ndate: 2020-01-01\n---\n\nText.\n".write(
            toFile: posts + "/posts/linked.md", atomically: true, encoding: .utf8)
        let site = directory + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site + "/Content", withDestinationPath: posts)
        let summary = try SiteBuilder(environment: BuildEnvironment(
            fileSystem: LocalFileSystem(), now: { fixedNow }, log: .silent)).build(BuildOptions(siteDirectory: site))
        #expect(summary.postCount == 1)
        #expect(FileManager.default.fileExists(atPath: site + "/Output/posts/linked/index.html"))
    }
}

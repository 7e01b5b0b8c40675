import Foundation
import Testing
@testable import DespinaKit
import SearchIndex

/// Rebuilds write only the files that changed, and always end with exactly
/// what a clean build makes.
@Suite struct IncrementalOutputTests {
    func build(
        _ fileSystem: MemoryFileSystem, output: String = "/site/Output", clean: Bool = false,
        defersSearchIndex: Bool = false, verifiesKept: Bool = false
    ) throws -> BuildSummary {
        try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .build(options(output: output, clean: clean, defersSearchIndex: defersSearchIndex, verifiesKept: verifiesKept))
    }

    /// `verifiesKept` makes every file the build would keep and compares
    /// it with the kept one (`KeptOutputCheck`).
    func options(
        output: String = "/site/Output", clean: Bool = false, defersSearchIndex: Bool = false, verifiesKept: Bool = false
    ) -> BuildOptions {
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = output
        options.clean = clean
        options.defersSearchIndex = defersSearchIndex
        if verifiesKept { options.verifiesKeptOutput = true }
        return options
    }

    /// Every file below `folder` with its bytes.
    func files(below folder: String, in fileSystem: MemoryFileSystem) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for path in fileSystem.allFiles where path.hasPrefix(folder + "/") {
            result[String(path.dropFirst(folder.count + 1))] = try fileSystem.contents(of: path)
        }
        return result
    }

    /// Modification stamps of the files below `folder` (each write gets a new one).
    func stamps(below folder: String, in fileSystem: MemoryFileSystem) -> [String: Int64] {
        var result: [String: Int64] = [:]
        for path in fileSystem.allFiles where path.hasPrefix(folder + "/") {
            result[path] = fileSystem.info(at: path)?.modified
        }
        return result
    }

    /// A site of `count` posts `p0`, `p1`… on successive days, tagged `a`.
    func site(posts count: Int) -> MemoryFileSystem {
        MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: (0..<count).map {
            post("p\($0)", title: "Post \($0)", day: $0 + 1, tags: ["a"])
        }))
    }

    func post(
        _ name: String, title: String, day: Int, tags: [String], draft: Bool = false, description: String? = nil,
        lead: String = "", text: String = "Text."
    ) -> (String, String) {
        ("/site/Content/posts/\(name).md", """
        ---
        title: "\(title)"
        date: 2020-01-\(day < 10 ? "0" : "")\(day)
        tags: [\(tags.joined(separator: ", "))]
        description: \(description ?? "About \(title).")
        draft: \(draft)
        ---

        \(lead)Body of \(title). See [the first](p0.md).

        ## Part one

        \(text)
        """)
    }

    @Test func aRebuildWithoutChangesWritesNothing() throws {
        let fileSystem = site(posts: 6)
        let first = try build(fileSystem)
        #expect(first.unchangedFileCount == 0)
        for _ in 0..<3 {
            let before = stamps(below: "/site", in: fileSystem)
            let again = try build(fileSystem)
            #expect(again.unchangedFileCount == again.fileCount)
            let after = stamps(below: "/site", in: fileSystem)
            let touched = after.filter { before[$0.key] != $0.value }.keys.filter { !$0.hasPrefix("/site/.despina/") }
            #expect(touched.isEmpty, "a build without changes wrote \(touched.sorted())")
        }
    }

    @Test func anEditRewritesOnlyWhatShowsThePost() throws {
        let fileSystem = MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: (0..<30).map {
            post("p\($0)", title: "Post \($0)", day: $0 + 1, tags: [$0 % 2 == 0 ? "even" : "odd"])
        }))
        _ = try build(fileSystem)
        _ = try build(fileSystem)
        let (path, text) = post("p3", title: "Post 3", day: 4, tags: ["odd"])
        try fileSystem.write(Array(text.replacingOccurrences(of: "Text.", with: "New text.").utf8), to: path)
        let summary = try build(fileSystem)
        let rewritten = summary.fileCount - summary.unchangedFileCount
        #expect(rewritten > 0 && rewritten < summary.fileCount / 4, "\(rewritten) of \(summary.fileCount) files rewritten")
        let output = try files(below: "/site/Output", in: fileSystem)
        #expect(String(decoding: output["posts/p3/index.html"] ?? [], as: UTF8.self).contains("New text."))
    }

    /// The builder behind the search index is saved on another thread, and
    /// is whole when the build returns: the next build, even at once, finds
    /// every post's document and the posting lists in it.
    @Test func theSavedSearchIndexBuilderIsWholeWhenTheBuildReturns() throws {
        for round in 0..<3 {
            let fileSystem = site(posts: 12)
            // Its files written slowly, so that a build that did not wait
            // for them would return first.
            let slow = SlowSearchStateFileSystem(base: fileSystem)
            func build(_ fileSystem: MemoryFileSystem) throws {
                _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: slow, now: { fixedNow }, log: .silent))
                    .build(options())
            }
            try build(fileSystem)
            let saved = try #require(
                SearchIndexState.load(from: "/site/.despina/cache/search", fileSystem: fileSystem),
                "round \(round): no saved builder")
            #expect(saved.builder.count == 12)
            #expect(saved.builder.encodedPostings() != nil)
            let (path, text) = post("p4", title: "Post 4", day: 5, tags: ["a"], text: "Other text.")
            try fileSystem.write(Array(text.utf8), to: path)
            try build(fileSystem)
            let updated = try #require(SearchIndexState.load(from: "/site/.despina/cache/search", fileSystem: fileSystem))
            #expect(updated.builder.version(of: "posts/p4") != saved.builder.version(of: "posts/p4"))
            // The text is in the post's text file, not in the saved builder.
            let textFile = "/site/Output/search/" + DocumentText.path(forID: "posts/p4")
            #expect(String(decoding: try fileSystem.contents(of: textFile), as: UTF8.self).contains("Other text"))
        }
    }

    /// The search index's chunk files (the documents' stored fields) and
    /// text files are kept while their documents are the same: an edit of a
    /// post's text makes its text file again and no other, and the index is
    /// a clean build's.
    @Test func anEditMakesOneTextFileOfTheSearchIndexAgain() throws {
        let fileSystem = MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: (0..<90).map {
            post("p\($0)", title: "Post \($0)", day: $0 % 28 + 1, tags: ["a"])
        }))
        _ = try build(fileSystem)
        _ = try build(fileSystem)
        func searchStamps() -> [String: Int64] {
            stamps(below: "/site/Output/search/d", in: fileSystem)
                .merging(stamps(below: "/site/Output/search/t", in: fileSystem)) { first, _ in first }
        }
        let before = searchStamps()
        #expect(before.count > 90)
        let (path, text) = post("p3", title: "Post 3", day: 4, tags: ["a"], text: "New text.")
        try fileSystem.write(Array(text.utf8), to: path)
        _ = try build(fileSystem)
        let after = searchStamps()
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after.filter { before[$0.key] != $0.value }.keys.sorted()
            == ["/site/Output/search/" + DocumentText.path(forID: "posts/p3")])
        _ = try build(fileSystem, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: fileSystem) == files(below: "/clean/Output", in: fileSystem))
    }

    /// A post's page shows of its neighbours only their titles and links,
    /// and the theme's lists and archive show no word counts: more text at
    /// the end of a post makes its page, its feeds and the search index
    /// again, not its neighbours, lists or archive. A template that names
    /// the word count has its lists made again.
    @Test func moreTextRewritesWhatShowsTheText() throws {
        func written(after edit: (MemoryFileSystem) throws -> Void, templates: [String: String] = [:]) throws -> Set<String> {
            var files = Dictionary(uniqueKeysWithValues: (0..<12).map {
                post("p\($0)", title: "Post \($0)", day: $0 + 1, tags: ["a"])
            })
            for (name, source) in templates { files["/site/Templates/\(name).mustache"] = source }
            let fileSystem = MemoryFileSystem(files: files)
            _ = try build(fileSystem)
            _ = try build(fileSystem)
            let before = stamps(below: "/site/Output", in: fileSystem)
            try edit(fileSystem)
            _ = try build(fileSystem)
            let after = stamps(below: "/site/Output", in: fileSystem)
            return Set(after.filter { before[$0.key] != $0.value }.keys.map { String($0.dropFirst("/site/Output/".count)) })
        }
        func moreText(_ fileSystem: MemoryFileSystem) throws {
            let (path, text) = post("p5", title: "Post 5", day: 6, tags: ["a"], text: "Text, and much more of it.")
            try fileSystem.write(Array(text.utf8), to: path)
        }
        let plain = try written(after: moreText)
        #expect(plain.contains("posts/p5/index.html"))
        #expect(!plain.contains { $0.hasPrefix("posts/p4/") || $0.hasPrefix("posts/p6/") }, "\(plain.sorted())")
        #expect(!plain.contains("archive/index.html") && !plain.contains("index.html") && !plain.contains("tags/a/index.html"),
                "\(plain.sorted())")
        let counting = try written(after: moreText, templates: [
            "archive": "{{#years}}{{#posts}}{{title}} ({{wordCount}} words)\n{{/posts}}{{/years}}",
        ])
        #expect(counting.contains("archive/index.html"), "\(counting.sorted())")
        #expect(!counting.contains("index.html"))
        let retitled = try written { fileSystem in
            let (path, text) = post("p5", title: "Post five", day: 6, tags: ["a"])
            try fileSystem.write(Array(text.utf8), to: path)
        }
        #expect(["posts/p4/index.html", "posts/p6/index.html", "archive/index.html", "tags/a/index.html"]
            .allSatisfy(retitled.contains), "\(retitled.sorted())")
    }

    /// A series' title is the one its newest part's front matter gives: when
    /// that changes, the other parts' series boxes change with it, though
    /// nothing of theirs did.
    @Test func aRetitledSeriesRewritesEveryPart() throws {
        func part(_ number: Int, series: String) -> (String, String) {
            ("/site/Content/posts/part\(number).md", """
            ---
            title: "Part \(number)"
            date: 2020-01-0\(number)
            series: "\(series)"
            seriesPart: \(number)
            ---

            Text of part \(number).
            """)
        }
        let fileSystem = MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: [
            part(1, series: "Swift Basics"), part(2, series: "Swift Basics"), part(3, series: "Swift Basics"),
        ]))
        _ = try build(fileSystem)
        let (path, text) = part(3, series: "Swift basics")
        try fileSystem.write(Array(text.utf8), to: path)
        _ = try build(fileSystem)
        _ = try build(fileSystem, output: "/clean/Output", clean: true)
        let incremental = try files(below: "/site/Output", in: fileSystem)
        #expect(String(decoding: incremental["posts/part1/index.html"] ?? [], as: UTF8.self).contains("Swift basics"))
        #expect(incremental == (try files(below: "/clean/Output", in: fileSystem)))
    }

    /// The preview reloads pages before the search index is made: a build
    /// that defers the index keeps the last one as it was, is not taken for
    /// up to date, and the build after it makes what a clean build makes.
    @Test func aDeferredSearchIndexIsMadeByTheNextBuild() throws {
        let fileSystem = site(posts: 10)
        // With no index in place yet, nothing is deferred.
        let first = try build(fileSystem, defersSearchIndex: true)
        #expect(!first.searchIndexDeferred)
        let indexBefore = try files(below: "/site/Output/search", in: fileSystem).filter { !$0.key.hasSuffix(".html") }
        #expect(!indexBefore.isEmpty)

        let (path, text) = post("p3", title: "Zanzibar notes", day: 4, tags: ["a"])
        try fileSystem.write(Array(text.utf8), to: path)
        let deferred = try build(fileSystem, defersSearchIndex: true)
        #expect(deferred.searchIndexDeferred)
        #expect(deferred.fileCount == first.fileCount)
        let afterDeferred = try files(below: "/site/Output", in: fileSystem)
        #expect(String(decoding: afterDeferred["posts/p3/index.html"] ?? [], as: UTF8.self).contains("Zanzibar notes"))
        #expect(afterDeferred.filter { $0.key.hasPrefix("search/") && !$0.key.hasSuffix(".html") }
            == Dictionary(uniqueKeysWithValues: indexBefore.map { ("search/" + $0.key, $0.value) }))

        let next = try build(fileSystem)
        #expect(!next.searchIndexDeferred)
        #expect(next.unchangedFileCount < next.fileCount, "the build after a deferred one took itself for up to date")
        _ = try build(fileSystem, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: fileSystem) == files(below: "/clean/Output", in: fileSystem))
        #expect(try files(below: "/site/Output/search", in: fileSystem) != indexBefore)
    }

    /// After a build into an empty folder, the preview makes the previous
    /// generation from the output's files while the writer reads; the
    /// next build starts from it and still ends with a clean build's files.
    @Test func theMirroredPreviousSiteIsTheOutput() throws {
        let fileSystem = site(posts: 6)
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        let previewOptions = options()
        _ = try SiteBuilder(environment: environment).build(previewOptions)
        #expect(!fileSystem.exists("/site/.Output.previous"))
        SiteBuilder(environment: environment).prepareNextBuild(previewOptions)
        #expect(try files(below: "/site/.Output.previous", in: fileSystem) == files(below: "/site/Output", in: fileSystem))
        #expect(!fileSystem.exists("/site/.Output.staging"))
        // A second call finds the previous site there and leaves it.
        SiteBuilder(environment: environment).prepareNextBuild(previewOptions)

        let (path, text) = post("p2", title: "Post two, retitled", day: 3, tags: ["b"])
        try fileSystem.write(Array(text.utf8), to: path)
        let summary = try build(fileSystem)
        #expect(summary.unchangedFileCount > 0)
        _ = try build(fileSystem, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: fileSystem) == files(below: "/clean/Output", in: fileSystem))
    }

    /// `despina build` into an empty folder leaves no previous site (a
    /// first build does only its own work); once a build has replaced the
    /// output, the replaced site is kept beside it. When the output is then
    /// deleted, the next build takes every file it can from the previous
    /// site, writes only those that differ from it, and ends with a clean
    /// build's files.
    @Test func aDeletedOutputIsMadeAgainFromThePreviousSite() throws {
        let fileSystem = site(posts: 6)
        _ = try build(fileSystem)
        #expect(!fileSystem.exists("/site/.Output.previous"))
        #expect(!fileSystem.exists("/site/.Output.staging"))
        let (path, text) = post("p2", title: "Post two, retitled", day: 3, tags: ["a"])
        try fileSystem.write(Array(text.utf8), to: path)
        let edited = try build(fileSystem)
        #expect(edited.unchangedFileCount > 0 && edited.unchangedFileCount < edited.fileCount)
        #expect(fileSystem.exists("/site/.Output.previous/posts/p2/index.html"))

        try fileSystem.removeItem(at: "/site/Output")
        let kept = stamps(below: "/site/.Output.previous", in: fileSystem)
        let again = try build(fileSystem)
        let madeAgain = stamps(below: "/site/Output", in: fileSystem)
        let written = madeAgain.filter { kept["/site/.Output.previous" + $0.key.dropFirst("/site/Output".count)] != $0.value }
        #expect(written.count == again.fileCount - again.unchangedFileCount + 1, "written again: \(written.keys.sorted())")
        #expect(written.keys.contains("/site/Output/posts/p2/index.html"))
        #expect(!written.keys.contains("/site/Output/posts/p4/index.html"))
        _ = try build(fileSystem, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: fileSystem) == files(below: "/clean/Output", in: fileSystem))
    }

    /// A clean build makes every file anew in an empty staging folder: the
    /// previous site and a staging folder an interrupted build left are
    /// deleted first, and neither is left when the build ends. The next
    /// build starts from the replaced site.
    @Test func aCleanBuildDeletesThePreviousSite() throws {
        let fileSystem = site(posts: 4)
        _ = try build(fileSystem)
        let (firstPath, firstText) = post("p2", title: "Post two, retitled", day: 3, tags: ["a"])
        try fileSystem.write(Array(firstText.utf8), to: firstPath)
        _ = try build(fileSystem)
        #expect(fileSystem.exists("/site/.Output.previous/posts/p0/index.html"))
        try fileSystem.write(Array("half".utf8), to: "/site/.Output.staging/posts/stale/index.html")
        let clean = try build(fileSystem, clean: true)
        #expect(clean.unchangedFileCount == 0)
        #expect(!fileSystem.exists("/site/.Output.staging"))
        #expect(!fileSystem.exists("/site/.Output.trash-emptying"))
        #expect(!fileSystem.exists("/site/Output/posts/stale"))
        #expect(fileSystem.exists("/site/.Output.previous/posts/p0/index.html"))

        let (path, text) = post("p1", title: "Post one, retitled", day: 2, tags: ["a"])
        try fileSystem.write(Array(text.utf8), to: path)
        let edited = try build(fileSystem)
        #expect(edited.unchangedFileCount > 0)
        _ = try build(fileSystem, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: fileSystem) == files(below: "/clean/Output", in: fileSystem))
    }

    /// A section whose last post goes leaves no folder behind, even with a
    /// one-letter name (whose parent Foundation cannot work out on Linux).
    @Test func anEmptiedOneLetterSectionIsRemoved() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\nHello\n",
            "/site/Content/n/p.md": "---\ntitle: N\ndate: 2024-01-02\n---\nNote\n",
        ])
        _ = try build(fileSystem)
        try fileSystem.write(Array("---\ntitle: A\ndate: 2024-01-01\n---\nHello again\n".utf8), to: "/site/Content/posts/a.md")
        _ = try build(fileSystem)
        #expect(fileSystem.exists("/site/.Output.previous/n/p/index.html"))
        try fileSystem.removeItem(at: "/site/Content/n/p.md")
        _ = try build(fileSystem)
        #expect(!fileSystem.exists("/site/Output/n"))
        _ = try build(fileSystem, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: fileSystem) == files(below: "/clean/Output", in: fileSystem))
    }

    /// The preview's linking of the previous site, stopped half way,
    /// leaves a staging folder without marker and no previous site; the
    /// next linking removes the one and makes the other, and a build
    /// sweeps such a folder away too.
    @Test func anInterruptedLinkingIsDoneAgain() throws {
        let fileSystem = site(posts: 4)
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        _ = try build(fileSystem)
        try fileSystem.write(Array("half".utf8), to: "/site/.Output.staging/posts/p0/index.html")
        SiteBuilder(environment: environment).prepareNextBuild(options())
        #expect(!fileSystem.exists("/site/.Output.staging"))
        #expect(try files(below: "/site/.Output.previous", in: fileSystem) == files(below: "/site/Output", in: fileSystem))

        try fileSystem.write(Array("half".utf8), to: "/site/.Output.staging/posts/p0/index.html")
        let (path, text) = post("p1", title: "Post one, retitled", day: 2, tags: ["a"])
        try fileSystem.write(Array(text.utf8), to: path)
        _ = try build(fileSystem)
        #expect(!fileSystem.exists("/site/.Output.staging"))
        _ = try build(fileSystem, output: "/clean/Output", clean: true)
        #expect(try files(below: "/site/Output", in: fileSystem) == files(below: "/clean/Output", in: fileSystem))
    }

    /// Where the file system cannot link, the preview makes no previous
    /// site (a copy would double the site on disk) and leaves nothing half
    /// made.
    @Test func noPreviousSiteIsMadeWithoutLinks() throws {
        let memory = site(posts: 3)
        let fileSystem = LinklessFileSystem(base: memory)
        let builder = SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
        let summary = try builder.build(options())
        builder.prepareNextBuild(options())
        #expect(summary.fileCount > 0)
        #expect(!memory.exists("/site/.Output.previous"))
        #expect(!memory.exists("/site/.Output.staging"))
        #expect(memory.exists("/site/Output/index.html"))
    }

    /// The preview's watcher tells the build what changed: edits of known
    /// files reuse the last scan; anything else (a new file, a removed one,
    /// a folder, lost events) scans again. Each build ends as a clean one.
    @Test func aWatchedBuildScansAgainUnlessOnlyKnownFilesChanged() throws {
        let fileSystem = site(posts: 4)
        let buildMemory = BuildMemory(watchesContent: true)
        guard let memory = buildMemory.scan else { return }
        var watched = options()
        watched.memory = buildMemory
        let builder = SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
        func expectCleanOutput(_ comment: Comment) throws {
            _ = try build(fileSystem, output: "/clean/Output", clean: true)
            #expect(try files(below: "/site/Output", in: fileSystem) == files(below: "/clean/Output", in: fileSystem), comment)
        }
        _ = try builder.build(watched)
        // No change noted since: the remembered scan stands (asking consumes
        // the noted changes, so the next build scans again).
        #expect(memory.scan(of: "/site", fileSystem: fileSystem)?.files.count == 4)
        #expect(memory.scan(of: "/site", fileSystem: fileSystem) == nil)
        _ = try builder.build(watched)

        let (editedPath, edited) = post("p1", title: "Post one, edited", day: 2, tags: ["a"])
        try fileSystem.write(Array(edited.utf8), to: editedPath)
        memory.noteChanges([editedPath, "/site/Templates/list.mustache"])
        _ = try builder.build(watched)
        try expectCleanOutput("after an edit")

        let (newPath, new) = post("p9", title: "Post nine", day: 9, tags: ["b"])
        try fileSystem.write(Array(new.utf8), to: newPath)
        memory.noteChanges([newPath])
        _ = try builder.build(watched)
        #expect(fileSystem.exists("/site/Output/posts/p9/index.html"))
        try expectCleanOutput("after a new post")

        try fileSystem.removeItem(at: "/site/Content/posts/p0.md")
        memory.noteChanges(["/site/Content/posts/p0.md"])
        _ = try builder.build(watched)
        #expect(!fileSystem.exists("/site/Output/posts/p0/index.html"))
        try expectCleanOutput("after a removed post")

        // Events were lost: the watcher reports its folders.
        try fileSystem.write(Array(post("p7", title: "Post seven", day: 7, tags: ["c"]).1.utf8), to: "/site/Content/posts/p7.md")
        memory.noteChanges(["/site/Content"])
        _ = try builder.build(watched)
        #expect(fileSystem.exists("/site/Output/posts/p7/index.html"))
        try expectCleanOutput("after lost events")
    }

    /// Files a rebuild replaces or removes are deleted, and nothing is
    /// left beside the output but the previous site; a trash folder an
    /// earlier version of Despina kept there is swept away. The output
    /// stays what a clean build makes.
    @Test func replacedFilesLeaveNothingBesideTheOutput() throws {
        let fileSystem = site(posts: 5)
        _ = try build(fileSystem)
        try fileSystem.write(Array("old".utf8), to: "/site/.Output.trash/1")
        _ = try build(fileSystem)
        for round in 0..<3 {
            let (path, text) = post("p2", title: "Post 2, round \(round)", day: 3, tags: round == 1 ? ["b"] : ["a"])
            try fileSystem.write(Array(text.utf8), to: path)
            _ = try build(fileSystem)
            let beside = fileSystem.allFiles.filter { $0.hasPrefix("/site/.") && !$0.hasPrefix("/site/.Output.previous/") }
                .filter { !$0.hasPrefix("/site/.despina/") }
            #expect(beside.isEmpty, "round \(round): \(beside)")
            _ = try build(fileSystem, output: "/clean/Output", clean: true)
            #expect(try files(below: "/site/Output", in: fileSystem) == files(below: "/clean/Output", in: fileSystem))
        }
    }

    /// A seeded generator, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33 ^ state
        }
    }

    @Test(arguments: [1, 2, 3]) func randomEditsEndWithWhatACleanBuildMakes(seed: UInt64) throws {
        try randomEdits(seed: seed, preview: false)
    }

    /// The same with everything the preview keeps between its builds: the
    /// parsed posts, summaries, URLs, the scan (told what changed), the
    /// index put off to a second build.
    @Test(arguments: [4, 5, 6]) func randomPreviewEditsEndWithWhatACleanBuildMakes(seed: UInt64) throws {
        try randomEdits(seed: seed, preview: true)
    }

    func randomEdits(seed: UInt64, preview: Bool) throws {
        var random = Generator(state: seed)
        var posts: [String: (title: String, day: Int, tags: [String], draft: Bool, lead: String, text: String)] = [:]
        for index in 0..<8 {
            posts["p\(index)"] = ("Post \(index)", index + 1, ["t\(index % 3)"], false, "", "Text.")
        }
        let fileSystem = MemoryFileSystem()
        // Every page kept by its fingerprint is rendered too and compared.
        var previewOptions = options(verifiesKept: true)
        previewOptions.memory = BuildMemory(watchesContent: true)
        let builder = SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
        func build() throws {
            guard preview else {
                _ = try self.build(fileSystem, verifiesKept: true)
                return
            }
            var pagesFirst = previewOptions
            pagesFirst.defersSearchIndex = true
            if try builder.build(pagesFirst).searchIndexDeferred { _ = try builder.build(previewOptions) }
            previewOptions.memory?.leftovers.release()
        }
        var written = Set<String>()
        func write() throws {
            let before = Set(fileSystem.allFiles.filter { $0.hasPrefix("/site/Content/") })
            for path in before { try fileSystem.removeItem(at: path) }
            written = []
            for (name, value) in posts {
                let (path, text) = post(
                    name, title: value.title, day: value.day, tags: value.tags, draft: value.draft, lead: value.lead,
                    text: value.text)
                try fileSystem.write(Array(text.utf8), to: path)
                written.insert(path)
            }
            previewOptions.memory?.scan?.noteChanges(Array(before.union(written)))
        }
        try write()
        try build()
        var next = 100
        for _ in 0..<12 {
            let names = posts.keys.sorted()
            switch Int.random(in: 0..<8, using: &random) {
            case 0:
                posts["n\(next)"] = ("New \(next)", Int.random(in: 1...28, using: &random), ["t\(next % 4)"], false, "", "Text.")
                next += 1
            case 6:
                // The text grows: word count and, now and then, reading time.
                let name = names[Int.random(in: 0..<names.count, using: &random)]
                posts[name]?.text += String(repeating: " more words", count: Int.random(in: 1...300, using: &random))
            case 7:
                // The first paragraph, which summaries show, changes.
                let name = names[Int.random(in: 0..<names.count, using: &random)]
                posts[name]?.lead = "Lead \(next). "
                next += 1
            case 1 where names.count > 2:
                posts[names[Int.random(in: 0..<names.count, using: &random)]] = nil
            case 2:
                let name = names[Int.random(in: 0..<names.count, using: &random)]
                posts[name]?.title = "Retitled \(next)"
                next += 1
            case 3:
                let name = names[Int.random(in: 0..<names.count, using: &random)]
                posts[name]?.tags = ["t\(Int.random(in: 0..<5, using: &random))", "extra"]
            case 4:
                let name = names[Int.random(in: 0..<names.count, using: &random)]
                posts[name]?.draft.toggle()
            default:
                let name = names[Int.random(in: 0..<names.count, using: &random)]
                posts[name]?.day = Int.random(in: 1...28, using: &random)
            }
            try write()
            // Now and then the writer deletes the output before building.
            if Int.random(in: 0..<4, using: &random) == 0 { try fileSystem.removeItem(at: "/site/Output") }
            try build()
            _ = try self.build(fileSystem, output: "/clean/Output", clean: true)
            let incremental = try files(below: "/site/Output", in: fileSystem)
            let clean = try files(below: "/clean/Output", in: fileSystem)
            #expect(incremental.keys.sorted() == clean.keys.sorted())
            #expect(incremental == clean, "the incremental output differs from a clean build")
        }
    }
}

/// A file system that cannot make hard links, as on some removable disks.
private struct LinklessFileSystem: WrappingFileSystem {
    let base: MemoryFileSystem
    func hardLink(_ source: String, to destination: String) throws {
        throw FileSystemError(path: destination, reason: "Operation not permitted")
    }
}

/// Writes the saved search index builder's files slowly.
private struct SlowSearchStateFileSystem: WrappingFileSystem {
    let base: MemoryFileSystem
    func write(_ bytes: [UInt8], to path: String) throws {
        if path.contains("/.despina/cache/search/") { usleep(20_000) }
        try base.write(bytes, to: path)
    }
}

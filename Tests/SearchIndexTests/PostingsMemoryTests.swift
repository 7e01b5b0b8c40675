import Testing
@testable import SearchIndex

/// A builder keeps the posting lists it made; a build that replaced a few
/// documents patches them, and its index and lists are those a fresh
/// builder makes from the same documents.
@Suite struct PostingsMemoryTests {
    private static let words = [
        "swift", "closure", "actor", "protocol", "generic", "async", "struct", "enum", "kahve", "çay",
        "phở", "bánh", "lập", "trình", "masal", "şiir", "optional", "macro", "result", "view",
    ]

    /// A seeded generator, so a failure can be replayed.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33 ^ state
        }
    }

    private func document(_ index: Int, revision: Int, using generator: inout Generator) -> AnalyzedDocument {
        let body = (0..<Int.random(in: 4...14, using: &generator)).map { _ in
            Self.words.randomElement(using: &generator) ?? "swift"
        }
        return DocumentAnalyzer.analyze(SearchDocument(
            id: "posts/\(index)", url: "/posts/\(index)/", title: "Post \(index) revision \(revision)",
            tags: index % 2 == 0 ? ["swift"] : ["essay"], section: "posts", language: index % 3 == 0 ? "tr" : "en",
            date: "2024-03-\(String(format: "%02d", index % 28 + 1))", body: body.joined(separator: " ")))
    }

    /// The builder as the next build reads it back from the cache.
    private func reloaded(_ builder: IndexBuilder) throws -> IndexBuilder {
        var loaded = try #require(IndexBuilder(
            tables: builder.encodedTables(), parts: (0..<IndexBuilder.stateParts).map(builder.encodedPart)))
        if let postings = builder.encodedPostings() { loaded.restorePostings(from: postings) }
        return loaded
    }

    /// The builder's kept lists by term (its own term numbers aside).
    private func lists(of builder: IndexBuilder) -> [String: [UInt8]] {
        var lists: [String: [UInt8]] = [:]
        for (term, list) in (builder.postingsMemory?.lists ?? []).enumerated() where !list.isEmpty {
            lists[builder.termNames[term]] = list
        }
        return lists
    }

    private func build(_ builder: inout IndexBuilder) -> [String: [UInt8]] {
        builder.build(keepingChunks: { $0.map { _ in false } })
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64]) func editsEndWithWhatAFreshBuilderMakes(seed: UInt64) throws {
        var generator = Generator(state: seed)
        var current: [Int: (document: AnalyzedDocument, version: UInt64)] = [:]
        var builder = IndexBuilder()
        for index in 0..<160 {
            current[index] = (document(index, revision: 0, using: &generator), UInt64(index))
            builder.add(current[index]!.document, version: current[index]!.version)
        }
        _ = build(&builder)
        var nextVersion: UInt64 = 1_000
        var patchedRounds = 0
        for round in 0..<14 {
            builder = try reloaded(builder)
            #expect(builder.postingsMemory != nil, "round \(round): the lists were not read back")
            // Mostly edits of one to three documents; now and then one added or removed.
            let edits = Int.random(in: 1...3, using: &generator)
            for _ in 0..<edits {
                guard let index = current.keys.sorted().randomElement(using: &generator) else { continue }
                nextVersion += 1
                let edited = (document(index, revision: round + 1, using: &generator), nextVersion)
                current[index] = edited
                builder.remove("posts/\(index)")
                builder.add(edited.0, version: edited.1)
            }
            if round % 5 == 4 {
                let index = 1_000 + round
                nextVersion += 1
                current[index] = (document(index, revision: 0, using: &generator), nextVersion)
                builder.add(current[index]!.document, version: nextVersion)
            }
            if round % 7 == 6, let index = current.keys.sorted().first {
                current[index] = nil
                builder.remove("posts/\(index)")
            }
            var fresh = IndexBuilder()
            for index in current.keys.sorted() { fresh.add(current[index]!.document, version: current[index]!.version) }
            let files = build(&builder)
            #expect(files == build(&fresh), "round \(round): the index differs from a fresh builder's")
            #expect(lists(of: builder) == lists(of: fresh), "round \(round): the lists differ from a fresh builder's")
            if builder.postingsMemory?.patchedDocuments ?? 0 > 0 { patchedRounds += 1 }
        }
        // Added or removed documents, and average lengths that moved, make every list.
        #expect(patchedRounds >= 7, "only \(patchedRounds) of 14 builds patched the lists")
    }

    /// The patch starts from the lists kept: a list of a term the replaced
    /// document neither had nor has is taken as it was kept (here, made
    /// wrong on purpose), which shows that it was not made again.
    @Test func listsOfTermsNoReplacedDocumentHasAreTakenAsKept() throws {
        var builder = IndexBuilder()
        let words = ["alpha", "beta", "gamma", "delta"]
        for index in 0..<40 {
            builder.add(DocumentAnalyzer.analyze(SearchDocument(
                id: "d\(index)", url: "/d\(index)/", title: "T", body: "\(words[index % 4]) common")), version: 1)
        }
        _ = build(&builder)
        var memory = try #require(builder.postingsMemory)
        let gamma = try #require(builder.termNames.firstIndex(of: "gamma"))
        memory.lists[gamma] = Array("AAAA".utf8)
        var loaded = try reloaded(builder)
        loaded.restorePostings(from: memory.encoded())
        // d0 (an "alpha" document) is replaced by a "beta" one of the same length.
        loaded.add(DocumentAnalyzer.analyze(SearchDocument(id: "d0", url: "/d0/", title: "T", body: "beta common")), version: 2)
        let files = build(&loaded)
        #expect(loaded.postingsMemory?.patchedDocuments == 1)
        let postings = files.filter { $0.key.hasPrefix("p/") }.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(postings.contains("\"gamma\":\"AAAA\""))
    }

    @Test func damagedOrForeignListsAreIgnored() throws {
        var builder = IndexBuilder()
        for index in 0..<10 {
            builder.add(DocumentAnalyzer.analyze(SearchDocument(id: "d\(index)", url: "/", title: "word\(index)")), version: 1)
        }
        _ = build(&builder)
        let bytes = try #require(builder.encodedPostings())
        #expect(PostingsMemory(bytes: bytes) == builder.postingsMemory)
        var loaded = try reloaded(builder)
        #expect(loaded.postingsMemory == builder.postingsMemory)
        loaded.restorePostings(from: Array(bytes.dropLast(3)))
        #expect(loaded.postingsMemory == builder.postingsMemory, "damaged bytes changed nothing")
        var other = IndexBuilder()
        other.add(DocumentAnalyzer.analyze(SearchDocument(id: "x", url: "/", title: "x")))
        other.restorePostings(from: bytes)
        #expect(other.postingsMemory == nil, "lists of ten documents do not fit one")
    }
}

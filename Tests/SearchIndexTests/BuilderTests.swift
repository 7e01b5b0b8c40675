import Foundation
import Testing
@testable import SearchIndex

@Suite struct BuilderTests {
    private func documents(_ count: Int) -> [SearchDocument] {
        (0..<count).map { index in
            SearchDocument(
                id: "posts/\(index)", url: "/posts/\(index)/", title: "Post \(index) about swift",
                tags: index % 2 == 0 ? ["swift"] : ["essay"], section: "posts", language: "en",
                date: "2024-01-\(String(format: "%02d", index % 28 + 1))", body: "Body of post \(index) with closures and word\(index).")
        }
    }

    private func build(_ documents: [SearchDocument]) -> [String: [UInt8]] {
        IndexBuilder.files(for: documents)
    }

    @Test func theOrderOfAddingDoesNotMatter() {
        let all = documents(100)
        #expect(build(all) == build(all.reversed()))
    }

    @Test func addingADocumentRewritesOnlyItsChunk() {
        let before = build(documents(100))
        let after = build(documents(101))
        let changedChunks = after.keys.filter { $0.hasPrefix("d/") && before[$0] != after[$0] }
        #expect(changedChunks.count == 1)
        #expect(before.keys.filter { $0.hasPrefix("d/") }.count == 16)
    }

    /// A chunk file is named by a digest of its documents' identifiers and
    /// versions: a new version of one document changes its chunk's digest
    /// alone, and a kept chunk is left out of the files, the rest made as
    /// `build()` makes them.
    @Test func keptChunksAreLeftOutAndNamedByTheirDocumentsVersions() {
        var builder = IndexBuilder()
        let all = documents(100)
        for (index, document) in all.enumerated() { builder.add(DocumentAnalyzer.analyze(document), version: UInt64(index)) }
        /// The digest of each chunk file, as `keep` is asked.
        func build(keeping kept: (String) -> Bool = { _ in false }) -> (files: [String: [UInt8]], digests: [String: UInt64]) {
            var asked: [String: UInt64] = [:]
            let files = builder.build(keepingChunks: { chunks in
                for chunk in chunks { asked[chunk.path] = chunk.digest }
                return chunks.map { kept($0.path) }
            })
            return (files, asked)
        }
        let (everything, digests) = build()
        #expect(everything == builder.build())
        #expect(digests.keys.sorted() == everything.keys.filter { $0.hasPrefix("d/") }.sorted())
        #expect(Set(digests.values).count == digests.count && !digests.values.contains(0))

        let (fewer, same) = build(keeping: { $0 != "d/1.json" })
        #expect(same == digests)
        #expect(fewer == everything.filter { !$0.key.hasPrefix("d/") || $0.key == "d/1.json" })

        // The same words under a new version: only that document's chunk has a new digest.
        builder.add(DocumentAnalyzer.analyze(all[7]), version: 1_000)
        let (_, newer) = build()
        #expect(newer.keys.filter { newer[$0] != digests[$0] }.count == 1)
    }

    @Test func aLaterDocumentWithTheSameIdentifierReplacesTheEarlierOne() throws {
        var builder = IndexBuilder()
        builder.add(DocumentAnalyzer.analyze(SearchDocument(id: "a", url: "/a/", title: "Old title")))
        builder.add(DocumentAnalyzer.analyze(SearchDocument(id: "a", url: "/a/", title: "New title")))
        #expect(builder.count == 1)
        var files = builder.build()
        let text = DocumentText.file(for: SearchDocument(id: "a", url: "/a/", title: "New title"))
        files[text.path] = text.bytes
        let engine = try VectorFiles.engine(files)
        #expect(try engine.search(SearchQuery("old ")).total == 0)
        #expect(try engine.search(SearchQuery("new ")).results.map(\.title) == ["New title"])
    }

    @Test func aDocumentReadsBackAsItWasAdded() {
        var builder = IndexBuilder()
        let analyzed = documents(3).map(DocumentAnalyzer.analyze)
        for document in analyzed { builder.add(document) }
        for document in analyzed { #expect(builder.document(withID: document.id) == document) }
        #expect(builder.document(withID: "missing") == nil)
        let replacement = DocumentAnalyzer.analyze(SearchDocument(id: "posts/1", url: "/p/", title: "Other words", body: "x"))
        builder.add(replacement)
        #expect(builder.document(withID: "posts/1") == replacement)
    }

    @Test func termsOfAReplacedDocumentLeaveNoPostings() {
        var builder = IndexBuilder()
        builder.add(DocumentAnalyzer.analyze(SearchDocument(id: "a", url: "/a/", title: "Zebra")))
        builder.add(DocumentAnalyzer.analyze(SearchDocument(id: "a", url: "/a/", title: "Lion")))
        let text = builder.build().filter { $0.key.hasPrefix("p/") }.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(text.contains("lion"))
        #expect(!text.contains("zebra"))
    }

    @Test func anEmptyIndexAnswersNothing() throws {
        let engine = try VectorFiles.engine(IndexBuilder().build())
        #expect(engine.documentCount == 0)
        #expect(try engine.search(SearchQuery("swift")).total == 0)
    }

    @Test func largeSitesSplitIntoPieces() throws {
        let files = build(documents(2000))
        #expect(files.keys.filter { $0.hasPrefix("d/") }.count == 256)
        #expect(files.keys.filter { !$0.hasPrefix("t/") }.count < 300)
        #expect(files.keys.filter { $0.hasPrefix("t/") }.count == 2000)
        let engine = try VectorFiles.engine(files)
        let response = try engine.search(SearchQuery("word1234 "))
        #expect(response.results.map(\.id) == ["posts/1234"])
        #expect(try engine.search(SearchQuery("swift", tags: ["swift"])).total == 1000)
        #expect(try engine.search(SearchQuery("swift", tags: ["swift"], sort: .date, limit: 1)).results.first?.date == "2024-01-27")
    }

    @Test func prefixesExpandToTheShortestFiftyWords() throws {
        let documents = (0..<60).map { index in
            SearchDocument(id: "d\(index)", url: "/d\(index)/", title: "pre" + String(repeating: "x", count: index))
        }
        let engine = try VectorFiles.engine(IndexBuilder.files(for: documents))
        let response = try engine.search(SearchQuery("pr", limit: 100))
        #expect(response.total == 50)
        #expect(!response.results.contains { $0.id == "d59" })
    }

    @Test func entryVersionIsChecked() throws {
        var files = IndexBuilder().build()
        files["index.json"] = Array(String(decoding: files["index.json"] ?? [], as: UTF8.self)
            .replacingOccurrences(of: "\"version\":2", with: "\"version\":3").utf8)
        #expect(throws: SearchIndexError.unsupportedVersion(3)) { try VectorFiles.engine(files) }
        #expect(throws: SearchIndexError.missingFile("index.json")) { try VectorFiles.engine([:]) }
    }
}

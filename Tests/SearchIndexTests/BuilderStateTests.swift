import Synchronization
import Testing
@testable import SearchIndex

/// A builder saved in parts and read back makes the same index, and keeps
/// making the same index as a fresh builder through removals and additions.
@Suite struct BuilderStateTests {
    private func document(_ index: Int, words: String = "") -> AnalyzedDocument {
        DocumentAnalyzer.analyze(SearchDocument(
            id: "posts/\(index)", url: "/posts/\(index)/", title: "Post \(index) über Swift",
            tags: index % 2 == 0 ? ["swift"] : ["essay", "iOS"], section: "posts", language: index % 3 == 0 ? "tr" : "en",
            date: index % 5 == 0 ? nil : "2024-02-\(String(format: "%02d", index % 28 + 1))",
            body: "Body of post \(index) with closures, `fetchUser(id:)` and word\(index). \(words)"))
    }

    private func saved(_ builder: IndexBuilder) -> IndexBuilder? {
        IndexBuilder(tables: builder.encodedTables(), parts: (0..<IndexBuilder.stateParts).map(builder.encodedPart))
    }

    @Test func aSavedBuilderMakesTheSameIndex() throws {
        var builder = IndexBuilder()
        for index in 0..<200 { builder.add(document(index), version: UInt64(index) * 7) }
        let restored = try #require(saved(builder))
        #expect(restored.build() == builder.build())
        #expect(restored.versions == builder.versions)
        #expect(restored.document(withID: "posts/42") == document(42))
    }

    @Test(arguments: [1, 2, 5])
    func partsEncodedTogetherEqualPartsEncodedOneByOne(threads: Int) {
        var builder = IndexBuilder()
        for index in 0..<150 { builder.add(document(index)) }
        let together = Mutex<[Int: [UInt8]]>([:])
        builder.forEachEncodedPart([3, 0, 15, 7], threads: threads) { part, bytes in
            together.withLock { $0[part] = bytes }
        }
        let encoded = together.withLock { $0 }
        #expect(encoded.keys.sorted() == [0, 3, 7, 15])
        for (part, bytes) in encoded { #expect(bytes == builder.encodedPart(part)) }
        let all = Mutex<[Int]>([])
        builder.forEachEncodedPart(0..<IndexBuilder.stateParts, threads: threads) { part, _ in
            all.withLock { $0.append(part) }
        }
        #expect(all.withLock { $0 }.sorted() == Array(0..<IndexBuilder.stateParts))
    }

    @Test func removalsAndAdditionsEndWhereAFreshBuilderStarts() throws {
        var builder = IndexBuilder()
        for index in 0..<120 { builder.add(document(index)) }
        var kept = try #require(saved(builder))
        var expected = IndexBuilder()
        for index in 0..<120 where index % 4 != 0 { expected.add(index % 7 == 0 ? document(index, words: "rewritten") : document(index)) }
        for index in 200..<210 { expected.add(document(index)) }
        for index in 0..<120 where index % 4 == 0 { kept.remove("posts/\(index)") }
        for index in 0..<120 where index % 4 != 0 && index % 7 == 0 { kept.add(document(index, words: "rewritten")) }
        for index in 200..<210 { kept.add(document(index)) }
        #expect(kept.build() == expected.build())
        #expect(kept.needsCompaction == false)
        #expect(kept.compacted().build() == expected.build())
        let again = try #require(saved(kept))
        #expect(again.build() == expected.build())
    }

    @Test func manyRemovalsAskForCompaction() {
        var builder = IndexBuilder()
        for index in 0..<300 { builder.add(document(index)) }
        for index in 0..<200 { builder.remove("posts/\(index)") }
        #expect(builder.needsCompaction)
        #expect(builder.compacted().needsCompaction == false)
    }

    @Test func damagedStateIsRefused() {
        var builder = IndexBuilder()
        for index in 0..<40 { builder.add(document(index)) }
        let tables = builder.encodedTables()
        let parts = (0..<IndexBuilder.stateParts).map(builder.encodedPart)
        #expect(IndexBuilder(tables: tables, parts: parts) != nil)
        #expect(IndexBuilder(tables: Array(tables.dropLast()), parts: parts) == nil)
        #expect(IndexBuilder(tables: tables, parts: Array(parts.dropLast())) == nil)
        for (index, part) in parts.enumerated() where part.count > 30 {
            var broken = parts
            broken[index] = Array(part.prefix(part.count - 3))
            #expect(IndexBuilder(tables: tables, parts: broken) == nil)
            var swapped = parts
            swapped.swapAt(index, (index + 1) % parts.count)
            #expect(IndexBuilder(tables: tables, parts: swapped) == nil || parts[(index + 1) % parts.count] == part)
        }
        // Every byte flipped in one part either is refused or reads back as some builder; never a crash.
        if let part = parts.first(where: { $0.count > 30 }), let index = parts.firstIndex(of: part) {
            for position in part.indices {
                var broken = parts
                broken[index][position] ^= 0xFF
                if let read = IndexBuilder(tables: tables, parts: broken) { _ = read.build() }
            }
        }
    }
}

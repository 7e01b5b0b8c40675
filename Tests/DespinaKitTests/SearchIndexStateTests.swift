import SearchIndex
import Testing
@testable import DespinaKit

@Suite struct SearchIndexStateTests {
    private func builder(posts: Int) -> IndexBuilder {
        var builder = IndexBuilder()
        for number in 0..<posts {
            let document = SearchDocument(
                id: "post-\(number)", url: "/posts/\(number)/", title: "Post \(number)", language: "en",
                body: "Swift closures capture values; post number \(number) explains why.")
            builder.add(DocumentAnalyzer.analyze(document), version: UInt64(number + 1))
        }
        return builder
    }

    @Test func aSavedBuilderLoadsBackWithItsGeneration() throws {
        let fileSystem = MemoryFileSystem()
        let saved = builder(posts: 40)
        SearchIndexState.save(saved, generation: 7, parts: 0..<IndexBuilder.stateParts, to: "/state", fileSystem: fileSystem)
        let loaded = try #require(SearchIndexState.load(from: "/state", fileSystem: fileSystem))
        #expect(loaded.generation == 7)
        #expect(loaded.builder.versions == saved.versions)
        #expect(loaded.builder.build() == saved.build())
    }

    /// A part left by a build that stopped before it wrote the tables of a
    /// new generation does not fit the tables on disk: the whole state is
    /// refused, as is a damaged file.
    @Test func aPartOfAnotherGenerationOrDamagedIsRefused() throws {
        let fileSystem = MemoryFileSystem()
        let saved = builder(posts: 40)
        SearchIndexState.save(saved, generation: 7, parts: 0..<IndexBuilder.stateParts, to: "/state", fileSystem: fileSystem)
        SearchIndexState.save(saved, generation: 8, parts: [3], tablesChanged: false, to: "/state", fileSystem: fileSystem)
        #expect(SearchIndexState.load(from: "/state", fileSystem: fileSystem) == nil)

        SearchIndexState.save(saved, generation: 7, parts: [3], tablesChanged: false, to: "/state", fileSystem: fileSystem)
        #expect(SearchIndexState.load(from: "/state", fileSystem: fileSystem) != nil)
        var part = try fileSystem.contents(of: "/state/part-3")
        part[part.count / 2] ^= 0x40
        try fileSystem.write(part, to: "/state/part-3")
        #expect(SearchIndexState.load(from: "/state", fileSystem: fileSystem) == nil)
    }
}

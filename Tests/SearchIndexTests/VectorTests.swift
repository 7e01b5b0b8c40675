import Foundation
import Testing
@testable import SearchIndex

/// The shared vectors: golden index files, expected rankings, the Unicode
/// suite and the identifier list. `node --test Tests/js/` runs the same.
@Suite struct VectorTests {
    @Test func builtIndexEqualsGoldenFiles() throws {
        let files = try VectorFiles.builtIndex()
        if VectorFiles.updatesGolden {
            try? FileManager.default.removeItem(at: VectorFiles.indexFolder)
            for (path, bytes) in files {
                let url = VectorFiles.indexFolder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
        }
        let golden = FileManager.default.enumerator(atPath: VectorFiles.indexFolder.path)?
            .compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") }
            .sorted() ?? []
        #expect(golden == files.keys.sorted())
        for path in golden {
            let bytes = try Array(Data(contentsOf: VectorFiles.indexFolder.appendingPathComponent(path)))
            let isSame = bytes == files[path]
            #expect(isSame, "\(path) differs from the golden file")
        }
    }

    @Test func answersEqualGoldenAnswers() throws {
        let engine = try VectorFiles.engine(VectorFiles.builtIndex())
        struct Answer: Encodable {
            var query: SearchQuery
            var response: SearchResponse
        }
        var answers: [Answer] = []
        for query in try VectorFiles.allQueries() { answers.append(Answer(query: query, response: try engine.search(query))) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(answers)
        if VectorFiles.updatesGolden { try data.write(to: VectorFiles.expectedFile) }
        let golden = try Data(contentsOf: VectorFiles.expectedFile)
        #expect(golden == data)
    }

    @Test func queriesRankAsExpected() throws {
        let engine = try VectorFiles.engine(VectorFiles.builtIndex())
        for vector in try VectorFiles.queries().queries {
            let response = try engine.search(vector.searchQuery)
            let ids = response.results.map(\.id)
            if let expected = vector.ids { #expect(ids == expected, "\(vector.text)") }
            if let first = vector.first { #expect(ids.first == first, "\(vector.text)") }
            for id in vector.contains ?? [] { #expect(ids.contains(id), "\(vector.text) should find \(id)") }
            if let total = vector.total { #expect(response.total == total, "\(vector.text)") }
        }
    }

    @Test func equivalentSpellingsGiveIdenticalResults() throws {
        let engine = try VectorFiles.engine(VectorFiles.builtIndex())
        for group in try VectorFiles.queries().equivalent {
            let answers = try group.map { try engine.search(SearchQuery($0, limit: 20)).results.map(\.id) }
            #expect(!answers[0].isEmpty, "\(group[0]) finds nothing")
            for (text, ids) in zip(group, answers) { #expect(Set(ids) == Set(answers[0]), "\(text) vs \(group[0])") }
        }
    }

    @Test func exactMatchesScoreAboveLooserOnes() throws {
        let engine = try VectorFiles.engine(VectorFiles.builtIndex())
        for comparison in try VectorFiles.queries().scoreBelow {
            let lower = try engine.search(SearchQuery(comparison.lower, limit: 20)).results.first { $0.id == comparison.id }
            let higher = try engine.search(SearchQuery(comparison.higher, limit: 20)).results.first { $0.id == comparison.id }
            #expect(lower != nil && higher != nil, "\(comparison.id) not found")
            #expect((lower?.score ?? 1) < (higher?.score ?? 0), "\(comparison.lower) should score below \(comparison.higher)")
        }
    }

    @Test func identifiersAreFoundWholeAndByParts() throws {
        let engine = try VectorFiles.engine(VectorFiles.builtIndex())
        let identifiers = try VectorFiles.queries().identifiers
        #expect(identifiers.count >= 30)
        for identifier in identifiers {
            for text in [identifier.identifier] + identifier.parts {
                let ids = try engine.search(SearchQuery(text, limit: 20)).results.map(\.id)
                #expect(ids.contains(identifier.id), "\(text) should find \(identifier.id)")
            }
        }
    }
}

import Foundation
@testable import SearchIndex

/// The shared test vectors, read from the source tree (the browser tests
/// read the very same files).
enum VectorFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors")
    static let indexFolder = folder.appendingPathComponent("index")
    static let expectedFile = folder.appendingPathComponent("expected.json")
    /// Set to regenerate the golden files after an intended format change.
    static let updatesGolden = ProcessInfo.processInfo.environment["DESPINA_UPDATE_GOLDEN"] == "1"

    struct Query: Decodable {
        var text: String
        var tags: [String]?
        var sections: [String]?
        var languages: [String]?
        var sort: SearchQuery.Order?
        var ids: [String]?
        var first: String?
        var contains: [String]?
        var total: Int?

        var searchQuery: SearchQuery {
            SearchQuery(text, tags: tags ?? [], sections: sections ?? [], languages: languages ?? [], sort: sort ?? .relevance, limit: 20)
        }
    }

    struct ScoreComparison: Decodable {
        var id: String
        var lower: String
        var higher: String
    }

    struct Identifier: Decodable {
        var identifier: String
        var parts: [String]
        var id: String
    }

    struct Queries: Decodable {
        var equivalent: [[String]]
        var queries: [Query]
        var scoreBelow: [ScoreComparison]
        var identifiers: [Identifier]
    }

    static func documents() throws -> [SearchDocument] {
        try JSONDecoder().decode([SearchDocument].self, from: Data(contentsOf: folder.appendingPathComponent("documents.json")))
    }

    static func queries() throws -> Queries {
        try JSONDecoder().decode(Queries.self, from: Data(contentsOf: folder.appendingPathComponent("queries.json")))
    }

    static func builtIndex() throws -> [String: [UInt8]] {
        IndexBuilder.files(for: try documents())
    }

    static func engine(_ files: [String: [UInt8]]) throws -> SearchEngine {
        try SearchEngine(files: { path in
            guard let bytes = files[path] else { throw SearchIndexError.missingFile(path) }
            return bytes
        })
    }

    /// Every query of the vectors, plus each identifier and its parts, as
    /// the list both engines answer for the golden comparison.
    static func allQueries() throws -> [SearchQuery] {
        let vectors = try queries()
        var list = vectors.queries.map(\.searchQuery)
        for group in vectors.equivalent { list += group.map { SearchQuery($0, limit: 20) } }
        for comparison in vectors.scoreBelow {
            list.append(SearchQuery(comparison.lower, limit: 20))
            list.append(SearchQuery(comparison.higher, limit: 20))
        }
        for identifier in vectors.identifiers {
            list.append(SearchQuery(identifier.identifier, limit: 20))
            list += identifier.parts.map { SearchQuery($0, limit: 20) }
        }
        return list
    }
}

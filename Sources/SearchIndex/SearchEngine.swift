import Foundation

/// Answers queries from the files of an index, reading only the pieces a
/// query needs. The browser script (`search.js`) implements the very same
/// steps, so both return the same results with the same scores.
public struct SearchEngine: Sendable {
    private let entry: IndexEntry
    private let read: @Sendable (String) throws -> [UInt8]

    /// Opens the index in `directory` (the folder holding `index.json`).
    public init(directory: URL) throws {
        try self.init(files: { path in
            let url = directory.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw SearchIndexError.missingFile(path)
            }
            return Array(data)
        })
    }

    /// Opens an index whose files are provided by `files` (path relative to
    /// the index folder → bytes), e.g. straight from `IndexBuilder.build()`.
    public init(files: @escaping @Sendable (String) throws -> [UInt8]) throws {
        read = files
        entry = try Self.decode(IndexEntry.self, from: files(IndexFormat.entryFile), path: IndexFormat.entryFile)
        guard entry.version == IndexFormat.version else { throw SearchIndexError.unsupportedVersion(entry.version) }
    }

    /// The number of documents in the index.
    public var documentCount: Int { entry.documents }

    /// Runs a query.
    public func search(_ query: SearchQuery) throws -> SearchResponse {
        var run = QueryRun(entry: entry, read: read)
        return try run.search(query)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], path: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw SearchIndexError.malformed(path)
        }
    }
}

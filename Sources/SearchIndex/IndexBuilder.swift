import Foundation

/// Assembles analysed documents into the files of a search index.
///
/// The output depends only on the set of documents: keys are sorted,
/// documents are placed in chunks by a hash of their identifier, and pieces
/// are named by a hash of their first key, so a piece whose content did not
/// change is written byte for byte as before.
public struct IndexBuilder: Sendable {
    private var documents: [String: AnalyzedDocument] = [:]

    /// Creates an empty builder.
    public init() {}

    /// Adds a document; a later document with the same identifier replaces
    /// an earlier one.
    public mutating func add(_ document: AnalyzedDocument) {
        documents[document.id] = document
    }

    /// The number of distinct documents added.
    public var count: Int { documents.count }

    /// The index files: paths relative to the index folder, mapped to their
    /// bytes. `index.json` is the entry file.
    public func build() -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let chunkCount = IndexFormat.chunkCount(forDocuments: documents.count)
        let ordered = documents.values
            .map { (chunk: Int(IndexFormat.hash($0.id) % UInt32(chunkCount)), document: $0) }
            .sorted { $0.chunk != $1.chunk ? $0.chunk < $1.chunk : IndexFormat.precedes($0.document.id, $1.document.id) }

        var chunks: [[Int]] = []
        var start = 0
        while start < ordered.count {
            let chunk = ordered[start].chunk
            var end = start
            while end < ordered.count && ordered[end].chunk == chunk { end += 1 }
            files[IndexFormat.chunkFile(chunk)] = Self.encode(DocumentChunk(documents: ordered[start..<end].map(\.document.stored)))
            chunks.append([start, chunk])
            start = end
        }

        let sortedDocuments = ordered.map(\.document)
        let (postings, postingsRefs) = Self.postingsPieces(sortedDocuments)
        files.merge(postings) { first, _ in first }
        let (vocabulary, vocabularyRefs) = Self.vocabularyPieces(sortedDocuments)
        files.merge(vocabulary) { first, _ in first }
        files[IndexFormat.facetsFile] = Self.encode(Self.facets(sortedDocuments))
        var minutes: [UInt8] = []
        for document in sortedDocuments { VarintCodec.append(document.dateKey, to: &minutes) }
        files[IndexFormat.datesFile] = Self.encode(DatesFile(minutes: String(decoding: minutes, as: UTF8.self)))

        let entry = IndexEntry(
            format: "despina-search", version: IndexFormat.version, documents: sortedDocuments.count,
            ranking: .init(k1: Ranking.k1, scale: Ranking.scale),
            vocabulary: vocabularyRefs, postings: postingsRefs, chunks: chunks,
            facets: IndexFormat.facetsFile, dates: IndexFormat.datesFile)
        files[IndexFormat.entryFile] = Self.encode(entry)
        return files
    }

    // MARK: - Postings

    private static func postingsPieces(_ documents: [AnalyzedDocument]) -> ([String: [UInt8]], [[String]]) {
        let fieldCount = Field.count
        var averages = [Double](repeating: 1, count: fieldCount)
        if !documents.isEmpty {
            for field in 0..<fieldCount {
                let total = documents.reduce(0) { $0 + $1.fieldLengths[field] }
                // Rounded, so that one more document rarely changes every frequency.
                averages[field] = max(1, (Double(total) / Double(documents.count)).rounded())
            }
        }
        var termIDs: [String: Int] = [:]
        var lists: [[UInt8]] = []
        var previous: [Int] = []
        for (ordinal, document) in documents.enumerated() {
            var norms = [Double](repeating: 1, count: fieldCount)
            for field in 0..<fieldCount {
                norms[field] = 1 - Ranking.b + Ranking.b * Double(document.fieldLengths[field]) / averages[field]
            }
            for (index, term) in document.terms.enumerated() {
                var weighted = 0.0
                for field in Field.allCases {
                    let count = document.counts[index * fieldCount + field.rawValue]
                    if count > 0 { weighted += field.weight * Double(count) / norms[field.rawValue] }
                }
                let frequency = max(1, Int((weighted * Ranking.scale).rounded()))
                let id: Int
                if let known = termIDs[term] {
                    id = known
                } else {
                    id = lists.count
                    termIDs[term] = id
                    lists.append([])
                    previous.append(-1)
                }
                VarintCodec.append(ordinal - previous[id] - 1, to: &lists[id])
                VarintCodec.append(frequency - 1, to: &lists[id])
                previous[id] = ordinal
            }
        }
        var pieces: [(first: String, terms: [String: String], size: Int)] = []
        for term in termIDs.keys.sorted(by: IndexFormat.precedes) {
            let list = String(decoding: lists[termIDs[term] ?? 0], as: UTF8.self)
            let size = term.utf8.count + list.utf8.count + 6
            if let last = pieces.last, last.size + size <= IndexFormat.pieceTarget {
                pieces[pieces.count - 1].terms[term] = list
                pieces[pieces.count - 1].size += size
            } else {
                pieces.append((term, [term: list], size))
            }
        }
        var files: [String: [UInt8]] = [:]
        var references: [[String]] = []
        for piece in pieces {
            let name = uniqueName(piece.first, in: files, file: IndexFormat.postingsFile)
            files[IndexFormat.postingsFile(name)] = encode(PostingsPiece(terms: piece.terms))
            references.append([piece.first, name])
        }
        return (files, references)
    }

    // MARK: - Vocabulary

    private static func vocabularyPieces(_ documents: [AnalyzedDocument]) -> ([String: [UInt8]], [[String]]) {
        var vocabulary: [String: Set<String>] = [:]
        for document in documents {
            for (word, term) in zip(document.vocabularyWords, document.vocabularyTerms) where term < document.terms.count {
                vocabulary[word, default: []].insert(document.terms[term])
            }
        }
        var pieces: [(first: String, words: [String: [String]], size: Int)] = []
        for word in vocabulary.keys.sorted(by: IndexFormat.precedes) {
            let terms = (vocabulary[word] ?? []).sorted(by: IndexFormat.precedes)
            let size = word.utf8.count + terms.reduce(8) { $0 + $1.utf8.count + 3 }
            if let last = pieces.last, last.size + size <= IndexFormat.pieceTarget {
                pieces[pieces.count - 1].words[word] = terms
                pieces[pieces.count - 1].size += size
            } else {
                pieces.append((word, [word: terms], size))
            }
        }
        var files: [String: [UInt8]] = [:]
        var references: [[String]] = []
        for piece in pieces {
            let name = uniqueName(piece.first, in: files, file: IndexFormat.vocabularyFile)
            files[IndexFormat.vocabularyFile(name)] = encode(VocabularyPiece(words: piece.words))
            references.append([piece.first, name])
        }
        return (files, references)
    }

    // MARK: - Facets

    private static func facets(_ documents: [AnalyzedDocument]) -> FacetsFile {
        var languages: [String: [Int]] = [:]
        var sections: [String: [Int]] = [:]
        var tags: [String: [Int]] = [:]
        for (ordinal, document) in documents.enumerated() {
            languages[document.stored.language, default: []].append(ordinal)
            sections[document.stored.section, default: []].append(ordinal)
            for tag in Set(document.stored.tags) { tags[tag, default: []].append(ordinal) }
        }
        func encoded(_ lists: [String: [Int]]) -> [String: String] { lists.mapValues(OrdinalSetCodec.encode) }
        return FacetsFile(languages: encoded(languages), sections: encoded(sections), tags: encoded(tags))
    }

    // MARK: - Files

    /// The hash name of a piece's first key, with a suffix in the unlikely
    /// case that two pieces' keys hash alike.
    private static func uniqueName(_ key: String, in files: [String: [UInt8]], file: (String) -> String) -> String {
        var name = IndexFormat.hashName(key)
        var suffix = 2
        while files[file(name)] != nil {
            name = IndexFormat.hashName(key) + "-\(suffix)"
            suffix += 1
        }
        return name
    }

    static func encode<Value: Encodable>(_ value: Value) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain value types cannot fail.
        return (try? Array(encoder.encode(value))) ?? []
    }
}

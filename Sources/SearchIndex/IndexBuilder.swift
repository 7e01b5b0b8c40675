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

        let sortedDocuments = ordered.map(\.document)
        let parts = BuildParts()
        // Postings on one thread; chunks, vocabulary, facets and dates on the other.
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            var partFiles: [String: [UInt8]] = [:]
            if part == 0 {
                let references = Self.postingsPieces(sortedDocuments, terms: TermTable(sortedDocuments), into: &partFiles)
                parts.store(partFiles, postings: references)
                return
            }
            var chunks: [[Int]] = []
            var start = 0
            while start < ordered.count {
                let chunk = ordered[start].chunk
                var end = start
                while end < ordered.count && ordered[end].chunk == chunk { end += 1 }
                var writer = JSONWriter(capacity: (end - start) * 600)
                writer.raw("{\"documents\":[")
                for index in start..<end {
                    if index > start { writer.raw(",") }
                    writer.document(ordered[index].document.stored)
                }
                writer.raw("]}")
                partFiles[IndexFormat.chunkFile(chunk)] = writer.bytes
                chunks.append([start, chunk])
                start = end
            }
            let vocabulary = Self.vocabularyPieces(sortedDocuments, into: &partFiles)
            partFiles[IndexFormat.facetsFile] = Self.encode(Self.facets(sortedDocuments))
            var minutes: [UInt8] = []
            for document in sortedDocuments { VarintCodec.append(document.dateKey, to: &minutes) }
            partFiles[IndexFormat.datesFile] = Self.encode(DatesFile(minutes: String(decoding: minutes, as: UTF8.self)))
            parts.store(partFiles, chunks: chunks, vocabulary: vocabulary)
        }
        let (partFiles, chunks, vocabularyRefs, postingsRefs) = parts.collected()
        files.merge(partFiles) { first, _ in first }

        let entry = IndexEntry(
            format: "despina-search", version: IndexFormat.version, documents: sortedDocuments.count,
            ranking: .init(k1: Ranking.k1, scale: Ranking.scale),
            vocabulary: vocabularyRefs, postings: postingsRefs, chunks: chunks,
            facets: IndexFormat.facetsFile, dates: IndexFormat.datesFile)
        files[IndexFormat.entryFile] = Self.encode(entry)
        return files
    }

    /// Results of the two halves of `build()`, handed over under a lock.
    private final class BuildParts: @unchecked Sendable {
        private let lock = NSLock()
        private var files: [String: [UInt8]] = [:]
        private var chunks: [[Int]] = []
        private var vocabulary: [[String]] = []
        private var postings: [[String]] = []

        func store(_ partFiles: [String: [UInt8]], chunks: [[Int]]? = nil, vocabulary: [[String]]? = nil, postings: [[String]]? = nil) {
            lock.lock()
            defer { lock.unlock() }
            files.merge(partFiles) { first, _ in first }
            if let chunks { self.chunks = chunks }
            if let vocabulary { self.vocabulary = vocabulary }
            if let postings { self.postings = postings }
        }

        func collected() -> (files: [String: [UInt8]], chunks: [[Int]], vocabulary: [[String]], postings: [[String]]) {
            lock.lock()
            defer { lock.unlock() }
            return (files, chunks, vocabulary, postings)
        }
    }

    // MARK: - Terms

    /// Every term of the index with an identifier, and each document's terms
    /// as identifiers.
    private struct TermTable {
        var names: [String] = []
        var perDocument: [[Int]] = []

        init(_ documents: [AnalyzedDocument]) {
            var identifiers: [String: Int] = [:]
            perDocument.reserveCapacity(documents.count)
            for document in documents {
                var local: [Int] = []
                local.reserveCapacity(document.terms.count)
                for term in document.terms {
                    if let known = identifiers[term] {
                        local.append(known)
                    } else {
                        identifiers[term] = names.count
                        local.append(names.count)
                        names.append(term)
                    }
                }
                perDocument.append(local)
            }
        }

        /// Term identifiers in key order.
        func sortedIdentifiers() -> [Int] {
            names.indices.sorted { IndexFormat.precedes(names[$0], names[$1]) }
        }
    }

    // MARK: - Postings

    private static func postingsPieces(_ documents: [AnalyzedDocument], terms: TermTable,
                                       into files: inout [String: [UInt8]]) -> [[String]] {
        let fieldCount = Field.count
        var averages = [Double](repeating: 1, count: fieldCount)
        if !documents.isEmpty {
            for field in 0..<fieldCount {
                let total = documents.reduce(0) { $0 + $1.fieldLengths[field] }
                // Rounded, so that one more document rarely changes every frequency.
                averages[field] = max(1, (Double(total) / Double(documents.count)).rounded())
            }
        }
        let weights = Field.allCases.map(\.weight)
        var lists = [[UInt8]](repeating: [], count: terms.names.count)
        var previous = [Int](repeating: -1, count: terms.names.count)
        var norms = [Double](repeating: 1, count: fieldCount)
        for (ordinal, document) in documents.enumerated() {
            for field in 0..<fieldCount {
                norms[field] = 1 - Ranking.b + Ranking.b * Double(document.fieldLengths[field]) / averages[field]
            }
            for (index, id) in terms.perDocument[ordinal].enumerated() {
                var weighted = 0.0
                for field in 0..<fieldCount {
                    let count = document.counts[index * fieldCount + field]
                    if count > 0 { weighted += weights[field] * Double(count) / norms[field] }
                }
                let frequency = max(1, Int((weighted * Ranking.scale).rounded()))
                VarintCodec.append(ordinal - previous[id] - 1, to: &lists[id])
                VarintCodec.append(frequency - 1, to: &lists[id])
                previous[id] = ordinal
            }
        }
        var references: [[String]] = []
        var writer = JSONWriter()
        var size = 0
        var first = ""
        func flush() {
            guard size > 0 else { return }
            writer.raw("}}")
            let name = uniqueName(first, in: files, file: IndexFormat.postingsFile)
            files[IndexFormat.postingsFile(name)] = writer.bytes
            references.append([first, name])
            size = 0
        }
        for id in terms.sortedIdentifiers() {
            let term = terms.names[id]
            let entrySize = term.utf8.count + lists[id].count + 6
            if size > 0 && size + entrySize > IndexFormat.pieceTarget { flush() }
            if size == 0 {
                writer = JSONWriter(capacity: IndexFormat.pieceTarget + entrySize)
                writer.raw("{\"terms\":{")
                first = term
            } else {
                writer.raw(",")
            }
            writer.string(term)
            writer.raw(":")
            writer.plainString(lists[id])
            size += entrySize
        }
        flush()
        return references
    }

    // MARK: - Vocabulary

    private static func vocabularyPieces(_ documents: [AnalyzedDocument], into files: inout [String: [UInt8]]) -> [[String]] {
        var vocabulary: [String: [String]] = [:]
        for document in documents {
            for (word, index) in zip(document.vocabularyWords, document.vocabularyTerms) where index < document.terms.count {
                let term = document.terms[index]
                if let known = vocabulary[word] {
                    if !known.contains(term) { vocabulary[word]?.append(term) }
                } else {
                    vocabulary[word] = [term]
                }
            }
        }
        var references: [[String]] = []
        var writer = JSONWriter()
        var size = 0
        var first = ""
        func flush() {
            guard size > 0 else { return }
            writer.raw("}}")
            let name = uniqueName(first, in: files, file: IndexFormat.vocabularyFile)
            files[IndexFormat.vocabularyFile(name)] = writer.bytes
            references.append([first, name])
            size = 0
        }
        for word in vocabulary.keys.sorted(by: IndexFormat.precedes) {
            let wordTerms = (vocabulary[word] ?? []).sorted(by: IndexFormat.precedes)
            let entrySize = word.utf8.count + wordTerms.reduce(8) { $0 + $1.utf8.count + 3 }
            if size > 0 && size + entrySize > IndexFormat.pieceTarget { flush() }
            if size == 0 {
                writer = JSONWriter(capacity: IndexFormat.pieceTarget + entrySize)
                writer.raw("{\"words\":{")
                first = word
            } else {
                writer.raw(",")
            }
            writer.string(word)
            writer.raw(":")
            writer.stringArray(wordTerms)
            size += entrySize
        }
        flush()
        return references
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

import Bytes
import Foundation

/// Assembles analysed documents into the files of a search index.
///
/// The output depends only on the set of documents: keys are sorted,
/// documents are placed in chunks by a hash of their identifier, and pieces
/// are named by a hash of their first key, so a piece whose content did not
/// change is written byte for byte as before.
public struct IndexBuilder: Sendable {
    /// A document as the builder keeps it: its terms and words as numbers
    /// into tables shared by all documents, its counts packed, so that a
    /// large site's documents fit in memory together. A class, never
    /// changed once made: building the index passes documents around and
    /// sorts them, which for a struct of a dozen arrays and strings meant
    /// retaining each of them at every copy.
    final class CompactDocument: Sendable {
        let stored: StoredDocument
        let dateKey: Int
        let fieldLengths: [Int]
        /// Term numbers, in the document's order.
        let terms: [UInt32]
        /// Per term: a byte whose bits say which fields count it, then the
        /// count of each such field as a varint.
        let counts: [UInt8]
        /// Pairs: a word number and the index of one of its terms in `terms`.
        let vocabulary: [UInt32]
        /// What the caller says this document was made from (see `add(_:version:)`).
        let version: UInt64

        init(
            stored: StoredDocument, dateKey: Int, fieldLengths: [Int], terms: [UInt32], counts: [UInt8],
            vocabulary: [UInt32], version: UInt64
        ) {
            self.stored = stored
            self.dateKey = dateKey
            self.fieldLengths = fieldLengths
            self.terms = terms
            self.counts = counts
            self.vocabulary = vocabulary
            self.version = version
        }
    }

    var slots: [String: Int] = [:]
    var documents: [CompactDocument] = []
    /// Documents removed since the tables were last rebuilt: their terms
    /// and words may stay in the tables unused.
    var removedSinceCompaction = 0
    /// The number of each name of `termNames`, found from its bytes (one
    /// look-up per term of every document added).
    var termTable = ByteTable()
    var termNames: [String] = []
    /// The number of each name of `wordNames`, as `termTable` for terms.
    var wordTable = ByteTable()
    var wordNames: [String] = []
    /// The posting lists of the last `build(keepingChunks:)`, or of the
    /// saved builder's last build.
    var postingsMemory: PostingsMemory?
    /// The documents replaced or removed since then, as they were, each
    /// the first time: what the memory's lists hold of them.
    var replaced: [String: CompactDocument] = [:]

    /// Creates an empty builder.
    public init() {}

    /// The path of the index's entry file, relative to the index folder.
    public static var entryFile: String { IndexFormat.entryFile }

    /// Adds a document; a later document with the same identifier replaces
    /// an earlier one. `version` is kept with it for the caller (a digest of
    /// what the document was made from), to tell later whether it is current.
    public mutating func add(_ document: AnalyzedDocument, version: UInt64 = 0) {
        var terms: [UInt32] = []
        terms.reserveCapacity(document.terms.count)
        for term in document.terms { terms.append(Self.number(of: term, in: &termTable, names: &termNames)) }
        var counts: [UInt8] = []
        counts.reserveCapacity(document.terms.count * 3)
        let fieldCount = Field.count
        for index in document.terms.indices {
            var mask: UInt8 = 0
            for field in 0..<fieldCount where document.counts[index * fieldCount + field] > 0 {
                mask |= 1 << UInt8(field)
            }
            counts.append(mask)
            for field in 0..<fieldCount where mask & (1 << UInt8(field)) != 0 {
                Self.appendCount(document.counts[index * fieldCount + field], to: &counts)
            }
        }
        var vocabulary: [UInt32] = []
        vocabulary.reserveCapacity(document.vocabularyWords.count * 2)
        for (word, term) in zip(document.vocabularyWords, document.vocabularyTerms) where term < document.terms.count {
            vocabulary.append(Self.number(of: word, in: &wordTable, names: &wordNames))
            vocabulary.append(UInt32(term))
        }
        let compact = CompactDocument(
            stored: document.stored, dateKey: document.dateKey, fieldLengths: document.fieldLengths, terms: terms,
            counts: counts, vocabulary: vocabulary, version: version)
        if let slot = slots[document.id] {
            noteReplacement(of: documents[slot])
            documents[slot] = compact
        } else {
            slots[document.id] = documents.count
            documents.append(compact)
        }
    }

    /// Keeps `document` as the postings memory knows it, the first time
    /// it is replaced or removed.
    mutating func noteReplacement(of document: CompactDocument) {
        guard postingsMemory != nil, replaced[document.stored.id] == nil else { return }
        replaced[document.stored.id] = document
    }

    private static func number(of name: String, in table: inout ByteTable, names: inout [String]) -> UInt32 {
        var bytes = name
        let (number, isNew) = bytes.withUTF8 { table.insert($0) }
        if isNew { names.append(name) }
        return UInt32(number)
    }

    /// Appends a count (≥ 0) in seven-bit groups.
    private static func appendCount(_ value: Int, to bytes: inout [UInt8]) {
        SevenBitCodec.append(UInt64(max(value, 0)), to: &bytes)
    }

    /// Reads a count written by `appendCount`, advancing `offset`.
    static func readCount(_ bytes: [UInt8], at offset: inout Int) -> Int {
        Int(truncatingIfNeeded: SevenBitCodec.read(bytes, at: &offset) ?? 0)
    }

    /// The number of distinct documents added.
    public var count: Int { documents.count }

    /// Whether a document with identifier `id` was added.
    public func contains(_ id: String) -> Bool { slots[id] != nil }

    /// The document added with identifier `id`, as it was added.
    public func document(withID id: String) -> AnalyzedDocument? {
        guard let slot = slots[id] else { return nil }
        let document = documents[slot]
        let counts = Self.unpackedCounts(document)
        var words: [String] = []
        var wordTerms: [Int] = []
        var index = 0
        while index + 1 < document.vocabulary.count {
            words.append(wordNames[Int(document.vocabulary[index])])
            wordTerms.append(Int(document.vocabulary[index + 1]))
            index += 2
        }
        return AnalyzedDocument(
            stored: document.stored, dateKey: document.dateKey, fieldLengths: document.fieldLengths,
            terms: document.terms.map { termNames[Int($0)] }, counts: counts, vocabularyWords: words,
            vocabularyTerms: wordTerms)
    }

    /// Whether the packed counts of `document` hold exactly one mask and
    /// its counts per term (a saved builder is checked before it is used).
    static func countsFit(_ document: CompactDocument) -> Bool {
        var offset = 0
        for _ in document.terms {
            guard offset < document.counts.count else { return false }
            let mask = document.counts[offset]
            offset += 1
            guard mask < 1 << UInt8(Field.count) else { return false }
            for field in 0..<Field.count where mask & (1 << UInt8(field)) != 0 {
                guard offset < document.counts.count else { return false }
                _ = readCount(document.counts, at: &offset)
            }
        }
        return offset == document.counts.count
    }

    /// The counts of a compact document, `Field.count` per term.
    private static func unpackedCounts(_ document: CompactDocument) -> [Int] {
        let fieldCount = Field.count
        var counts = [Int](repeating: 0, count: document.terms.count * fieldCount)
        var offset = 0
        for term in document.terms.indices {
            let mask = document.counts[offset]
            offset += 1
            for field in 0..<fieldCount where mask & (1 << UInt8(field)) != 0 {
                counts[term * fieldCount + field] = Self.readCount(document.counts, at: &offset)
            }
        }
        return counts
    }

    /// The index files: paths relative to the index folder, mapped to their
    /// bytes. `index.json` is the entry file.
    public func build() -> [String: [UInt8]] {
        var builder = self
        return builder.build(keepingChunks: { $0.map { _ in false } })
    }

    /// The index files as `build()` makes them, but for the chunk files
    /// (the documents' stored fields, most of the index's bytes) that
    /// `keep` keeps: it is asked once, with the path of every chunk file
    /// and a digest of the identifiers and versions (see
    /// `add(_:version:)`) of the documents the file holds, and answers, in
    /// the same order, which files are kept as they are (equal digests
    /// mean equal files for documents of equal versions); those are not
    /// made. Returns the files made. The posting lists are kept with the builder (and saved with it), so
    /// that the next build, if it only replaced a few documents, patches
    /// them rather than making all of them again.
    public mutating func build(
        keepingChunks keep: ([(path: String, digest: UInt64)]) -> [Bool]
    ) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let chunkCount = IndexFormat.chunkCount(forDocuments: documents.count)
        // By chunk, and by identifier within a chunk: the identifiers are
        // put in order once, then dealt into their chunks in that order.
        let chunkOf = documents.map { Int(IndexFormat.hash($0.stored.id) % UInt32(chunkCount)) }
        var chunkStarts = [Int](repeating: 0, count: chunkCount + 1)
        for chunk in chunkOf { chunkStarts[chunk + 1] += 1 }
        for chunk in 0..<chunkCount { chunkStarts[chunk + 1] += chunkStarts[chunk] }
        var slotsByPosition = [Int](repeating: 0, count: documents.count)
        for slot in byteOrder(of: documents.map(\.stored.id)) {
            slotsByPosition[chunkStarts[chunkOf[slot]]] = slot
            chunkStarts[chunkOf[slot]] += 1
        }
        let ordered = slotsByPosition.map { (chunk: chunkOf[$0], document: documents[$0]) }

        let sortedDocuments = ordered.map(\.document)
        // Where each chunk starts in `ordered`, and its digest.
        let chunkRanges = Self.chunkRanges(ordered.map(\.chunk))
        let asked = chunkRanges.map { chunk in
            (path: IndexFormat.chunkFile(chunk.chunk), digest: Self.digest(of: sortedDocuments[chunk.range]))
        }
        var chunkSizes = [Int](repeating: 0, count: chunkCount)
        for (chunk, range) in chunkRanges { chunkSizes[chunk] = range.count }
        var chunkList: [UInt8] = []
        for size in chunkSizes { VarintCodec.append(size, to: &chunkList) }
        let answers = keep(asked)
        let kept = Set(asked.indices.filter { $0 < answers.count && answers[$0] }.map { asked[$0].path })
        let parts = BuildParts()
        let termNames = termNames
        let wordNames = wordNames
        let memory = postingsMemory
        let replacedDocuments = replaced
        // Postings on one thread; chunks, vocabulary, facets and dates on the other.
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            var partFiles: [String: [UInt8]] = [:]
            if part == 0 {
                let postings = Self.postingLists(
                    sortedDocuments, termCount: termNames.count, memory: memory, replaced: replacedDocuments)
                let references = Self.postingsPieces(postings.lists, termNames: termNames, into: &partFiles)
                parts.store(partFiles, postings: references, memory: postings)
                return
            }
            var chunks: [[Int]] = []
            for (chunk, range) in chunkRanges {
                chunks.append([range.lowerBound, chunk])
                let path = IndexFormat.chunkFile(chunk)
                if kept.contains(path) { continue }
                var writer = JSONWriter(capacity: range.count * 600)
                writer.raw("{\"documents\":[")
                for index in range {
                    if index > range.lowerBound { writer.raw(",") }
                    writer.document(ordered[index].document.stored)
                }
                writer.raw("]}")
                partFiles[path] = writer.bytes
            }
            let vocabulary = Self.vocabularyPieces(
                sortedDocuments, termNames: termNames, wordNames: wordNames, into: &partFiles)
            partFiles[IndexFormat.facetsFile] = Self.encode(Self.facets(sortedDocuments, into: &partFiles))
            var minutes: [UInt8] = []
            for document in sortedDocuments { VarintCodec.append(document.dateKey, to: &minutes) }
            partFiles[IndexFormat.datesFile] = Self.encode(DatesFile(minutes: String(decoding: minutes, as: UTF8.self)))
            parts.store(partFiles, chunks: chunks, vocabulary: vocabulary)
        }
        let (partFiles, _, vocabularyRefs, postingsRefs, newMemory) = parts.collected()
        postingsMemory = newMemory
        self.replaced = [:]
        files.merge(partFiles) { first, _ in first }

        let entry = IndexEntry(
            format: "despina-search", version: IndexFormat.version, documents: sortedDocuments.count,
            ranking: .init(k1: Ranking.k1, scale: Ranking.scale),
            vocabulary: vocabularyRefs, postings: postingsRefs, chunks: String(decoding: chunkList, as: UTF8.self),
            facets: IndexFormat.facetsFile, dates: IndexFormat.datesFile)
        files[IndexFormat.entryFile] = Self.encode(entry)
        return files
    }

    /// The runs of equal chunk numbers in `chunks`: each chunk with the
    /// positions of its documents.
    private static func chunkRanges(_ chunks: [Int]) -> [(chunk: Int, range: Range<Int>)] {
        var ranges: [(chunk: Int, range: Range<Int>)] = []
        var start = 0
        while start < chunks.count {
            var end = start
            while end < chunks.count && chunks[end] == chunks[start] { end += 1 }
            ranges.append((chunks[start], start..<end))
            start = end
        }
        return ranges
    }

    /// A digest (64-bit FNV-1a) of the format's version and the identifier
    /// and version of each document, in order; never 0.
    private static func digest(of documents: ArraySlice<CompactDocument>) -> UInt64 {
        var digest = FNV1a64()
        digest.combine(UInt64(IndexFormat.version))
        for document in documents {
            digest.combine(document.stored.id)
            digest.combine(document.version)
        }
        return max(digest.value, 1)
    }

    /// Results of the two halves of `build()`, handed over under a lock.
    private final class BuildParts: @unchecked Sendable {
        private let lock = NSLock()
        private var files: [String: [UInt8]] = [:]
        private var chunks: [[Int]] = []
        private var vocabulary: [[String]] = []
        private var postings: [[String]] = []
        private var memory: PostingsMemory?

        func store(
            _ partFiles: [String: [UInt8]], chunks: [[Int]]? = nil, vocabulary: [[String]]? = nil,
            postings: [[String]]? = nil, memory: PostingsMemory? = nil
        ) {
            lock.lock()
            defer { lock.unlock() }
            files.merge(partFiles) { first, _ in first }
            if let chunks { self.chunks = chunks }
            if let vocabulary { self.vocabulary = vocabulary }
            if let postings { self.postings = postings }
            if let memory { self.memory = memory }
        }

        func collected() -> (
            files: [String: [UInt8]], chunks: [[Int]], vocabulary: [[String]], postings: [[String]],
            memory: PostingsMemory?
        ) {
            lock.lock()
            defer { lock.unlock() }
            return (files, chunks, vocabulary, postings, memory)
        }
    }

    // MARK: - Postings

    private static func postingsPieces(_ lists: [[UInt8]], termNames: [String],
                                       into files: inout [String: [UInt8]]) -> [[String]] {
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
        // Terms of replaced documents only have no postings and are left out.
        for id in byteOrder(of: termNames) where !lists[id].isEmpty {
            let term = termNames[id]
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

    private static func vocabularyPieces(
        _ documents: [CompactDocument], termNames: [String], wordNames: [String], into files: inout [String: [UInt8]]
    ) -> [[String]] {
        // Word number → term numbers, each once.
        var termsOfWord = [[UInt32]](repeating: [], count: wordNames.count)
        for document in documents {
            var index = 0
            while index + 1 < document.vocabulary.count {
                let word = Int(document.vocabulary[index])
                let term = document.terms[Int(document.vocabulary[index + 1])]
                if !termsOfWord[word].contains(term) { termsOfWord[word].append(term) }
                index += 2
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
        // Words of replaced documents only have no terms and are left out.
        for number in byteOrder(of: wordNames) where !termsOfWord[number].isEmpty {
            let word = wordNames[number]
            let wordTerms = termsOfWord[number].map { termNames[Int($0)] }.sorted(by: IndexFormat.precedes)
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

    /// The facets file, and a set file per value into `files`, named by a
    /// hash of the facet and the value: a filter reads the sets of its
    /// values only, and no file grows with every value of a large site.
    private static func facets(_ documents: [CompactDocument], into files: inout [String: [UInt8]]) -> FacetsFile {
        var languages: [String: [Int]] = [:]
        var sections: [String: [Int]] = [:]
        var tags: [String: [Int]] = [:]
        for (ordinal, document) in documents.enumerated() {
            languages[document.stored.language, default: []].append(ordinal)
            sections[document.stored.section, default: []].append(ordinal)
            for tag in Set(document.stored.tags) { tags[tag, default: []].append(ordinal) }
        }
        func named(_ lists: [String: [Int]], facet: String) -> [String: String] {
            var names: [String: String] = [:]
            for value in lists.keys.sorted(by: IndexFormat.precedes) {
                let name = uniqueName(facet + "\u{0}" + value, in: files, file: IndexFormat.facetFile)
                files[IndexFormat.facetFile(name)] = encode(FacetSet(ordinals: OrdinalSetCodec.encode(lists[value] ?? [])))
                names[value] = name
            }
            return names
        }
        return FacetsFile(
            languages: named(languages, facet: "languages"), sections: named(sections, facet: "sections"),
            tags: named(tags, facet: "tags"))
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

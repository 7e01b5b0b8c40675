import Foundation
import TextFolding

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

/// The state of one query: pieces read so far and decoded postings.
private struct QueryRun {
    let entry: IndexEntry
    let read: @Sendable (String) throws -> [UInt8]
    var vocabularyPieces: [String: VocabularyPiece] = [:]
    var postingsPieces: [String: PostingsPiece] = [:]
    var chunks: [String: [StoredDocument]] = [:]
    var facetsFile: FacetsFile?

    init(entry: IndexEntry, read: @escaping @Sendable (String) throws -> [UInt8]) {
        self.entry = entry
        self.read = read
    }

    /// A query word resolved through the vocabulary.
    struct Resolution {
        var weights: [String: Double] = [:]
        var marker = MatchMarker()
    }

    mutating func search(_ query: SearchQuery) throws -> SearchResponse {
        let clauses = QueryParser.parse(query.text)
        var words: [(word: QueryWord, exactOnly: Bool)] = []
        var phrases: [[Int]] = []
        for clause in clauses {
            switch clause {
            case .word(let word):
                words.append((word, false))
            case .phrase(let phraseWords):
                phrases.append(Array(words.count..<(words.count + phraseWords.count)))
                words += phraseWords.map { ($0, true) }
            }
        }
        let empty = SearchResponse(results: [], total: 0, facets: SearchFacets(tags: [], sections: [], languages: []))
        guard !words.isEmpty else { return empty }

        var resolutions: [Resolution] = []
        var scores: [[Int: Double]] = []
        var exactForms: [Set<Int>] = []
        for (word, exactOnly) in words {
            let resolution = try resolve(word, exactOnly: exactOnly)
            let (best, exact) = try bestScores(for: word, resolution: resolution)
            if best.isEmpty { return empty }
            resolutions.append(resolution)
            scores.append(best)
            exactForms.append(exact)
        }

        // Every word must match (AND); the smallest list drives the walk.
        let smallest = scores.indices.min { scores[$0].count < scores[$1].count } ?? 0
        var matching = scores[smallest].keys.filter { ordinal in scores.allSatisfy { $0[ordinal] != nil } }.sorted()

        if !query.tags.isEmpty || !query.sections.isEmpty || !query.languages.isEmpty {
            let facets = try loadFacets()
            let tagSets = try query.tags.map { try ordinals(facets.tags[$0] ?? "") }
            let sectionSet = try query.sections.reduce(into: Set<Int>()) { $0.formUnion(try ordinals(facets.sections[$1] ?? "")) }
            let languageSet = try query.languages.reduce(into: Set<Int>()) { $0.formUnion(try ordinals(facets.languages[$1] ?? "")) }
            matching = matching.filter { ordinal in
                tagSets.allSatisfy { $0.contains(ordinal) }
                    && (query.sections.isEmpty || sectionSet.contains(ordinal))
                    && (query.languages.isEmpty || languageSet.contains(ordinal))
            }
        }

        if !phrases.isEmpty {
            var kept: [Int] = []
            for ordinal in matching {
                let document = try storedDocument(ordinal)
                if phrases.allSatisfy({ phrase in containsPhrase(document, markers: phrase.map { resolutions[$0].marker }) }) {
                    kept.append(ordinal)
                }
            }
            matching = kept
        }

        var totals: [Int: Double] = [:]
        var accents: [Int: Int] = [:]
        for ordinal in matching {
            var total = 0.0
            for best in scores { total += best[ordinal] ?? 0 }
            totals[ordinal] = total
            accents[ordinal] = exactForms.reduce(0) { $0 + ($1.contains(ordinal) ? 1 : 0) }
        }
        let ranked: [Int]
        switch query.sort {
        case .relevance:
            // Documents with more of the typed accented forms come first.
            ranked = matching.sorted { a, b in
                let accentsA = accents[a] ?? 0, accentsB = accents[b] ?? 0
                if accentsA != accentsB { return accentsA > accentsB }
                let scoreA = totals[a] ?? 0, scoreB = totals[b] ?? 0
                return scoreA != scoreB ? scoreA > scoreB : a < b
            }
        case .date:
            let dates = try loadDates()
            ranked = matching.sorted { a, b in
                let dateA = a < dates.count ? dates[a] : 0, dateB = b < dates.count ? dates[b] : 0
                return dateA != dateB ? dateA > dateB : a < b
            }
        }

        var marker = MatchMarker()
        for resolution in resolutions { marker.add(resolution.marker) }
        var results: [SearchResult] = []
        for ordinal in ranked.prefix(max(0, query.limit)) {
            let document = try storedDocument(ordinal)
            let excerpt = Excerpt.make(sources: [document.text, document.description], marker: marker)
            results.append(SearchResult(
                id: document.id, url: document.url, title: document.title, date: document.date,
                section: document.section, language: document.language, tags: document.tags,
                thumbnail: document.thumbnail, score: totals[ordinal] ?? 0,
                excerpt: excerpt.text, highlights: excerpt.highlights, excerptHTML: excerpt.html))
        }
        return SearchResponse(results: results, total: matching.count, facets: try facetCounts(matching))
    }

    // MARK: - Vocabulary

    mutating func resolve(_ word: QueryWord, exactOnly: Bool) throws -> Resolution {
        var resolution = Resolution()
        func take(_ vocabularyWord: String, _ terms: [String], weight: Double) {
            for term in terms where (resolution.weights[term] ?? 0) < weight { resolution.weights[term] = weight }
            resolution.marker.words.insert(vocabularyWord)
            for term in terms {
                let stem = String(IndexFormat.stemText(term))
                if stem.unicodeScalars.count >= 3 && !resolution.marker.terms.contains(stem) { resolution.marker.terms.append(stem) }
            }
        }
        let folded = word.folded
        let scalars = Array(folded.unicodeScalars)
        if let terms = try vocabularyWords(from: folded, through: folded)[folded] {
            take(folded, terms, weight: Ranking.exactWeight)
        }
        if exactOnly { return resolution }
        if word.isPrefix && scalars.count >= Ranking.minimumPrefixLength {
            let words = try vocabularyWords(from: folded, through: folded + "\u{10FFFF}")
            for candidate in words.keys.sorted(by: IndexFormat.precedes)
            where candidate != folded && candidate.utf8.starts(with: folded.utf8) {
                take(candidate, words[candidate] ?? [], weight: Ranking.prefixWeight)
            }
        }
        let limit = Ranking.allowedTypos(length: scalars.count)
        if resolution.weights.isEmpty && limit > 0, let first = scalars.first {
            let lead = String(first)
            let words = try vocabularyWords(from: lead, through: lead + "\u{10FFFF}")
            for candidate in words.keys.sorted(by: IndexFormat.precedes) where candidate != folded {
                let candidateScalars = Array(candidate.unicodeScalars)
                guard candidateScalars.first == first else { continue }
                let distance = EditDistance.typoDistance(scalars, candidateScalars, limit: limit)
                guard distance <= limit else { continue }
                take(candidate, words[candidate] ?? [], weight: distance <= 1 ? Ranking.oneTypoWeight : Ranking.twoTyposWeight)
            }
        }
        return resolution
    }

    /// The words of every vocabulary piece that may hold keys from `low`
    /// through `high`.
    mutating func vocabularyWords(from low: String, through high: String) throws -> [String: [String]] {
        let references = entry.vocabulary
        guard !references.isEmpty else { return [:] }
        var words: [String: [String]] = [:]
        for index in pieceIndex(low, in: references)...pieceIndex(high, in: references) {
            let file = IndexFormat.vocabularyFile(references[index][1])
            if vocabularyPieces[file] == nil {
                vocabularyPieces[file] = try SearchEngine.decode(VocabularyPiece.self, from: read(file), path: file)
            }
            words.merge(vocabularyPieces[file]?.words ?? [:]) { first, _ in first }
        }
        return words
    }

    /// The last piece whose first key is not after `key`.
    func pieceIndex(_ key: String, in references: [[String]]) -> Int {
        var low = 0, high = references.count - 1, found = 0
        while low <= high {
            let middle = (low + high) / 2
            if !IndexFormat.precedes(key, references[middle][0]) {
                found = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return found
    }

    // MARK: - Postings

    mutating func postings(_ term: String) throws -> [(ordinal: Int, frequency: Int)]? {
        guard !entry.postings.isEmpty else { return nil }
        let file = IndexFormat.postingsFile(entry.postings[pieceIndex(term, in: entry.postings)][1])
        if postingsPieces[file] == nil {
            postingsPieces[file] = try SearchEngine.decode(PostingsPiece.self, from: read(file), path: file)
        }
        guard let encoded = postingsPieces[file]?.terms[term] else { return nil }
        guard let numbers = VarintCodec.decode(encoded), numbers.count % 2 == 0 else {
            throw SearchIndexError.malformed(file)
        }
        var entries: [(ordinal: Int, frequency: Int)] = []
        entries.reserveCapacity(numbers.count / 2)
        var ordinal = -1
        var index = 0
        while index < numbers.count {
            ordinal += numbers[index] + 1
            entries.append((ordinal, numbers[index + 1] + 1))
            index += 2
        }
        return entries
    }

    /// For each document matching the word: the word's inverse document
    /// frequency times its best weighted saturation over the expansions,
    /// plus the bonus for the exact accented form. Also returns the
    /// documents holding that exact form.
    mutating func bestScores(for word: QueryWord, resolution: Resolution) throws -> ([Int: Double], Set<Int>) {
        var best: [Int: Double] = [:]
        for term in resolution.weights.keys.sorted(by: IndexFormat.precedes) {
            guard let weight = resolution.weights[term], let entries = try postings(term) else { continue }
            for (ordinal, frequency) in entries {
                let value = weight * Ranking.saturation(frequency: frequency)
                if value > (best[ordinal] ?? -1) { best[ordinal] = value }
            }
        }
        guard !best.isEmpty else { return ([:], []) }
        let idf = Ranking.idf(matching: best.count, documents: entry.documents)
        var exactDocuments = Set<Int>()
        var bonus: [Int: Double] = [:]
        if let exact = word.exact, let entries = try postings(IndexFormat.exactPrefix + exact) {
            for (ordinal, frequency) in entries where best[ordinal] != nil {
                bonus[ordinal] = Ranking.accentBonus * Ranking.saturation(frequency: frequency)
                exactDocuments.insert(ordinal)
            }
        }
        var scores: [Int: Double] = [:]
        for (ordinal, value) in best { scores[ordinal] = idf * (value + (bonus[ordinal] ?? 0)) }
        return (scores, exactDocuments)
    }

    // MARK: - Documents, facets, dates

    mutating func storedDocument(_ ordinal: Int) throws -> StoredDocument {
        var low = 0, high = entry.chunks.count - 1, found = 0
        while low <= high {
            let middle = (low + high) / 2
            if entry.chunks[middle].first ?? 0 <= ordinal { found = middle; low = middle + 1 } else { high = middle - 1 }
        }
        guard found < entry.chunks.count, entry.chunks[found].count == 2 else {
            throw SearchIndexError.malformed(IndexFormat.entryFile)
        }
        let file = IndexFormat.chunkFile(entry.chunks[found][1])
        if chunks[file] == nil {
            chunks[file] = try SearchEngine.decode(DocumentChunk.self, from: read(file), path: file).documents
        }
        let documents = chunks[file] ?? []
        let slot = ordinal - entry.chunks[found][0]
        guard slot >= 0 && slot < documents.count else { throw SearchIndexError.malformed(file) }
        return documents[slot]
    }

    mutating func loadFacets() throws -> FacetsFile {
        if let facetsFile { return facetsFile }
        let loaded = try SearchEngine.decode(FacetsFile.self, from: read(entry.facets), path: entry.facets)
        facetsFile = loaded
        return loaded
    }

    func ordinals(_ encoded: String) throws -> Set<Int> {
        guard let set = OrdinalSetCodec.decode(encoded) else { throw SearchIndexError.malformed(entry.facets) }
        return set
    }

    func loadDates() throws -> [Int] {
        let file = try SearchEngine.decode(DatesFile.self, from: read(entry.dates), path: entry.dates)
        guard let dates = VarintCodec.decode(file.minutes) else { throw SearchIndexError.malformed(entry.dates) }
        return dates
    }

    mutating func facetCounts(_ matching: [Int]) throws -> SearchFacets {
        guard !matching.isEmpty else { return SearchFacets(tags: [], sections: [], languages: []) }
        let facets = try loadFacets()
        let matchingSet = Set(matching)
        func counts(_ lists: [String: String]) throws -> [FacetCount] {
            var result: [FacetCount] = []
            for (value, encoded) in lists {
                let count = try ordinals(encoded).intersection(matchingSet).count
                if count > 0 { result.append(FacetCount(value: value, count: count)) }
            }
            return result.sorted { $0.count != $1.count ? $0.count > $1.count : IndexFormat.precedes($0.value, $1.value) }
        }
        return SearchFacets(tags: try counts(facets.tags), sections: try counts(facets.sections), languages: try counts(facets.languages))
    }

    // MARK: - Phrases

    /// Whether consecutive words of the title, description or stored text
    /// match the phrase's words in order.
    func containsPhrase(_ document: StoredDocument, markers: [MatchMarker]) -> Bool {
        guard !markers.isEmpty else { return true }
        for source in [document.title, document.description, document.text] {
            let folded = WordScanner.words(in: source).map(TextFolding.fold)
            guard folded.count >= markers.count else { continue }
            for start in 0...(folded.count - markers.count)
            where markers.indices.allSatisfy({ markers[$0].matches(folded: folded[start + $0]) }) {
                return true
            }
        }
        return false
    }
}

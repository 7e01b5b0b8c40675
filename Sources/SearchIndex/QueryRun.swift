import Foundation

/// The state of one query: pieces read so far and decoded postings.
/// The steps are split over `QueryRun.swift` (the flow),
/// `QueryRun+Matching.swift` (vocabulary and scores) and
/// `QueryRun+Pieces.swift` (documents, facets, dates, phrases).
struct QueryRun {
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

        var totals: [Int: Double] = [:]
        var accents: [Int: Int] = [:]
        for ordinal in matching {
            var total = 0.0
            for best in scores { total += best[ordinal] ?? 0 }
            totals[ordinal] = total
            accents[ordinal] = exactForms.reduce(0) { $0 + ($1.contains(ordinal) ? 1 : 0) }
        }
        // Documents with more of the typed accented forms come first.
        func byRelevance(_ a: Int, _ b: Int) -> Bool {
            let accentsA = accents[a] ?? 0, accentsB = accents[b] ?? 0
            if accentsA != accentsB { return accentsA > accentsB }
            let scoreA = totals[a] ?? 0, scoreB = totals[b] ?? 0
            return scoreA != scoreB ? scoreA > scoreB : a < b
        }

        if !phrases.isEmpty {
            // Phrases are checked on stored text, so only the best candidates
            // are read and checked.
            var kept: [Int] = []
            for ordinal in matching.sorted(by: byRelevance).prefix(Ranking.phraseCandidates) {
                let document = try storedDocument(ordinal)
                if phrases.allSatisfy({ phrase in containsPhrase(document, markers: phrase.map { resolutions[$0].marker }) }) {
                    kept.append(ordinal)
                }
            }
            matching = kept.sorted()
        }

        let ranked: [Int]
        switch query.sort {
        case .relevance:
            ranked = matching.sorted(by: byRelevance)
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
}

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
    var texts: [String: [String]] = [:]
    /// The first ordinal of each chunk, and one past the last document.
    var chunkStarts: [Int]?
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
        let filters = !query.tags.isEmpty || !query.sections.isEmpty || !query.languages.isEmpty
        guard !words.isEmpty || filters else { return empty }

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
        // Without words, a filter alone picks the documents.
        var matching: [Int]
        if let smallest = scores.indices.min(by: { scores[$0].count < scores[$1].count }) {
            matching = scores[smallest].keys.filter { ordinal in scores.allSatisfy { $0[ordinal] != nil } }.sorted()
        } else {
            matching = Array(0..<entry.documents)
        }

        if filters {
            let facets = try loadFacets()
            let tagSets = try query.tags.map { try ordinals(of: $0, in: facets.tags) }
            let sectionSet = try query.sections.reduce(into: Set<Int>()) { $0.formUnion(try ordinals(of: $1, in: facets.sections)) }
            let languageSet = try query.languages.reduce(into: Set<Int>()) { $0.formUnion(try ordinals(of: $1, in: facets.languages)) }
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

        var ranked: [Int]
        if query.sort == .date || words.isEmpty {
            let dates = try loadDates()
            ranked = matching.sorted { a, b in
                let dateA = a < dates.count ? dates[a] : 0, dateB = b < dates.count ? dates[b] : 0
                return dateA != dateB ? dateA > dateB : a < b
            }
        } else {
            ranked = matching.sorted(by: byRelevance)
        }
        let limit = max(0, query.limit)
        var total = ranked.count

        if !phrases.isEmpty {
            // Phrases are checked on each candidate's text file, in the
            // order of the results, until enough are found: a query reads
            // the text of the results it shows and of the candidates
            // passed over, not of every candidate.
            var kept: [Int] = []
            var checked = 0
            for ordinal in ranked where kept.count < limit && checked < Ranking.phraseCandidates {
                checked += 1
                let document = try storedDocument(ordinal)
                let sources = [document.title, document.description] + (try passages(of: document))
                if phrases.allSatisfy({ phrase in containsPhrase(sources, markers: phrase.map { resolutions[$0].marker }) }) {
                    kept.append(ordinal)
                }
            }
            // The candidates not checked may hold the phrases too.
            let unchecked = ranked.dropFirst(checked)
            total = kept.count + unchecked.count
            ranked = kept + unchecked
        }

        var marker = MatchMarker()
        for resolution in resolutions { marker.add(resolution.marker) }
        let markers = resolutions.map(\.marker)
        var results: [SearchResult] = []
        for ordinal in ranked.prefix(limit) {
            let document = try storedDocument(ordinal)
            let excerpt = Excerpt.make(
                passages: try passages(of: document), description: document.description, words: markers, marker: marker)
            results.append(SearchResult(
                id: document.id, url: document.url, title: document.title, date: document.date,
                dateText: document.dateText, section: document.section, language: document.language, tags: document.tags,
                thumbnail: document.thumbnail, score: totals[ordinal] ?? 0,
                excerpt: excerpt.text, highlights: excerpt.highlights, excerptHTML: excerpt.html))
        }
        return SearchResponse(results: results, total: total, facets: Self.facetCounts(results))
    }
}

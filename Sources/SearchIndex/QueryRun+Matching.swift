extension QueryRun {
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
            var candidates = words.keys.filter { $0 != folded && $0.utf8.starts(with: folded.utf8) }
            if candidates.count > Ranking.maximumPrefixExpansions {
                // The shortest completions: the closest to what was typed.
                candidates = Array(candidates.sorted(by: Self.shorterFirst).prefix(Ranking.maximumPrefixExpansions))
            }
            for candidate in candidates.sorted(by: IndexFormat.precedes) {
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

    /// Shorter words first, then in key order.
    static func shorterFirst(_ a: String, _ b: String) -> Bool {
        let lengthA = a.unicodeScalars.count
        let lengthB = b.unicodeScalars.count
        if lengthA != lengthB { return lengthA < lengthB }
        return IndexFormat.precedes(a, b)
    }
}

import TextFolding

extension QueryRun {
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

    /// The passages of `document`'s text file.
    mutating func passages(of document: StoredDocument) throws -> [String] {
        let key = document.textKey
        guard key.utf8.count == 16, key.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { throw SearchIndexError.malformed(IndexFormat.chunkFile(0)) }
        let file = DocumentText.path(forKey: key)
        if let known = texts[file] { return known }
        let loaded = try SearchEngine.decode(TextFile.self, from: read(file), path: file).passages
        texts[file] = loaded
        return loaded
    }

    mutating func loadFacets() throws -> FacetsFile {
        if let facetsFile { return facetsFile }
        let loaded = try SearchEngine.decode(FacetsFile.self, from: read(entry.facets), path: entry.facets)
        facetsFile = loaded
        return loaded
    }

    /// The documents carrying `value` in `lists` (a facet), compared
    /// folded like query words: `turkce` finds `Türkçe`, `IOS` finds `ios`.
    func ordinals(of value: String, in lists: [String: String]) throws -> Set<Int> {
        let folded = TextFolding.fold(value)
        var found = Set<Int>()
        for (candidate, encoded) in lists where candidate == value || TextFolding.fold(candidate) == folded {
            found.formUnion(try ordinals(encoded))
        }
        return found
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

    /// Whether consecutive words of one of `sources` (the title, the
    /// description, the passages) match the phrase's words in order.
    func containsPhrase(_ sources: [String], markers: [MatchMarker]) -> Bool {
        guard !markers.isEmpty else { return true }
        for source in sources {
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

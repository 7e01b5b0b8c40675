import TextFolding

extension QueryRun {
    // MARK: - Documents, facets, dates

    mutating func storedDocument(_ ordinal: Int) throws -> StoredDocument {
        if chunkStarts == nil {
            guard let sizes = VarintCodec.decode(entry.chunks) else { throw SearchIndexError.malformed(IndexFormat.entryFile) }
            var starts = [0]
            for size in sizes { starts.append(starts[starts.count - 1] + size) }
            chunkStarts = starts
        }
        let starts = chunkStarts ?? [0]
        // The chunk holding the ordinal: the last whose start is not after it.
        var low = 0, high = starts.count - 2, found = -1
        while low <= high {
            let middle = (low + high) / 2
            if starts[middle] <= ordinal { found = middle; low = middle + 1 } else { high = middle - 1 }
        }
        guard found >= 0, ordinal < starts[found + 1] else { throw SearchIndexError.malformed(IndexFormat.entryFile) }
        let file = IndexFormat.chunkFile(found)
        if chunks[file] == nil {
            chunks[file] = try SearchEngine.decode(DocumentChunk.self, from: read(file), path: file).documents
        }
        let documents = chunks[file] ?? []
        let slot = ordinal - starts[found]
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

    /// The documents carrying `value` in `lists` (a facet: values and the
    /// names of their set files), compared folded like query words:
    /// `turkce` finds `Türkçe`, `IOS` finds `ios`.
    func ordinals(of value: String, in lists: [String: String]) throws -> Set<Int> {
        let folded = TextFolding.fold(value)
        var found = Set<Int>()
        for (candidate, name) in lists where candidate == value || TextFolding.fold(candidate) == folded {
            let file = IndexFormat.facetFile(name)
            let set = try SearchEngine.decode(FacetSet.self, from: read(file), path: file)
            guard let ordinals = OrdinalSetCodec.decode(set.ordinals) else { throw SearchIndexError.malformed(file) }
            found.formUnion(ordinals)
        }
        return found
    }

    func loadDates() throws -> [Int] {
        let file = try SearchEngine.decode(DatesFile.self, from: read(entry.dates), path: entry.dates)
        guard let dates = VarintCodec.decode(file.minutes) else { throw SearchIndexError.malformed(entry.dates) }
        return dates
    }

    /// Facet counts over the results shown, largest first, then by value:
    /// what the results in view can be narrowed to, from the chunks they
    /// were read from (no file that grows with the site is read for them).
    static func facetCounts(_ results: [SearchResult]) -> SearchFacets {
        func counts(_ values: [[String]]) -> [FacetCount] {
            var counts: [String: Int] = [:]
            for list in values { for value in Set(list) { counts[value, default: 0] += 1 } }
            return counts.map { FacetCount(value: $0.key, count: $0.value) }
                .sorted { $0.count != $1.count ? $0.count > $1.count : IndexFormat.precedes($0.value, $1.value) }
        }
        return SearchFacets(
            tags: counts(results.map(\.tags)), sections: counts(results.map { [$0.section] }),
            languages: counts(results.map { [$0.language] }))
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

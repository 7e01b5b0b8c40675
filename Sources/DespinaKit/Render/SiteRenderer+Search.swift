import SearchIndex

extension SiteRenderer {
    /// The search document of a post or page (its rendered content must be
    /// there; entries kept out with `search: false` are not asked).
    static func searchDocument(for entry: Entry, config: SiteConfig) -> SearchDocument {
        SearchDocument(
            id: entry.identifier, url: PageContexts.url(entry.path, root: config.rootPath), title: entry.title,
            description: entry.description ?? "", keywords: entry.keywords, tags: entry.tags,
            section: entry.section.isEmpty ? "pages" : entry.section, language: entry.language,
            date: entry.date.map { CalendarParts($0, zone: config.zone).iso8601 },
            thumbnail: entry.image, headings: entry.content?.headings.map(\.title) ?? [],
            body: entry.content?.plainText ?? "",
            code: config.search.indexCode ? entry.content?.codeText ?? "" : "")
    }

    /// Whether the output file at `relativePath` is part of the search
    /// index (the search page itself, `search/index.html`, shares its folder).
    static func isSearchIndexFile(_ relativePath: String) -> Bool {
        relativePath.hasPrefix("search/") && !relativePath.hasSuffix(".html")
    }

    /// Writes the index files that `files` makes under `search/` of
    /// `output`, or keeps the ones in place when the same documents made
    /// them (`fingerprint` names the set; then `files` is not called);
    /// returns the file count.
    static func writeSearchIndex(
        to output: OutputFolder, fingerprint: UInt64, files: () -> [String: [UInt8]]
    ) throws -> Int {
        let kept = output.keepAll(where: isSearchIndexFile, fingerprint: fingerprint)
        if kept > 0 { return kept }
        let files = files()
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            try output.write(bytes, to: "search/" + path, fingerprint: fingerprint)
        }
        return files.count
    }
}

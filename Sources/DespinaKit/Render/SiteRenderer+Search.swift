import SearchIndex

extension SiteRenderer {
    /// The search documents of every post and page that is not kept out
    /// with `search: false`, in the model's order.
    func searchDocuments() -> [SearchDocument] {
        let entries = model.posts + model.pages
        return entries.filter(\.isSearchable).map { entry in
            SearchDocument(
                id: entry.identifier, url: contexts.url(entry.path), title: entry.title,
                description: entry.description ?? "", keywords: entry.keywords, tags: entry.tags,
                section: entry.section.isEmpty ? "pages" : entry.section, language: entry.language,
                date: entry.date.map { CalendarParts($0, zone: config.zone).iso8601 },
                thumbnail: entry.image, headings: entry.content?.headings.map(\.title) ?? [],
                body: entry.content?.plainText ?? "",
                code: config.search.indexCode ? entry.content?.codeText ?? "" : "")
        }
    }

    /// Analyses every document on all cores and writes the index files
    /// under `search/`; returns the file count.
    func writeSearchIndex() throws -> Int {
        let analyzed = parallelMap(searchDocuments()) { DocumentAnalyzer.analyze($0) }
        var builder = IndexBuilder()
        for document in analyzed { builder.add(document) }
        let files = builder.build()
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            try output.write(bytes, to: "search/" + path)
        }
        return files.count
    }
}

import Foundation
import SearchIndex

extension SiteRenderer {
    /// The search document of a post or page (its rendered content must be
    /// there; entries kept out with `search: false` are not asked).
    static func searchDocument(for entry: Entry, config: SiteConfig) -> SearchDocument {
        var document = SearchDocument(
            id: entry.identifier, url: PageContexts.url(entry.path, root: config.rootPath), title: entry.title,
            description: entry.description ?? "", keywords: entry.keywords, tags: entry.tags,
            section: entry.section.isEmpty ? "pages" : entry.section, language: entry.language,
            date: entry.date.map { CalendarParts($0, zone: config.zone).iso8601 },
            dateText: entry.date.map { date in
                // The zone the post's date was written in, as its pages show it.
                let zone = entry.dateZoneOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? config.zone
                return Localization(language: entry.language).display(date, in: zone)
            },
            thumbnail: entry.image, headings: entry.content?.headings.map(\.title) ?? [])
        document.bodyBytes = entry.content?.plainText ?? []
        if config.search.indexCode { document.codeBytes = entry.content?.codeText ?? [] }
        return document
    }

    /// Whether the output file at `relativePath` is part of the search
    /// index (the search page itself, `search/index.html`, shares its folder).
    static func isSearchIndexFile(_ relativePath: String) -> Bool {
        // By bytes: String's `hasPrefix` compares characters, for each of the site's paths.
        relativePath.utf8.starts(with: "search/".utf8) && !relativePath.utf8.suffix(5).elementsEqual(".html".utf8)
    }

    /// Writes the index files that `files` makes under `search/` of
    /// `output`, or keeps the ones in place when the same documents made
    /// them (`fingerprint` names the set and is recorded for the entry
    /// file; then `files` is not called); returns the file count, with the
    /// documents' text files (written as the posts were analysed, or kept
    /// by `files`), which `textFiles` counts.
    static func writeSearchIndex(
        to output: OutputFolder, fingerprint: UInt64, textFiles: () -> Int = { 0 },
        files: () throws -> SearchIndexFiles
    ) throws -> Int {
        let kept = output.keepAll(
            where: isSearchIndexFile, whenFile: "search/" + IndexBuilder.entryFile, wasMadeFrom: fingerprint)
        if kept > 0 { return kept }
        let made = try files()
        for (path, bytes) in made.files.sorted(by: { $0.key < $1.key }) {
            try output.write(bytes, to: "search/" + path, fingerprint: made.fingerprints[path] ?? fingerprint)
        }
        return made.files.count + made.keptCount + textFiles()
    }

    /// The files of `builder`'s index; a chunk file (the stored fields of
    /// a few dozen documents, most of the index's bytes) is kept from the
    /// output when it was made from the same documents, each of the same
    /// version, under the same `key` (the configuration and the tool; 0:
    /// nothing is kept). The builder keeps the posting lists it made, for
    /// the next build.
    static func searchIndexFiles(of builder: inout IndexBuilder, in output: OutputFolder, key: UInt64) -> SearchIndexFiles {
        func fingerprint(_ digest: UInt64) -> UInt64 {
            var fingerprint = Fingerprint()
            fingerprint.combine(key)
            fingerprint.combine("search chunk")
            fingerprint.combine(digest)
            return max(fingerprint.value, 1)
        }
        var keptCount = 0
        var fingerprints: [String: UInt64] = [:]
        let files = builder.build(keepingChunks: { chunks in
            guard key != 0 else { return chunks.map { _ in false } }
            for chunk in chunks { fingerprints[chunk.path] = fingerprint(chunk.digest) }
            let answers = output.keep(chunks.map { ("search/" + $0.path, fingerprints[$0.path] ?? 0) })
            keptCount = answers.count(where: \.self)
            return answers
        })
        return SearchIndexFiles(files: files, fingerprints: fingerprints, keptCount: keptCount)
    }
}

/// The files of a search index a build made: their bytes, relative to
/// `search/`, the fingerprints of the files made from part of the
/// documents (the chunks, made or kept), and how many files were kept from
/// the output instead of being made.
struct SearchIndexFiles {
    var files: [String: [UInt8]]
    var fingerprints: [String: UInt64] = [:]
    var keptCount = 0
}

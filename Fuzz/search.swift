// Fuzz target: search query parsing and ranking over a fixed index.
//
// A small index is built once, in memory, from the documents below (English,
// Turkish, Vietnamese and German text, code, tags, sections, dated and
// undated). Input format:
//   byte 1  filters: bits 0-1 pick tag filters, bits 2-3 section filters,
//           bits 4-5 language filters (each: none, one, two, or an unknown
//           value), bit 6 sorts by date, bit 7 also uses the query text
//           itself as a tag, section and language filter;
//   byte 2  the result limit, as a signed byte (so zero and negative too);
//   rest    the query text, decoded as UTF-8 with replacement characters.
// The text goes through `QueryParser.parse` directly and through
// `SearchEngine.search`; the response must be consistent with the query:
// at most `limit` results, no more than `total`, highlights inside the
// excerpt.
//
// Run with `Fuzz/run.sh search SECONDS`.

import Foundation
import SearchIndex

private let documents = [
    SearchDocument(
        id: "posts/closures", url: "/posts/closures/", title: "Closures That Capture",
        description: "How closures capture values, and when that keeps objects alive.",
        keywords: ["lambda", "capture list"], tags: ["swift", "memory"], section: "posts",
        language: "en", date: "2024-03-04T10:00:00Z", headings: ["Capture lists", "Escaping"],
        body: "A closure remembers the variables it uses. Weak captures break reference cycles; "
            + "unowned captures trust that the object outlives the closure.",
        code: "let handler = { [weak self] in self?.reload() }\nlet twice = { (x: Int) in x * 2 }"),
    SearchDocument(
        id: "posts/actors", url: "/posts/actors/", title: "Actors and the Main Thread",
        description: "Isolation without locks.", tags: ["swift", "concurrency"], section: "posts",
        language: "en", date: "2025-01-20", thumbnail: "/images/actors.png",
        headings: ["Isolation", "Sendable values"],
        body: "An actor serialises access to its state. Mark user-interface code with the main actor.",
        code: "actor Counter { var value = 0; func increment() { value += 1 } }"),
    SearchDocument(
        id: "poems/yagmur", url: "/poems/yagmur/", title: "İSTANBUL'DA YAĞMUR",
        description: "Islak kaldırımlar.", tags: ["şiir"], section: "poems", language: "tr",
        date: "2021-11-02",
        body: "Işıklar yanar Iğdır'dan gelen otobüste; ılık bir rüzgâr, ıslak bir şehir. İstanbul uyumaz."),
    SearchDocument(
        id: "posts/tim-kiem", url: "/posts/tim-kiem/", title: "Tìm kiếm không cần máy chủ",
        description: "Chỉ mục tĩnh cho blog.", tags: ["tìm kiếm", "web"], section: "posts", language: "vi",
        date: "2023-07-15T08:00:00+07:00", headings: ["Đà Nẵng", "Kỹ thuật"],
        body: "Nhà phát triển ở Hà Nội viết chỉ mục tìm kiếm bằng JavaScript."),
    SearchDocument(
        id: "pages/about", url: "/about/", title: "Über diese Seite",
        description: "Straße, Größe und Maße.", keywords: ["impressum"], section: "pages", language: "de",
        body: "Hier schreibt jemand über Programmiersprachen, Gedichte und Suchmaschinen."),
    SearchDocument(
        id: "notes/empty", url: "/notes/empty/", title: "", section: "", language: ""),
]

private let files: [String: [UInt8]] = {
    var builder = IndexBuilder()
    for document in documents { builder.add(DocumentAnalyzer.analyze(document)) }
    return builder.build()
}()

private enum FuzzIndexError: Error { case missing(String) }

private let engine: SearchEngine? = try? SearchEngine(files: { path in
    guard let bytes = files[path] else { throw FuzzIndexError.missing(path) }
    return bytes
})

private let tagChoices: [[String]] = [[], ["swift"], ["swift", "şiir"], ["no-such-tag"]]
private let sectionChoices: [[String]] = [[], ["posts"], ["posts", "poems"], [""]]
private let languageChoices: [[String]] = [[], ["en"], ["tr", "vi"], ["xx-YY"]]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let engine else { fatalError("the fixed index does not open") }
    guard size >= 2 else { return 0 }
    let filters = data[0]
    let limit = Int(Int8(bitPattern: data[1]))
    let text = String(decoding: UnsafeBufferPointer(start: data + 2, count: size - 2), as: UTF8.self)

    _ = QueryParser.parse(text)

    var query = SearchQuery(
        text, tags: tagChoices[Int(filters & 3)], sections: sectionChoices[Int(filters >> 2 & 3)],
        languages: languageChoices[Int(filters >> 4 & 3)],
        sort: filters & 64 != 0 ? .date : .relevance, limit: limit)
    if filters & 128 != 0 {
        query.tags.append(text)
        query.sections.append(text)
        query.languages.append(text)
    }
    guard let response = try? engine.search(query) else { return 0 }
    precondition(response.results.count <= max(0, limit), "more results than the limit")
    precondition(response.results.count <= response.total, "more results than the total")
    for result in response.results {
        let excerptLength = result.excerpt.utf16.count
        for range in result.highlights {
            precondition(range.start >= 0 && range.length > 0 && range.start + range.length <= excerptLength,
                         "a highlight outside the excerpt")
        }
    }
    return 0
}

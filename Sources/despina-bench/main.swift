import Foundation
import Highlight
import Markup
import Mustache
import SearchIndex

// Benchmarks of Despina's parts, run from a release build:
//
//   despina-bench templates [COUNT]      render the default theme's post page COUNT times
//   despina-bench highlight CONTENT_DIR  highlight every fenced code block under CONTENT_DIR
//   despina-bench markdown CONTENT_DIR   parse and render every Markdown file under CONTENT_DIR
//   despina-bench analysis CONTENT_DIR   analyse the text of every Markdown file for the search index
//   despina-bench index CONTENT_DIR      make the search index files of every Markdown file, ten times
//
// Run from the repository root (templates reads Templates/ and Content/).

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func markdownFiles(in directory: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
        .map { directory + "/" + $0 }
}

/// Fenced code blocks of a Markdown text: (info string, code).
func fencedBlocks(in text: String) -> [(String, String)] {
    var blocks: [(String, String)] = []
    var current: (info: String, lines: [Substring])?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") {
            if let open = current {
                blocks.append((open.info, open.lines.joined(separator: "\n") + "\n"))
                current = nil
            } else {
                current = (String(line.dropFirst(3)), [])
            }
        } else {
            current?.lines.append(line)
        }
    }
    return blocks
}

func benchmarkTemplates(count: Int) throws {
    var sources: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: "Templates") where name.hasSuffix(".mustache") {
        sources[String(name.dropLast(".mustache".count))] = try String(contentsOfFile: "Templates/" + name, encoding: .utf8)
    }
    let templates = try TemplateSet(sources: sources)
    let markdown = try String(contentsOfFile: "Content/posts/swift-tutorial-functions-and-closures.md", encoding: .utf8)
    let split = try FrontMatter.split(markdown)
    let document = Document(markdown: String(split.body))
    func link(_ title: String, _ url: String) -> Value { ["title": .string(title), "url": .string(url)] }
    let tags: Value = .array(["swift", "tutorial", "closures"].map { ["name": .string($0), "slug": .string($0), "url": .string("/tags/\($0)/")] })
    let post: Value = [
        "title": "Learning Swift, Part 4: Functions and Closures", "url": "/posts/functions/",
        "permalink": "https://example.com/posts/functions/", "dateISO": "2017-10-23T05:00:00Z",
        "dateDisplay": "October 23, 2017", "hasDate": true, "description": "Functions and closures.",
        "contentHTML": .string(document.html), "readingMinutes": .int(document.readingMinutes),
        "wordCount": .int(document.wordCount), "lang": "en", "tags": tags, "hasTags": true,
        "toc": .array(document.headings.map { ["level": .int($0.level), "depth": .int($0.level - 2), "id": .string($0.id), "title": .string($0.title)] }),
        "hasTOC": true, "previous": link("Part 3", "/posts/control-flow/"), "next": link("Part 5", "/posts/classes/"),
        "series": [
            "title": "Swift Tutorial", "url": "/series/swift-tutorial/", "part": 4, "count": 6,
            "parts": .array((1...6).map { ["title": .string("Part \($0)"), "url": .string("/posts/part-\($0)/"), "part": .int($0), "isCurrent": .bool($0 == 4)] }),
            "previous": link("Part 3", "/posts/control-flow/"), "next": link("Part 5", "/posts/classes/"),
        ],
    ]
    let context: Value = [
        "site": [
            "title": "Despina", "description": "A blog", "author": "Author", "language": "en",
            "baseURL": "https://example.com/", "root": "/", "copyrightYear": 2024, "hasSearch": true,
            "feeds": ["rss": "/rss.xml", "atom": "/atom.xml", "json": "/feed.json"],
            "homeURL": "/", "archiveURL": "/archive/", "tagsURL": "/tags/", "seriesURL": "/series/",
            "searchURL": "/search/", "pages": [link("About", "/about/")],
        ],
        "page": ["kind": "post", "isPost": true, "title": "Learning Swift, Part 4", "description": "Functions.",
                 "url": "/posts/functions/", "permalink": "https://example.com/posts/functions/", "ogType": "article"],
        "lang": "en", "i18n": ["minRead": "min read", "contents": "Contents", "tags": "Tags", "series": "Series"],
        "post": post,
    ]
    var bytes = 0
    bytes = try templates.renderUTF8("post", with: context).count  // warm-up
    let elapsed = try seconds {
        for _ in 0..<count { bytes = try templates.renderUTF8("post", with: context).count }
    }
    print(String(format: "templates: %d renders of the post page (%d bytes each) in %.3f s: %.1f µs per render",
                 count, bytes, elapsed, elapsed / Double(count) * 1e6))
}

func benchmarkHighlight(directory: String) throws {
    var blocks: [(String, String)] = []
    for file in markdownFiles(in: directory) {
        blocks += fencedBlocks(in: try String(contentsOfFile: file, encoding: .utf8))
    }
    let bytes = blocks.reduce(0) { $0 + $1.1.utf8.count }
    var output = 0
    let elapsed = seconds {
        for (info, code) in blocks { output &+= Highlighter.highlightedBlock(code: code, info: info).utf8.count }
    }
    print(String(format: "highlight: %d blocks, %.2f MB of code in %.3f s: %.1f MB/s (one core)",
                 blocks.count, Double(bytes) / 1e6, elapsed, Double(bytes) / 1e6 / elapsed))
}

func benchmarkMarkdown(directory: String) throws {
    let texts = try markdownFiles(in: directory).map { try String(contentsOfFile: $0, encoding: .utf8) }
    let bytes = texts.reduce(0) { $0 + $1.utf8.count }
    var output = 0
    let elapsed = try seconds {
        for text in texts {
            let split = try FrontMatter.split(text)
            output &+= Document(markdown: String(split.body)).htmlBytes.count
        }
    }
    print(String(format: "markdown: %d files, %.1f MB in %.3f s: %.1f MB/s (one core, no highlighting)",
                 texts.count, Double(bytes) / 1e6, elapsed, Double(bytes) / 1e6 / elapsed))
}

/// The search documents of every Markdown file under `directory`, with
/// title, language, tags and date from the front matter.
func searchDocuments(in directory: String) throws -> [SearchDocument] {
    var documents: [SearchDocument] = []
    for (number, file) in markdownFiles(in: directory).enumerated() {
        let split = try FrontMatter.split(try String(contentsOfFile: file, encoding: .utf8))
        let document = Document(markdown: String(split.body))
        var searchDocument = SearchDocument(
            id: "posts/\(number)", url: "/posts/\(number)/", title: (try? split.frontMatter?.string("title")) ?? "",
            tags: (try? split.frontMatter?.strings("tags")) ?? [], section: "posts",
            language: (try? split.frontMatter?.string("lang")) ?? "en",
            date: (try? split.frontMatter?.string("date")).map { String($0.prefix(10)) + "T00:00:00Z" },
            headings: document.headings.map(\.title))
        // As the build hands them over: bytes, never made strings.
        searchDocument.bodyBytes = document.plainTextBytes
        searchDocument.codeBytes = document.codeTextBytes
        documents.append(searchDocument)
    }
    return documents
}

/// Times making the index files from a builder that holds every document:
/// what a rebuild after a one-post edit does once it has swapped the post's
/// document.
func benchmarkIndex(directory: String, rounds: Int) throws {
    var builder = IndexBuilder()
    for document in try searchDocuments(in: directory) { builder.add(DocumentAnalyzer.analyze(document)) }
    var bytes = 0
    var fastest = Double.infinity
    for _ in 0..<rounds {
        let elapsed = seconds { bytes = builder.build().values.reduce(0) { $0 + $1.count } }
        fastest = min(fastest, elapsed)
    }
    print(String(format: "index: %d documents, %.1f MB of index files in %.3f s (fastest of %d; two threads)",
                 builder.count, Double(bytes) / 1e6, fastest, rounds))
}

func benchmarkAnalysis(directory: String) throws {
    let documents = try searchDocuments(in: directory)
    let bytes = documents.reduce(0) { $0 + $1.body.utf8.count + $1.code.utf8.count }
    var terms = 0
    let elapsed = seconds {
        for document in documents { terms &+= DocumentAnalyzer.analyze(document).stored.textKey.utf8.count }
    }
    print(String(format: "analysis: %d documents, %.1f MB of text in %.3f s: %.1f MB/s (one core)",
                 documents.count, Double(bytes) / 1e6, elapsed, Double(bytes) / 1e6 / elapsed))
}

let arguments = CommandLine.arguments.dropFirst()
do {
    switch arguments.first {
    case "templates": try benchmarkTemplates(count: arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000)
    case "highlight": try benchmarkHighlight(directory: arguments.dropFirst().first ?? "Content")
    case "markdown": try benchmarkMarkdown(directory: arguments.dropFirst().first ?? "Content")
    case "analysis": try benchmarkAnalysis(directory: arguments.dropFirst().first ?? "Content")
    case "index": try benchmarkIndex(directory: arguments.dropFirst().first ?? "Content", rounds: Int(arguments.dropFirst(2).first ?? "") ?? 10)
    default:
        print("usage: despina-bench templates [COUNT] | highlight CONTENT_DIR | markdown CONTENT_DIR | analysis CONTENT_DIR"
            + " | index CONTENT_DIR")
        exit(2)
    }
} catch {
    print("despina-bench: \(error)")
    exit(1)
}

import Foundation
import SearchIndex

/// `despina search`: queries the index files a build wrote (never the
/// Markdown), with the same ranking as the browser's search script.
public struct SiteSearch: Sendable {
    /// Files, clock and log.
    public let environment: BuildEnvironment

    /// Creates the command over `environment`.
    public init(environment: BuildEnvironment) {
        self.environment = environment
    }

    /// Runs `query` against the index in `outputDirectory/search/`.
    public func search(_ query: SearchQuery, outputDirectory: String) throws(Diagnostic) -> SearchResponse {
        let indexDirectory = joinPath(outputDirectory, "search")
        let fileSystem = environment.fileSystem
        guard fileSystem.exists(joinPath(indexDirectory, "index.json")) else {
            throw Diagnostic(
                path: indexDirectory,
                message: "no search index here; run 'despina build' first (or pass --output for another folder)")
        }
        do {
            let engine = try SearchEngine { path in try fileSystem.contents(of: joinPath(indexDirectory, path)) }
            return try engine.search(query)
        } catch {
            throw Diagnostic(path: indexDirectory, message: "cannot read the search index: \(error)")
        }
    }

    /// The results as lines for a terminal: how many are shown of how many,
    /// then rank, title, date, URL and excerpt of each.
    public static func text(for response: SearchResponse, query: String) -> String {
        let subject = query.isEmpty ? "" : " for \"\(query)\""
        guard !response.results.isEmpty else { return "No results\(subject)." }
        let total = "\(response.total) result\(response.total == 1 ? "" : "s")"
        let shown = response.results.count < response.total ? "\(response.results.count) of \(total)" : total
        var lines = ["\(shown)\(subject):", ""]
        for (rank, result) in response.results.enumerated() {
            let date = result.date.map { " (\($0.prefix(10)))" } ?? ""
            lines.append("\(rank + 1). \(result.title)\(date)")
            lines.append("   \(result.url)")
            if !result.excerpt.isEmpty { lines.append("   \(result.excerpt)") }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The results as a JSON array (id, url, title, score, date, excerpt, ...).
    public static func json(for response: SearchResponse) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(response.results)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

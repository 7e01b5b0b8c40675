import Foundation

/// Paths of pages below the site root (`/posts/closures/`), checked so that
/// nothing a writer types (slug, alias, permalink) leaves the output folder.
enum SitePath {
    /// Normalizes a path a writer wrote: percent-decoded, `.` removed, `..`
    /// applied, one leading `/`, a trailing `/` unless it names a file.
    /// Returns nil when the path would climb above the root or holds a
    /// backslash or a NUL.
    static func normalize(_ raw: String) -> String? {
        var text = raw
        if let schemeEnd = text.range(of: "://") {
            // A full URL: keep its path only.
            let afterScheme = text[schemeEnd.upperBound...]
            text = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
        }
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        let decoded = text.contains("%") ? (text.removingPercentEncoding ?? text) : text
        if decoded.contains("\\") || decoded.contains("\0") { return nil }
        var components: [Substring] = []
        for component in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if components.isEmpty { return nil }
                components.removeLast()
                continue
            }
            components.append(component)
        }
        if components.isEmpty { return "/" }
        let joined = "/" + components.joined(separator: "/")
        let last = components[components.count - 1]
        let namesFile = last.contains(".") && !decoded.hasSuffix("/")
        return namesFile ? joined : joined + "/"
    }

    /// The output file that serves `path`: `posts/x/index.html` for
    /// `/posts/x/`, the path itself for `/feed.xml`.
    static func outputFile(for path: String) -> String {
        let relative = String(path.drop { $0 == "/" })
        if relative.isEmpty { return "index.html" }
        return path.hasSuffix("/") ? relative + "index.html" : relative
    }

    /// Expands a permalink pattern (`/:section/:slug/`, `/:year/:month/:slug/`)
    /// for an entry.
    static func expand(_ pattern: String, section: String, slug: String, date: Date?, zone: TimeZone) -> String {
        let parts = date.map { CalendarParts($0, zone: zone) }
        func two(_ value: Int?) -> String {
            guard let value else { return "" }
            return value < 10 ? "0\(value)" : String(value)
        }
        var result = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let name = rest[rest.index(after: colon)...].prefix { $0.isLetter }
            switch name {
            case "section": result += section
            case "slug", "title": result += slug
            case "year": result += parts.map { String($0.year) } ?? ""
            case "month": result += two(parts?.month)
            case "day": result += two(parts?.day)
            default: result += ":" + name
            }
            rest = rest[name.endIndex...]
        }
        result += rest
        return result
    }
}

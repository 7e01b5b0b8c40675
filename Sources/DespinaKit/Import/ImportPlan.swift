/// What an import will write: the settings of the new `despina.yml`, the
/// files to copy, and the report so far. Made by reading the old site
/// only; nothing is written until the whole plan is made.
struct ImportPlan: Sendable {
    /// One file of the old site and where it goes in the new one.
    struct Copy: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case post, page, file }
        /// Absolute path in the old site.
        var source: String
        /// Relative to the new site's folder: `Content/posts/x.md`.
        var destination: String
        var kind: Kind
        /// A Jekyll draft, marked `draft: true` in the copy so that it stays
        /// unpublished as it was.
        var marksDraft = false
    }

    var settings = ImportedSettings()
    var copies: [Copy] = []
    var report: ImportReport

    init(generator: ImportedGenerator) {
        report = ImportReport(generator: generator)
    }
}

/// The settings of the old site that `despina.yml` can say, written only
/// when the old site set them.
struct ImportedSettings: Sendable, Equatable {
    var title: String?
    var description: String?
    var author: String?
    var baseURL: String?
    var language: String?
    var timeZone: String?
    var postsPerPage: Int?
    var conventions: SiteConventions = .despina
    var permalink: String?
    var pagePermalink: String?
    var sectionPermalinks: [SectionPermalink] = []
    var unsafeHTML: Bool?
    var smartPunctuation: Bool?
    var headingIDs: String?
    /// The old site's own values (`site.repository`, Hugo's `[params]`).
    var params: [SiteParameter] = []
    /// Old list pages that redirect to Despina's (`/categories/news/` → `/tags/news/`).
    var redirects: [SiteRedirect] = []

    /// The `despina.yml` that says these settings, every string quoted.
    var yaml: String {
        var lines = ["# Made by despina import; see docs/writing.md for every setting."]
        func add(_ key: String, _ value: String?) {
            if let value { lines.append("\(key): \(Self.quoted(value))") }
        }
        add("title", title)
        add("description", description)
        add("author", author)
        add("baseURL", baseURL)
        add("language", language)
        add("timeZone", timeZone)
        if let postsPerPage { lines.append("postsPerPage: \(postsPerPage)") }
        lines.append("conventions: \(conventions.rawValue)")
        add("permalink", permalink)
        add("pagePermalink", pagePermalink)
        if !sectionPermalinks.isEmpty {
            lines.append("permalinks:")
            for entry in sectionPermalinks { lines.append("  \(Self.quoted(entry.section)): \(Self.quoted(entry.pattern))") }
        }
        if !params.isEmpty {
            lines.append("params:")
            for parameter in params { lines.append("  \(Self.quoted(parameter.name)): \(Self.quoted(parameter.value))") }
        }
        if !redirects.isEmpty {
            lines.append("redirects:")
            for redirect in redirects { lines.append("  \(Self.quoted(redirect.from)): \(Self.quoted(redirect.to))") }
        }
        if unsafeHTML != nil || smartPunctuation != nil || headingIDs != nil {
            lines.append("markdown:")
            if let smartPunctuation { lines.append("  smartPunctuation: \(smartPunctuation)") }
            if let unsafeHTML { lines.append("  unsafeHTML: \(unsafeHTML)") }
            if let headingIDs { lines.append("  headingIDs: \(headingIDs)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a double-quoted YAML scalar: every value stays a string,
    /// whatever it looks like (`yes`, `2024`, `: x`). Not `jsonString`:
    /// YAML also forbids DEL and the C1 controls unescaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

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
            if let value { lines.append("\(key): \(yamlQuoted(value))") }
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
            for entry in sectionPermalinks { lines.append("  \(yamlQuoted(entry.section)): \(yamlQuoted(entry.pattern))") }
        }
        if !params.isEmpty {
            lines.append("params:")
            for parameter in params { lines.append("  \(yamlQuoted(parameter.name)): \(yamlQuoted(parameter.value))") }
        }
        if !redirects.isEmpty {
            lines.append("redirects:")
            for redirect in redirects { lines.append("  \(yamlQuoted(redirect.from)): \(yamlQuoted(redirect.to))") }
        }
        if unsafeHTML != nil || smartPunctuation != nil || headingIDs != nil {
            lines.append("markdown:")
            if let smartPunctuation { lines.append("  smartPunctuation: \(smartPunctuation)") }
            if let unsafeHTML { lines.append("  unsafeHTML: \(unsafeHTML)") }
            if let headingIDs { lines.append("  headingIDs: \(headingIDs)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

import Foundation
import Markup

/// The site's settings from `despina.yml`. Every key has a default, so a
/// site folder needs no configuration file at all.
public struct SiteConfig: Sendable, Equatable, Encodable {
    /// The site's name, shown in the header and feeds.
    public var title = "My Blog"
    /// One sentence about the site, for feeds and the home page's description.
    public var description = ""
    /// The author's name, for feeds and the footer.
    public var author = ""
    /// The absolute URL the site is published at, ending in `/`.
    public var baseURL = "http://localhost:8080/" {
        didSet { (rootPath, origin) = Self.rootAndOrigin(of: baseURL) }
    }
    /// The default language of posts (BCP 47).
    public var language = "en"
    /// The zone of dates written without one (IANA name).
    public var timeZone = "UTC" {
        didSet { zone = Self.zone(named: timeZone) }
    }
    /// Posts on each page of the home and tag lists.
    public var postsPerPage = 10
    /// The URL pattern of posts: `:section`, `:slug`, `:year`, `:month`,
    /// `:day` and the other tokens of ``PermalinkPattern``, or a Jekyll style
    /// name (`pretty`, `date`, ...).
    public var permalink = "/:section/:slug/"
    /// Patterns for the posts of particular sections, in place of
    /// `permalink` (Hugo's `[permalinks]`), sorted by section.
    public var sectionPermalinks: [SectionPermalink] = []
    /// The URL pattern of standalone pages (`Content/about.md`).
    public var pagePermalink = "/:slug/"
    /// Whose habits slugs, titles from file names and categories follow.
    var conventions = SiteConventions.despina
    /// The site's own values for templates (`{{site.params.repository}}`)
    /// and for a moved blog's `{{ site.repository }}` and `{{< param >}}`,
    /// as Hugo's `[params]` and Jekyll's `_config.yml`; sorted by name.
    public var params: [SiteParameter] = []
    /// Old URLs of the site that redirect to new ones (a moved blog's
    /// category pages, `/categories/news/` → `/tags/news/`), sorted.
    public var redirects: [SiteRedirect] = []
    /// Markdown options for every post (a post can turn hard breaks on).
    public var markdown = MarkdownSettings()
    /// Search index settings.
    public var search = SearchSettings()
    /// How many posts each feed holds.
    public var feedLimit = 20

    /// Creates the default configuration.
    public init() {}

    /// The site's time zone, falling back to UTC for an unknown name.
    public private(set) var zone = SiteConfig.zone(named: "UTC")

    /// The path part of the base URL: `/` or `/blog/`.
    public private(set) var rootPath = SiteConfig.rootAndOrigin(of: "http://localhost:8080/").root

    /// The scheme and host of the base URL, without a trailing slash.
    public private(set) var origin = SiteConfig.rootAndOrigin(of: "http://localhost:8080/").origin

    // The three above are worked out when their setting changes, not each
    // time a page asks (once per post).

    private static func zone(named name: String) -> TimeZone {
        TimeZone(identifier: name) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    /// The path and origin of `baseURL` (the preview serves under that path).
    static func rootAndOrigin(of baseURL: String) -> (root: String, origin: String) {
        guard let url = URL(string: baseURL) else { return ("/", "") }
        var root = url.path(percentEncoded: true)
        if root.isEmpty {
            root = "/"
        } else {
            if !root.hasPrefix("/") { root = "/" + root }
            if !root.hasSuffix("/") { root += "/" }
        }
        guard let scheme = url.scheme, let host = url.host else { return (root, "") }
        let port = url.port.map { ":\($0)" } ?? ""
        return (root, "\(scheme)://\(host)\(port)")
    }
}

/// A named value of `params:` in `despina.yml`.
public struct SiteParameter: Sendable, Equatable, Encodable {
    public var name: String
    public var value: String

    /// Creates a parameter.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An old URL of the site and the URL it now redirects to, with the line
/// of `despina.yml` that says so.
public struct SiteRedirect: Sendable, Equatable, Encodable {
    public var from: String
    public var to: String
    public var line: Int
    public var column: Int

    /// Creates a redirect written at `line` and `column` of `despina.yml`.
    public init(from: String, to: String, line: Int = 0, column: Int = 0) {
        (self.from, self.to, self.line, self.column) = (from, to, line, column)
    }
}

/// The URL pattern of one section's posts.
public struct SectionPermalink: Sendable, Equatable, Encodable {
    /// The section's folder below `Content/`: `blog`.
    public var section: String
    /// The pattern: `/:section/:year/:slug/`.
    public var pattern: String

    /// Creates a section's pattern.
    public init(section: String, pattern: String) {
        self.section = section
        self.pattern = pattern
    }
}

extension SiteConfig {
    /// What is wrong with `text` as the site's base URL (`despina.yml`'s
    /// `baseURL`, `--base-url`), or nil when it is an absolute http or
    /// https URL: anything else would end up in front of every link.
    public static func problem(withBaseURL text: String) -> String? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false
        else { return "must be an absolute http or https URL like https://example.org/blog/, found '\(text)'" }
        return nil
    }

    /// The pattern of a post in `section`: the section's own, else the site's.
    func permalinkPattern(forSection section: String) -> String {
        sectionPermalinks.first { $0.section == section }?.pattern ?? permalink
    }
}

/// Markdown rendering options a site can set.
public struct MarkdownSettings: Sendable, Equatable, Encodable {
    /// Curly quotes, dashes and ellipses.
    public var smartPunctuation = true
    /// Every line break in a paragraph becomes `<br>` (poems turn this on).
    public var hardLineBreaks = false
    /// Raw HTML in Markdown passes through (off by default, as in Hugo).
    public var unsafeHTML = false
    /// `[^1]` footnotes, as on GitHub.
    public var footnotes = true
    /// `- [ ]` and `- [x]` task list items.
    public var taskLists = true
    /// Bare `https://…`, `www.…` and e-mail addresses become links.
    public var autolinks = true
    /// `## Title {#id .class}` heading attributes.
    public var headingAttributes = true
    /// `> [!NOTE]` GitHub alerts.
    public var alerts = true
    /// `Term` / `: definition` definition lists.
    public var definitionLists = true
    /// How headings get their ids; a blog moved from Hugo or Jekyll keeps
    /// its old heading links with `goldmark` or `kramdown`.
    public var headingIDs = HeadingIDStyle.despina
    /// Creates the defaults.
    public init() {}
}

/// Search index options a site can set.
public struct SearchSettings: Sendable, Equatable, Encodable {
    /// Whether the build writes a search index and page.
    public var enabled = true
    /// Whether code blocks are indexed (with the lowest weight).
    public var indexCode = true
    /// Creates the defaults.
    public init() {}
}

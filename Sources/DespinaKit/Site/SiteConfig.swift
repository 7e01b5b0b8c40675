import Foundation
import Markup

/// The site's settings from `despina.yml`. Every key has a default, so a
/// site folder needs no configuration file at all.
public struct SiteConfig: Sendable, Equatable {
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
    /// The URL pattern of posts: `:section`, `:slug`, `:year`, `:month`, `:day`.
    public var permalink = "/:section/:slug/"
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

    private static func rootAndOrigin(of baseURL: String) -> (root: String, origin: String) {
        guard let url = URL(string: baseURL) else { return ("/", "") }
        var root = url.path
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

/// Markdown rendering options a site can set.
public struct MarkdownSettings: Sendable, Equatable {
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
public struct SearchSettings: Sendable, Equatable {
    /// Whether the build writes a search index and page.
    public var enabled = true
    /// Whether code blocks are indexed (with the lowest weight).
    public var indexCode = true
    /// Creates the defaults.
    public init() {}
}

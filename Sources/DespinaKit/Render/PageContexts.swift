import Bytes
import Foundation
import Markup
import Mustache
import Synchronization

/// Builds the values templates see (documented in `docs/templates.md`):
/// `site`, `page`, `lang`, `i18n`, and per kind of page `post`, `posts`,
/// `pagination`, `tag`, `tags`, `years`, `series`, `seriesList`, `redirect`.
final class PageContexts: Sendable {
    let config: SiteConfig
    let model: SiteModel
    /// Summaries of every post, in the model's order.
    let summaries: [PostSummary]
    /// The language of the pages that list posts: the site's. A post in
    /// another language keeps its own title and summary there, but its
    /// dates follow the page (`ShownPost`).
    let listLocalization: Localization
    /// Each post as lists show it, made when first listed (the preview
    /// lists a few): one object per post, so that its summary is rendered
    /// once (`PartialMemo`).
    private let listedPosts: Mutex<[ShownPost?]>
    let site: Value
    /// What every post summary shares (origin, root, zone, date names).
    let summaryParts: PostSummary.Parts
    /// Each post as other posts' pages link to it, and each series' parts:
    /// made once, for `links(ofPost:)`.
    let postLinks: [PostLinks.Link]
    let seriesParts: [[PostLinks.Link]]
    /// The interface strings as template values, built once per language.
    private let interfaceStrings: [String: Value] = Dictionary(uniqueKeysWithValues: Localization.languages.map {
        ($0, Value.dictionary(Fields(Localization(language: $0).strings.mapValues { Value.string($0) })))
    })

    /// - Parameter hasCustomStylesheet: whether the site has its own
    ///   `Templates/assets/custom.css`, which pages then link after the
    ///   theme's stylesheets (`site.customCSS`).
    init(config: SiteConfig, model: SiteModel, hasCustomStylesheet: Bool = false) {
        self.config = config
        self.model = model
        let root = config.rootPath
        // Dated posts come first, newest first: the first post's date is the newest.
        let newestYear = model.posts.first?.date.map { CalendarParts($0, zone: config.zone).year }
        func url(of kind: PageKind) -> Value { .string(Self.url(kind.path ?? "", root: root)) }
        site = .dictionary([
            "title": .string(config.title),
            "description": .string(config.description),
            "author": .string(config.author),
            "language": .string(config.language),
            "baseURL": .string(config.baseURL),
            "root": .string(root),
            "copyrightYear": newestYear.map { .int($0) } ?? .null,
            "feeds": Self.feedLinks(root: root, base: ""),
            "homeURL": url(of: .home),
            "archiveURL": url(of: .archive),
            "tagsURL": url(of: .tags),
            "seriesURL": url(of: .seriesIndex),
            "searchURL": url(of: .search),
            "customCSS": hasCustomStylesheet ? .string(root + Self.customStylesheet) : .null,
            "hasSearch": .bool(config.search.enabled),
            "params": .dictionary(Fields(Dictionary(
                config.params.map { ($0.name, Value.string($0.value)) }, uniquingKeysWith: { first, _ in first }))),
            "pages": .array(model.pages.map { page in
                .dictionary(["title": .string(page.title), "url": .string(Self.url(page.path, root: root))])
            }),
        ])
        // Summaries are made empty and fill in as templates read them.
        let parts = PostSummary.Parts(config: config, tagSlugs: model.tagSlugs)
        summaryParts = parts
        // On all cores: each copies a post's entry, and a link digests its title and path.
        summaries = parallelMap(model.posts) { PostSummary(post: $0, parts: parts) }
        let listLocalization = Localization(language: config.language)
        self.listLocalization = listLocalization
        listedPosts = Mutex(Array(repeating: nil, count: summaries.count))
        let postLinks = parallelMap(model.posts) { PostLinks.Link(title: $0.title, path: $0.path) }
        self.postLinks = postLinks
        seriesParts = model.series.map { $0.posts.map { postLinks[$0] } }
    }

    /// Post `index` of the model as lists show it.
    func listed(_ index: Int) -> Value {
        .object(listedPosts.withLock { shown in
            if let made = shown[index] { return made }
            let made = ShownPost(summaries[index], localization: listLocalization)
            shown[index] = made
            return made
        })
    }

    // MARK: - Shared pieces

    /// Where a site puts CSS of its own, relative to `Templates/` and to the
    /// output: added after the theme's instead of replacing its `style.css`.
    static let customStylesheet = "assets/custom.css"

    static func url(_ path: String, root: String) -> String { PathText.rooted(path, at: root) }

    func url(_ path: String) -> String { Self.url(path, root: config.rootPath) }

    func permalink(_ path: String) -> String { config.origin + url(path) }

    static func feedLinks(root: String, base: String) -> Value {
        let prefix = root + base.drop { $0 == "/" }
        return .dictionary([
            "rss": .string(prefix + "rss.xml"),
            "atom": .string(prefix + "atom.xml"),
            "json": .string(prefix + "feed.json"),
        ])
    }

    /// Each kind of page with its flag (`page.isPost`), made once: the root
    /// of every page sets them all.
    private static let kindFlags = PageKind.allCases.compactMap { kind in kind.flag.map { (kind, $0) } }

    /// The root of a page's context: everything every template can use.
    func root(kind: PageKind, title: String, path: String, language: String, extra: [String: Value]) -> Value {
        root(kind: kind, title: title, path: path, language: language, extra: extra.map { ($0.key, $0.value) })
    }

    /// Made as lists of pairs, where a later pair wins: no dictionary to
    /// hash and grow for each of thousands of pages.
    func root(kind: PageKind, title: String, path: String, language: String, extra: [(String, Value)]) -> Value {
        var page: [(String, Value)] = [
            ("kind", .string(kind.rawValue)), ("title", .string(title)), ("heading", .string(title)),
            ("description", .string(config.description)), ("url", .string(url(path))),
            ("permalink", .string(permalink(path))), ("ogType", .string(kind == .post ? "article" : "website")),
            ("noindex", .bool(kind.isNoindex)),
        ] + Self.kindFlags.map { other, flag in (flag, .bool(other == kind)) }
        var context: [(String, Value)] = [
            ("site", site), ("lang", .string(language)),
            ("i18n", interfaceStrings[Localization(language: language).language] ?? .null),
        ]
        for (key, value) in extra {
            if key == "page", case .dictionary(let overrides) = value { page += overrides } else { context.append((key, value)) }
        }
        context.append(("page", .dictionary(Fields(page))))
        return .dictionary(Fields(context))
    }

    // MARK: - Posts

    /// The context of a post's own page, which shows of other posts only
    /// what `links` holds.
    func post(at index: Int, links: PostLinks) -> Value {
        own(model.posts[index], summary: summaries[index], kind: .post, adding: values(of: links))
    }

    /// The context of a standalone page.
    func page(_ entry: Entry) -> Value {
        own(entry, summary: PostSummary(post: entry, parts: summaryParts), kind: .page, adding: [])
    }

    /// The context of a post's or page's own page: its summary with its
    /// content, table of contents and what `added` holds (its neighbours).
    private func own(_ entry: Entry, summary: PostSummary, kind: PageKind, adding added: [(String, Value)]) -> Value {
        var added = added
        added.append(("contentHTML", contentWithHeadingLinks(of: entry)))
        addTableOfContents(for: entry, to: &added)
        var page: [(String, Value)] = []
        if let description = entry.description, !description.isEmpty { page.append(("description", .string(description))) }
        if let image = summary.value(forKey: "image") { page.append(("image", image)) }
        let post = ShownPost(summary, localization: Localization(language: entry.language), adding: Fields(added))
        return root(kind: kind, title: entry.title, path: entry.path, language: entry.language,
                    extra: [("post", .object(post)), ("page", .dictionary(Fields(page)))])
    }

    /// The HTML of a post or page for its own page: with a link on each
    /// heading, labelled in its language.
    private func contentWithHeadingLinks(of entry: Entry) -> Value {
        guard let content = entry.content, content.htmlText.utf8Count > 0 else { return .string("") }
        let label = Localization(language: entry.language).strings["headingLink"] ?? "Link to this section"
        return .object(HeadingLinkedHTML(content.htmlText, headings: content.headings, label: label))
    }

    private func addTableOfContents(for entry: Entry, to post: inout [(String, Value)]) {
        let headings = entry.content?.headings ?? []
        let shallowest = headings.map(\.level).min() ?? 1
        post.append(("toc", .array(headings.map { heading in
            .dictionary([
                "level": .int(heading.level), "depth": .int(heading.level - shallowest),
                "id": .string(heading.id), "title": .string(heading.title),
            ])
        })))
        post.append(("hasTOC", .bool(headings.count >= 3 && !entry.isPoem)))
    }

    // MARK: - Lists

    func pagination(_ page: ListPage, basePath: String) -> Value? {
        guard page.total > 1 else { return nil }
        // Pairs, not dictionaries: every page of every list has one.
        var values: [(String, Value)] = [
            ("current", .int(page.number)), ("total", .int(page.total)),
            ("hasPrevious", .bool(page.number > 1)), ("hasNext", .bool(page.number < page.total)),
            ("pages", .array(pageWindow(current: page.number, total: page.total).map { number in
                guard let number else { return .dictionary(Fields([("isGap", .bool(true))])) }
                return .dictionary(Fields([
                    ("number", .int(number)), ("url", .string(url(pagePath(basePath, number)))),
                    ("isCurrent", .bool(number == page.number)),
                ]))
            })),
        ]
        if page.number > 1 { values.append(("previousURL", .string(url(pagePath(basePath, page.number - 1))))) }
        if page.number < page.total { values.append(("nextURL", .string(url(pagePath(basePath, page.number + 1))))) }
        return .dictionary(Fields(values))
    }

    /// The page numbers a pagination bar shows: the first, the last, and
    /// two on each side of the current one; nil marks a gap. Its length is
    /// bounded, so lists of any size paginate in linear time.
    func pageWindow(current: Int, total: Int) -> [Int?] {
        var numbers: [Int?] = []
        var previous = 0
        // In increasing order; a number already shown is not shown again.
        let (low, high) = (max(1, current - 2), min(total, current + 2))
        for number in [1] + Array(low..<max(low, high + 1)) + [total] where number > previous {
            if number > previous + 1 { numbers.append(nil) }
            numbers.append(number)
            previous = number
        }
        return numbers
    }

    /// Made as lists of pairs, as `root` is: later pairs win.
    func list(kind: PageKind, title: String, page: ListPage, basePath: String, extra: [String: Value]) -> Value {
        var (values, pageValues): ([(String, Value)], [(String, Value)]) = ([], [])
        if page.number > 1 {
            let localization = listLocalization.strings
            pageValues.append(("title", .string("\(title) — \(localization["pageNumber"] ?? "Page") \(page.number)")))
        }
        for (key, value) in extra {
            if key == "page", case .dictionary(let existing) = value { pageValues += existing } else { values.append((key, value)) }
        }
        values.append(("posts", .array(page.posts.map(listed))))
        if let pagination = pagination(page, basePath: basePath) { values.append(("pagination", pagination)) }
        values.append(("page", .dictionary(Fields(pageValues))))
        return root(kind: kind, title: title, path: page.path, language: config.language, extra: values)
    }
}

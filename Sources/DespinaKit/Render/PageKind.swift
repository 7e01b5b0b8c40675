import Foundation
import Mustache

/// Every kind of page the site makes (`page.kind` in templates), and all
/// that tells the kinds apart outside their pages' values: the template,
/// the `page.is…` flag, the URLs kept from entries, the sitemap, and the
/// templates not offered as layouts all read this one list. A new kind is
/// a case here, its pages in `pageJobs()` below, and its template.
enum PageKind: String, CaseIterable, Sendable {
    // In the order of the site's pages (`pageJobs()`).
    case post, page, home, tag, section, tags, archive, series, seriesIndex, search, notFound, redirect

    /// The template its pages are rendered with (a post's or page's
    /// `layout` may name another).
    var template: String {
        switch self {
        case .home, .tag, .section: "list"
        case .seriesIndex: "series-index"
        case .notFound: "404"
        default: rawValue
        }
    }

    /// The flag true on its pages and false on all others
    /// (`page.isSeriesIndex`); none for a redirect, which shows nothing.
    var flag: String? { self == .redirect ? nil : "is" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The output paths below the root that its pages take, a folder's
    /// ending in `/`: no entry, alias or redirect may have a URL there.
    var reservedPaths: [String] {
        switch self {
        case .home: ["index.html", "page/"]
        case .tag, .tags: ["tags/"]
        case .archive: ["archive/"]
        case .series, .seriesIndex: ["series/"]
        // The folder holds the search index too, with search off as well.
        case .search: ["search/"]
        case .notFound: ["404.html"]
        case .post, .page, .section, .redirect: []
        }
    }

    /// Whether search engines are asked not to index its pages (`page.noindex`).
    var isNoindex: Bool { self == .notFound || self == .redirect }

    /// The kinds whose pages the sitemap lists, in its order: all but the
    /// search page and those search engines are asked not to index (a test
    /// checks that every other kind is here).
    static let sitemapOrder: [PageKind] = [.home, .post, .page, .archive, .tags, .tag, .seriesIndex, .series, .section]

    /// The path of the one page of a kind that has one page at a fixed place.
    var path: String? {
        switch self {
        case .home: "/"
        case .tags: "/tags/"
        case .archive: "/archive/"
        case .seriesIndex: "/series/"
        case .search: "/search/"
        case .notFound: "/404.html"
        case .post, .page, .tag, .section, .series, .redirect: nil
        }
    }
}

extension SiteRenderer {
    /// One page to render: where it goes, with which template and values,
    /// and a digest of everything the page is made from.
    struct PageJob: Sendable {
        var kind: PageKind
        var path: String
        var template: String
        var fingerprint: UInt64
        /// False for a page the sitemap leaves out though it lists its kind:
        /// a list's later pages, the series index of a site without series.
        var inSitemap = true
        /// The date the sitemap gives as the page's last change.
        var lastModified: Date? = nil
        var context: @Sendable () -> Value
    }

    /// Every HTML page of the site, kind by kind in the order of
    /// `PageKind.allCases`, in a stable order.
    func pageJobs() -> [PageJob] {
        var jobs: [PageJob] = []
        let contexts = contexts
        let posts = model.posts
        // The closures below capture these rather than the whole configuration.
        let siteTitle = config.title
        let language = config.language
        let rootPath = config.rootPath
        let strings = Localization(language: config.language).strings
        // A list shows of each post the summary fields its templates name.
        var summaryInputs: PostSummary.Inputs?
        var knownSummaryDigests: [String: [UInt64]] = [:]
        func summaryDigests(for template: String) -> [UInt64] {
            if let known = knownSummaryDigests[template] { return known }
            let inputs = summaryInputs ?? PostSummary.Inputs(of: posts)
            summaryInputs = inputs
            let digests = inputs.digests(for: PostSummary.FieldSet(among: templates.nameParts(usedBy: template)))
            knownSummaryDigests[template] = digests
            return digests
        }
        func listKey(_ page: ListPage, _ parts: (inout Fingerprint) -> Void = { _ in }) -> UInt64 {
            fingerprint("list") { fingerprint in
                fingerprint.combine(page.path)
                fingerprint.combine(page.number)
                fingerprint.combine(page.total)
                let digests = summaryDigests(for: "list")
                for index in page.posts { fingerprint.combine(digests[index]) }
                parts(&fingerprint)
            }
        }
        for kind in PageKind.allCases {
            // The path of the kind's one page, for the kinds that have one.
            let fixedPath = kind.path ?? ""
            func add(_ path: String, template: String? = nil, key: UInt64, inSitemap: Bool = true,
                     lastModified: Date? = nil, _ context: @escaping @Sendable () -> Value) {
                jobs.append(PageJob(
                    kind: kind, path: path, template: template ?? kind.template, fingerprint: key,
                    inSitemap: inSitemap, lastModified: lastModified, context: context))
            }
            // A page whose values beyond the site-wide ones are `extra`, made
            // once here: its fingerprint is made from the very values its
            // template receives.
            func addPage(_ path: String, title: String, extra: [String: Value] = [:], inSitemap: Bool = true) {
                let key = fingerprint(kind.template) { fingerprint in
                    fingerprint.combine(path)
                    fingerprint.combine(title)
                    fingerprint.combine(Value.dictionary(Fields(extra)))
                }
                add(path, key: key, inSitemap: inSitemap) {
                    contexts.root(kind: kind, title: title, path: path, language: language, extra: extra)
                }
            }
            switch kind {
            case .post:
                // Each post's links and fingerprint on all cores: digests of every post.
                let linked = parallelMap(Array(posts.indices)) { index in
                    let links = contexts.links(ofPost: index)
                    return (links, fingerprint(posts[index].layout) { fingerprint in
                        fingerprint.combine(posts[index].digest)
                        links.combine(into: &fingerprint)
                    })
                }
                for (index, (links, key)) in linked.enumerated() {
                    let post = posts[index]
                    add(post.path, template: post.layout, key: key, lastModified: post.updated ?? post.date) {
                        contexts.post(at: index, links: links)
                    }
                }
            case .page:
                for page in model.pages {
                    let key = fingerprint(page.layout) { $0.combine(page.digest) }
                    add(page.path, template: page.layout, key: key, lastModified: page.updated ?? page.date) {
                        contexts.page(page)
                    }
                }
            case .home:
                for page in paginate(Array(model.posts.indices), size: config.postsPerPage, basePath: fixedPath) {
                    let newest = posts.first.flatMap { $0.updated ?? $0.date }
                    add(page.path, key: listKey(page), inSitemap: page.number == 1, lastModified: newest) {
                        contexts.list(kind: kind, title: siteTitle, page: page, basePath: fixedPath, extra: [:])
                    }
                }
            case .tag:
                let prefix = strings["postsTagged"] ?? "Posts tagged"
                for tag in model.tags {
                    let base = tag.path
                    let tagValue: Value = .dictionary([
                        "name": .string(tag.name), "slug": .string(tag.slug), "url": .string(contexts.url(base)),
                        "count": .int(tag.posts.count), "feeds": PageContexts.feedLinks(root: config.rootPath, base: base),
                    ])
                    // Digested once for all the tag's pages.
                    var tagDigest = Fingerprint()
                    tagDigest.combine(tagValue)
                    for page in paginate(tag.posts, size: config.postsPerPage, basePath: base) {
                        let key = listKey(page) { $0.combine(tagDigest.value) }
                        add(page.path, key: key, inSitemap: page.number == 1) {
                            contexts.list(
                                kind: kind, title: "\(prefix) “\(tag.name)”", page: page, basePath: base,
                                extra: ["tag": tagValue, "page": .dictionary(["feeds": PageContexts.feedLinks(root: rootPath, base: base)])])
                        }
                    }
                }
            case .section:
                for section in model.sections {
                    let title = section.title
                    for page in paginate(section.posts, size: config.postsPerPage, basePath: section.path) {
                        var values: [String: Value] = [:]
                        if let index = section.index {
                            // The section's own text heads its first page only.
                            var intro: [String: Value] = ["title": .string(index.title)]
                            if page.number == 1 { intro["content"] = .string(index.content?.html ?? "") }
                            values["section"] = .dictionary(Fields(intro))
                            if let description = index.description { values["page"] = .dictionary(["description": .string(description)]) }
                        }
                        let extra = values
                        let key = listKey(page) { fingerprint in
                            fingerprint.combine(title)
                            fingerprint.combine(Value.dictionary(Fields(extra)))
                        }
                        add(page.path, key: key, inSitemap: page.number == 1, lastModified: posts[section.posts[0]].date) {
                            contexts.list(kind: kind, title: title, page: page, basePath: section.path, extra: extra)
                        }
                    }
                }
            case .tags:
                addPage(fixedPath, title: strings["tags"] ?? "Tags", extra: [
                    "tags": .array(model.tags.map { tag in
                        .dictionary([
                            "name": .string(tag.name), "slug": .string(tag.slug),
                            "url": .string(contexts.url(tag.path)), "count": .int(tag.posts.count),
                        ])
                    }),
                ])
            case .archive:
                // The years' values but their posts, made once: the page's
                // fingerprint takes them in, and the posts by their digests.
                let years = model.years.map { year -> [String: Value] in
                    ["year": .int(year.year), "count": .int(year.posts.count)]
                }
                let key = fingerprint(kind.template) { fingerprint in
                    let digests = summaryDigests(for: kind.template)
                    for (year, values) in zip(model.years, years) {
                        fingerprint.combine(Value.dictionary(Fields(values)))
                        for index in year.posts { fingerprint.combine(digests[index]) }
                    }
                }
                add(fixedPath, key: key) {
                    contexts.root(kind: kind, title: strings["archive"] ?? "Archive", path: fixedPath,
                                  language: language, extra: [
                        "years": .array(zip(model.years, years).map { year, values in
                            var values = values
                            values["posts"] = .array(year.posts.map(contexts.listed))
                            return .dictionary(Fields(values))
                        }),
                    ])
                }
            case .series:
                for group in model.series {
                    let path = group.path
                    // As the archive: the series' values but its posts, then their digests.
                    let series: [String: Value] = [
                        "title": .string(group.title), "slug": .string(group.slug),
                        "url": .string(contexts.url(path)), "count": .int(group.posts.count),
                    ]
                    let key = fingerprint(kind.template) { fingerprint in
                        fingerprint.combine(Value.dictionary(Fields(series)))
                        let digests = summaryDigests(for: kind.template)
                        for index in group.posts { fingerprint.combine(digests[index]) }
                    }
                    add(path, key: key) {
                        var series = series
                        series["posts"] = .array(group.posts.enumerated().map { position, index in
                            .object(ShownPost(
                                contexts.summaries[index], localization: contexts.listLocalization,
                                adding: ["part": .int(position + 1)]))
                        })
                        return contexts.root(kind: kind, title: group.title, path: path, language: language, extra: [
                            "series": .dictionary(Fields(series)),
                        ])
                    }
                }
            case .seriesIndex:
                addPage(fixedPath, title: strings["allSeries"] ?? "Series", extra: [
                    "seriesList": .array(model.series.map { group in
                        .dictionary([
                            "title": .string(group.title), "url": .string(contexts.url(group.path)),
                            "count": .int(group.posts.count),
                        ])
                    }),
                ], inSitemap: !model.series.isEmpty)
            case .search:
                if config.search.enabled { addPage(fixedPath, title: strings["search"] ?? "Search") }
            case .notFound:
                addPage(fixedPath, title: strings["notFoundTitle"] ?? "Page not found")
            case .redirect:
                for (alias, target) in aliases.sorted(by: { $0.key < $1.key }) {
                    addPage(alias, title: strings["redirecting"] ?? "Redirecting", extra: [
                        "redirect": .dictionary([
                            "url": .string(contexts.url(target)), "permalink": .string(contexts.permalink(target)),
                        ]),
                    ])
                }
            }
        }
        return jobs
    }
}

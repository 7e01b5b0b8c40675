import Foundation
import Mustache

/// Turns the site model into files: pages through the templates, feeds,
/// sitemap, robots.txt, redirects, copied files and the search index.
struct SiteRenderer: Sendable {
    let config: SiteConfig
    let model: SiteModel
    let templates: TemplateSet
    let theme: Theme
    let output: OutputFolder
    let contexts: PageContexts
    var aliases: [String: String] = [:]
    /// A digest of everything every page depends on: the build's key (tool,
    /// configuration, options) and the site-wide template values.
    let pageKey: UInt64
    /// A digest of each template's source together with the partials and
    /// parents it uses.
    private let templateKeys: [String: UInt64]

    /// - Parameter key: a digest of the tool, the configuration and the
    ///   build options; 0 makes every page without reusing any.
    /// - Parameter summaries: post summaries kept from an earlier build of
    ///   this process, reused where still valid and updated.
    init(config: SiteConfig, model: SiteModel, templates: TemplateSet, theme: Theme, output: OutputFolder,
         aliases: [String: String] = [:], key: UInt64 = 0, summaries: SummaryMemory? = nil) {
        self.config = config
        self.model = model
        self.templates = templates
        self.theme = theme
        self.output = output
        self.aliases = aliases
        contexts = PageContexts(
            config: config, model: model, key: key, memory: summaries,
            hasCustomStylesheet: theme.assets[PageContexts.customStylesheet] != nil)
        if key == 0 {
            pageKey = 0
        } else {
            var fingerprint = Fingerprint()
            fingerprint.combine(key)
            fingerprint.combine(contexts.site)
            pageKey = fingerprint.value
        }
        templateKeys = Self.templateKeys(theme: theme, templates: templates)
    }

    private static func templateKeys(theme: Theme, templates: TemplateSet) -> [String: UInt64] {
        let sources = theme.templates
        let names = sources.keys.sorted()
        var keys: [String: UInt64] = [:]
        for name in names {
            var fingerprint = Fingerprint()
            for used in templates.templatesUsed(by: name).map({ $0.sorted() }) ?? names {
                fingerprint.combine(used)
                fingerprint.combine(sources[used])
            }
            keys[name] = fingerprint.value
        }
        return keys
    }

    /// One page to render: where it goes, with which template and values,
    /// and a digest of everything the page is made from.
    struct PageJob: Sendable {
        var path: String
        var template: String
        var fingerprint: UInt64
        var context: @Sendable () -> Value
    }

    /// The fingerprint of a page made with `template` from the site-wide
    /// values and what `parts` adds (0 when pages are not to be reused).
    func fingerprint(_ template: String, _ parts: (inout Fingerprint) -> Void) -> UInt64 {
        guard pageKey != 0 else { return 0 }
        var fingerprint = Fingerprint()
        fingerprint.combine(pageKey)
        fingerprint.combine(template)
        fingerprint.combine(templateKeys[template] ?? 0)
        parts(&fingerprint)
        return fingerprint.value == 0 ? 1 : fingerprint.value
    }

    /// Every HTML page of the site, in a stable order.
    func pageJobs() -> [PageJob] {
        var jobs: [PageJob] = []
        let contexts = contexts
        let posts = model.posts
        // The closures below capture these rather than the whole configuration.
        let siteTitle = config.title
        let language = config.language
        let rootPath = config.rootPath
        // A post's page shows of the other posts (its neighbours, its
        // series) only their titles and URLs.
        func combineLink(_ index: Int?, into fingerprint: inout Fingerprint) {
            guard let index else { return fingerprint.combine(false) }
            fingerprint.combine(posts[index].title)
            fingerprint.combine(posts[index].path)
        }
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
        for index in posts.indices {
            let post = posts[index]
            let key = fingerprint(post.layout) { fingerprint in
                fingerprint.combine(post.digest)
                combineLink(index + 1 < posts.count ? index + 1 : nil, into: &fingerprint)
                combineLink(index > 0 ? index - 1 : nil, into: &fingerprint)
                if let membership = model.seriesMembership[index] {
                    // The series box: the series' title (which one member's
                    // front matter gives) and URL, this post's place, and
                    // every part's title and URL.
                    let group = model.series[membership.series]
                    fingerprint.combine(group.title)
                    fingerprint.combine(group.slug)
                    fingerprint.combine(membership.position)
                    for member in group.posts { combineLink(member, into: &fingerprint) }
                }
            }
            jobs.append(PageJob(path: post.path, template: post.layout, fingerprint: key) { contexts.post(at: index) })
        }
        for page in model.pages {
            let key = fingerprint(page.layout) { $0.combine(page.digest) }
            jobs.append(PageJob(path: page.path, template: page.layout, fingerprint: key) { contexts.page(page) })
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
        for page in paginate(Array(model.posts.indices), size: config.postsPerPage, basePath: "/") {
            jobs.append(PageJob(path: page.path, template: "list", fingerprint: listKey(page)) {
                contexts.list(kind: "home", title: siteTitle, page: page, basePath: "/", extra: [:])
            })
        }
        let tagsTitle = Localization(language: config.language).strings["tags"] ?? "Tags"
        let prefix = Localization(language: config.language).strings["postsTagged"] ?? "Posts tagged"
        for tag in model.tags {
            let base = "/tags/\(tag.slug)/"
            let tagValue: Value = .dictionary([
                "name": .string(tag.name), "slug": .string(tag.slug), "url": .string(contexts.url(base)),
                "count": .int(tag.posts.count), "feeds": PageContexts.feedLinks(root: config.rootPath, base: base),
            ])
            for page in paginate(tag.posts, size: config.postsPerPage, basePath: base) {
                let key = listKey(page) { fingerprint in
                    fingerprint.combine(tag.name)
                    fingerprint.combine(tag.posts.count)
                }
                jobs.append(PageJob(path: page.path, template: "list", fingerprint: key) {
                    contexts.list(
                        kind: "tag", title: "\(prefix) “\(tag.name)”", page: page, basePath: base,
                        extra: ["tag": tagValue, "page": .dictionary(["feeds": PageContexts.feedLinks(root: rootPath, base: base)])])
                })
            }
        }
        for section in model.sections {
            let title = section.title
            for page in paginate(section.posts, size: config.postsPerPage, basePath: section.path) {
                let key = listKey(page) { fingerprint in
                    fingerprint.combine(title)
                    fingerprint.combine(section.index?.digest ?? 0)
                }
                jobs.append(PageJob(path: page.path, template: "list", fingerprint: key) {
                    var values: [String: Value] = [:]
                    if let index = section.index {
                        // The section's own text heads its first page only.
                        var intro: [String: Value] = ["title": .string(index.title)]
                        if page.number == 1 { intro["content"] = .string(index.content?.html ?? "") }
                        values["section"] = .dictionary(Fields(intro))
                        if let description = index.description { values["page"] = .dictionary(["description": .string(description)]) }
                    }
                    return contexts.list(kind: "section", title: title, page: page, basePath: section.path, extra: values)
                })
            }
        }
        let tagsKey = fingerprint("tags") { fingerprint in
            for tag in model.tags {
                fingerprint.combine(tag.name)
                fingerprint.combine(tag.slug)
                fingerprint.combine(tag.posts.count)
            }
        }
        jobs.append(PageJob(path: "/tags/", template: "tags", fingerprint: tagsKey) {
            contexts.root(kind: "tags", title: tagsTitle, path: "/tags/", language: language, extra: [
                "tags": .array(model.tags.map { tag in
                    .dictionary([
                        "name": .string(tag.name), "slug": .string(tag.slug),
                        "url": .string(contexts.url("/tags/\(tag.slug)/")), "count": .int(tag.posts.count),
                    ])
                }),
            ])
        })
        let strings = Localization(language: config.language).strings
        let archiveKey = fingerprint("archive") { fingerprint in
            let digests = summaryDigests(for: "archive")
            for year in model.years {
                fingerprint.combine(year.year)
                fingerprint.combine(year.posts.count)
                for index in year.posts { fingerprint.combine(digests[index]) }
            }
        }
        jobs.append(PageJob(path: "/archive/", template: "archive", fingerprint: archiveKey) {
            contexts.root(kind: "archive", title: strings["archive"] ?? "Archive", path: "/archive/",
                          language: language, extra: [
                "years": .array(model.years.map { year in
                    .dictionary([
                        "year": .int(year.year), "count": .int(year.posts.count),
                        "posts": .array(year.posts.map(contexts.listed)),
                    ])
                }),
            ])
        })
        for group in model.series {
            let path = "/series/\(group.slug)/"
            let key = fingerprint("series") { fingerprint in
                fingerprint.combine(group.title)
                fingerprint.combine(group.slug)
                let digests = summaryDigests(for: "series")
                for index in group.posts { fingerprint.combine(digests[index]) }
            }
            jobs.append(PageJob(path: path, template: "series", fingerprint: key) {
                contexts.root(kind: "series", title: group.title, path: path, language: language, extra: [
                    "series": .dictionary([
                        "title": .string(group.title), "slug": .string(group.slug),
                        "url": .string(contexts.url(path)), "count": .int(group.posts.count),
                        "posts": .array(group.posts.enumerated().map { position, index in
                            var summary = contexts.summaries[index].fields
                            summary["part"] = .int(position + 1)
                            for key in ["dateDisplay", "updatedDisplay"] {
                                summary[key] = contexts.summaries[index].displayedDate(key, in: contexts.listLocalization)
                            }
                            return .dictionary(Fields(summary))
                        }),
                    ]),
                ])
            })
        }
        let seriesIndexKey = fingerprint("series-index") { fingerprint in
            for group in model.series {
                fingerprint.combine(group.title)
                fingerprint.combine(group.slug)
                fingerprint.combine(group.posts.count)
            }
        }
        jobs.append(PageJob(path: "/series/", template: "series-index", fingerprint: seriesIndexKey) {
            contexts.root(kind: "seriesIndex", title: strings["allSeries"] ?? "Series", path: "/series/",
                          language: language, extra: [
                "seriesList": .array(model.series.map { group in
                    .dictionary([
                        "title": .string(group.title), "url": .string(contexts.url("/series/\(group.slug)/")),
                        "count": .int(group.posts.count),
                    ])
                }),
            ])
        })
        if config.search.enabled {
            jobs.append(PageJob(path: "/search/", template: "search", fingerprint: fingerprint("search") { _ in }) {
                contexts.root(kind: "search", title: strings["search"] ?? "Search", path: "/search/",
                              language: language, extra: [:])
            })
        }
        jobs.append(PageJob(path: "/404.html", template: "404", fingerprint: fingerprint("404") { _ in }) {
            contexts.root(kind: "notFound", title: strings["notFoundTitle"] ?? "Page not found", path: "/404.html",
                          language: language, extra: [:])
        })
        for (alias, target) in aliases.sorted(by: { $0.key < $1.key }) {
            let key = fingerprint("redirect") { fingerprint in
                fingerprint.combine(alias)
                fingerprint.combine(target)
            }
            jobs.append(PageJob(path: alias, template: "redirect", fingerprint: key) {
                contexts.root(kind: "redirect", title: strings["redirecting"] ?? "Redirecting", path: alias,
                              language: language, extra: [
                    "redirect": .dictionary([
                        "url": .string(contexts.url(target)), "permalink": .string(contexts.permalink(target)),
                    ]),
                ])
            })
        }
        return jobs
    }

    /// Renders and writes, on all cores, every page whose fingerprint
    /// differs from the one its file in the output was made with; returns
    /// the file count.
    func writePages() throws -> Int {
        let jobs = pageJobs()
        let templates = templates
        let output = output
        let files = jobs.map { (path: SitePath.outputFile(for: $0.path), fingerprint: $0.fingerprint) }
        let kept = output.keep(files)
        let pending = jobs.indices.filter { !kept[$0] }
        try parallelForEach(pending) { index in
            let job = jobs[index]
            let html = try templates.renderUTF8(job.template, with: job.context(), globals: .standardHelpers)
            try output.write(html, to: files[index].path, fingerprint: job.fingerprint)
        }
        return jobs.count
    }
}

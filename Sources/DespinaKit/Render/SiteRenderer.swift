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

    init(config: SiteConfig, model: SiteModel, templates: TemplateSet, theme: Theme, output: OutputFolder,
         aliases: [String: String] = [:]) {
        self.config = config
        self.model = model
        self.templates = templates
        self.theme = theme
        self.output = output
        self.aliases = aliases
        contexts = PageContexts(config: config, model: model)
    }

    /// One page to render: where it goes, with which template and values.
    struct PageJob: Sendable {
        var path: String
        var template: String
        var context: @Sendable () -> Value
    }

    /// Every HTML page of the site, in a stable order.
    func pageJobs() -> [PageJob] {
        var jobs: [PageJob] = []
        let contexts = contexts
        for index in model.posts.indices {
            let post = model.posts[index]
            jobs.append(PageJob(path: post.path, template: post.layout) { contexts.post(at: index) })
        }
        for page in model.pages {
            jobs.append(PageJob(path: page.path, template: page.layout) { contexts.page(page) })
        }
        for page in paginate(Array(model.posts.indices), size: config.postsPerPage, basePath: "/") {
            jobs.append(PageJob(path: page.path, template: "list") {
                contexts.list(kind: "home", title: config.title, page: page, basePath: "/", extra: [:])
            })
        }
        let tagsTitle = Localization(language: config.language).strings["tags"] ?? "Tags"
        for tag in model.tags {
            let base = "/tags/\(tag.slug)/"
            let tagValue: Value = .dictionary([
                "name": .string(tag.name), "slug": .string(tag.slug), "url": .string(contexts.url(base)),
                "count": .int(tag.posts.count), "feeds": PageContexts.feedLinks(root: config.rootPath, base: base),
            ])
            let prefix = Localization(language: config.language).strings["postsTagged"] ?? "Posts tagged"
            for page in paginate(tag.posts, size: config.postsPerPage, basePath: base) {
                jobs.append(PageJob(path: page.path, template: "list") {
                    contexts.list(
                        kind: "tag", title: "\(prefix) “\(tag.name)”", page: page, basePath: base,
                        extra: ["tag": tagValue, "page": .dictionary(["feeds": PageContexts.feedLinks(root: config.rootPath, base: base)])])
                })
            }
        }
        jobs.append(PageJob(path: "/tags/", template: "tags") {
            contexts.root(kind: "tags", title: tagsTitle, path: "/tags/", language: config.language, extra: [
                "tags": .array(model.tags.map { tag in
                    .dictionary([
                        "name": .string(tag.name), "slug": .string(tag.slug),
                        "url": .string(contexts.url("/tags/\(tag.slug)/")), "count": .int(tag.posts.count),
                    ])
                }),
            ])
        })
        let strings = Localization(language: config.language).strings
        jobs.append(PageJob(path: "/archive/", template: "archive") {
            contexts.root(kind: "archive", title: strings["archive"] ?? "Archive", path: "/archive/",
                          language: config.language, extra: [
                "years": .array(model.years.map { year in
                    .dictionary([
                        "year": .int(year.year), "count": .int(year.posts.count),
                        "posts": .array(year.posts.map { .dictionary(contexts.summaries[$0]) }),
                    ])
                }),
            ])
        })
        for group in model.series {
            let path = "/series/\(group.slug)/"
            jobs.append(PageJob(path: path, template: "series") {
                contexts.root(kind: "series", title: group.title, path: path, language: config.language, extra: [
                    "series": .dictionary([
                        "title": .string(group.title), "slug": .string(group.slug),
                        "url": .string(contexts.url(path)), "count": .int(group.posts.count),
                        "posts": .array(group.posts.enumerated().map { position, index in
                            var summary = contexts.summaries[index]
                            summary["part"] = .int(position + 1)
                            return .dictionary(summary)
                        }),
                    ]),
                ])
            })
        }
        jobs.append(PageJob(path: "/series/", template: "series-index") {
            contexts.root(kind: "seriesIndex", title: strings["allSeries"] ?? "Series", path: "/series/",
                          language: config.language, extra: [
                "seriesList": .array(model.series.map { group in
                    .dictionary([
                        "title": .string(group.title), "url": .string(contexts.url("/series/\(group.slug)/")),
                        "count": .int(group.posts.count),
                    ])
                }),
            ])
        })
        if config.search.enabled {
            jobs.append(PageJob(path: "/search/", template: "search") {
                contexts.root(kind: "search", title: strings["search"] ?? "Search", path: "/search/",
                              language: config.language, extra: [:])
            })
        }
        jobs.append(PageJob(path: "/404.html", template: "404") {
            contexts.root(kind: "notFound", title: strings["notFoundTitle"] ?? "Page not found", path: "/404.html",
                          language: config.language, extra: [:])
        })
        for (alias, target) in aliases.sorted(by: { $0.key < $1.key }) {
            jobs.append(PageJob(path: alias, template: "redirect") {
                contexts.root(kind: "redirect", title: strings["redirecting"] ?? "Redirecting", path: alias,
                              language: config.language, extra: [
                    "redirect": .dictionary([
                        "url": .string(contexts.url(target)), "permalink": .string(contexts.permalink(target)),
                    ]),
                ])
            })
        }
        return jobs
    }

    /// Renders and writes every page on all cores; returns the file count.
    func writePages() throws -> Int {
        let jobs = pageJobs()
        let templates = templates
        let output = output
        try parallelForEach(jobs) { job in
            let html = try templates.render(job.template, with: job.context(), globals: .standardHelpers)
            try output.write(Array(html.utf8), to: SitePath.outputFile(for: job.path))
        }
        return jobs.count
    }
}

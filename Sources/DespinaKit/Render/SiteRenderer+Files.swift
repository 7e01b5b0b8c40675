import Foundation

extension SiteRenderer {
    /// Writes the site and per-tag feeds (RSS, Atom, JSON Feed), the sitemap
    /// and robots.txt; returns the file count.
    func writeFeedsAndSitemap() throws -> Int {
        let writer = FeedWriter(zone: config.zone)
        var files: [(String, String)] = []
        // Each post in any feed becomes a feed item once, escaped once.
        var featured = Set(model.posts.indices.prefix(config.feedLimit))
        for tag in model.tags { featured.formUnion(tag.posts.prefix(config.feedLimit)) }
        let featuredPosts = featured.sorted()
        let items = Dictionary(uniqueKeysWithValues: zip(featuredPosts, parallelMap(featuredPosts) { feedItem(for: $0) }))
        let siteChannel = channel(title: config.title, description: config.description, base: "/")
        files += feeds(writer, siteChannel, base: "/", items: model.posts.indices.prefix(config.feedLimit).compactMap { items[$0] })
        for tag in model.tags {
            let base = "/tags/\(tag.slug)/"
            let tagChannel = channel(title: "\(config.title): \(tag.name)", description: config.description, base: base)
            files += feeds(writer, tagChannel, base: base, items: tag.posts.prefix(config.feedLimit).compactMap { items[$0] })
        }
        files.append(("sitemap.xml", sitemap()))
        files.append(("robots.txt", "User-agent: *\nAllow: /\nSitemap: \(contexts.permalink("/sitemap.xml"))\n"))
        let output = output
        try parallelForEach(files) { file in try output.write(Array(file.1.utf8), to: file.0) }
        return files.count
    }

    private func channel(title: String, description: String, base: String) -> FeedChannel {
        FeedChannel(
            title: title, description: description, homeURL: contexts.permalink(base), author: config.author,
            language: config.language, rssURL: contexts.permalink(base + "rss.xml"),
            atomURL: contexts.permalink(base + "atom.xml"), jsonURL: contexts.permalink(base + "feed.json"))
    }

    private func feedItem(for index: Int) -> FeedItem {
        let post = model.posts[index]
        return FeedItem(
            title: post.title, permalink: contexts.permalink(post.path),
            date: post.date, updated: post.updated, summary: post.description ?? "",
            contentHTML: absolutizingLinks(in: post.content?.html ?? "", origin: config.origin),
            tags: post.tags, language: post.language)
    }

    private func feeds(_ writer: FeedWriter, _ channel: FeedChannel, base: String, items: [FeedItem]) -> [(String, String)] {
        let folder = String(base.drop { $0 == "/" })
        return [
            (folder + "rss.xml", writer.rss(channel, items: items)),
            (folder + "atom.xml", writer.atom(channel, items: items)),
            (folder + "feed.json", writer.json(channel, items: items)),
        ]
    }

    /// Every page a search engine should know, with the date it last changed.
    func sitemap() -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        func add(_ path: String, _ date: Date?) {
            xml += "<url><loc>\(escapeXML(contexts.permalink(path)))</loc>"
            if let date { xml += "<lastmod>\(CalendarParts(date, zone: config.zone).iso8601)</lastmod>" }
            xml += "</url>\n"
        }
        add("/", model.posts.first.flatMap { $0.updated ?? $0.date })
        for post in model.posts { add(post.path, post.updated ?? post.date) }
        for page in model.pages { add(page.path, page.updated ?? page.date) }
        add("/archive/", nil)
        add("/tags/", nil)
        for tag in model.tags { add("/tags/\(tag.slug)/", nil) }
        if !model.series.isEmpty { add("/series/", nil) }
        for group in model.series { add("/series/\(group.slug)/", nil) }
        xml += "</urlset>\n"
        return xml
    }

    /// Copies the theme's static files and the non-Markdown files of
    /// `Content/`; returns the file count.
    /// - Throws: `BuildFailure` when a copied file has the output path of a
    ///   page or an alias, before anything is copied.
    func copyAssets(_ files: [SourceFile], fileSystem: any FileSystem) throws -> Int {
        let clashes = Routing.clashes(copying: files, with: model.posts + model.pages)
        guard clashes.isEmpty else { throw BuildFailure(clashes) }
        let output = output
        for (path, bytes) in theme.assets.sorted(by: { $0.key < $1.key }) {
            try output.write(bytes, to: path)
        }
        try parallelForEach(files) { file in
            do {
                try output.write(try fileSystem.contents(of: file.absolutePath), to: file.contentPath)
            } catch {
                throw Diagnostic(path: file.relativePath, message: "cannot copy the file: \(error)")
            }
        }
        return theme.assets.count + files.count
    }
}

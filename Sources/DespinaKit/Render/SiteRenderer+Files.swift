import Foundation

extension SiteRenderer {
    /// Writes the site and per-tag feeds (RSS, Atom, JSON Feed), the sitemap
    /// of `pages` and robots.txt, unless the writer's own robots.txt is
    /// copied from `Content/` (`robotsFromContent`); returns the file count.
    func writeFeedsAndSitemap(pages: [PageJob], robotsFromContent: Bool = false) throws -> Int {
        let writer = FeedWriter(zone: config.zone)
        // The site's feeds and each tag's: channel and posts.
        var feedSets = [FeedSet(
            base: "/", channel: channel(title: config.title, description: config.description, base: "/"),
            posts: Array(model.posts.indices.prefix(config.feedLimit)))]
        for tag in model.tags {
            let base = tag.path
            feedSets.append(FeedSet(
                base: base, channel: channel(title: "\(config.title): \(tag.name)", description: config.description, base: base),
                posts: Array(tag.posts.prefix(config.feedLimit))))
        }
        // Feeds whose channel and posts are those they were made from stay.
        var pending: [(set: FeedSet, key: UInt64)] = []
        for set in feedSets {
            let key = feedKey(set)
            var kept = true
            for name in set.fileNames where !output.keep(name, fingerprint: key) { kept = false }
            if !kept { pending.append((set, key)) }
        }
        // Each post in any feed to make becomes a feed item once, escaped once.
        let featuredPosts = Set(pending.flatMap(\.set.posts)).sorted()
        let items = Dictionary(uniqueKeysWithValues: zip(featuredPosts, parallelMap(featuredPosts) { feedItem(for: $0) }))
        // Each file is made where it is written, on all cores: a feed of whole posts is megabytes of text.
        var files: [(path: String, key: UInt64, make: @Sendable () -> String)] = []
        for (set, key) in pending {
            let (setItems, names) = (set.posts.compactMap { items[$0] }, set.fileNames)
            files.append((names[0], key, { writer.rss(set.channel, items: setItems) }))
            files.append((names[1], key, { writer.atom(set.channel, items: setItems) }))
            files.append((names[2], key, { writer.json(set.channel, items: setItems) }))
        }
        // The sitemap lists URLs and dates only (an edit of a post's text
        // keeps it): the pages of the kinds it lists, kind by kind.
        // Pages are taken by their place in `pages`, not copied.
        var byKind: [PageKind: [Int]] = [:]
        for index in pages.indices where pages[index].inSitemap { byKind[pages[index].kind, default: []].append(index) }
        let listed = PageKind.sitemapOrder.flatMap { byKind[$0] ?? [] }
        let sitemapKey = fingerprint("sitemap.xml") { fingerprint in
            for index in listed {
                fingerprint.combine(pages[index].path)
                fingerprint.combine(pages[index].lastModified.map { $0.timeIntervalSince1970.bitPattern } ?? 0)
            }
        }
        if !output.keep("sitemap.xml", fingerprint: sitemapKey) {
            files.insert(("sitemap.xml", sitemapKey, { [listed = listed.map { pages[$0] }] in sitemap(listed) }), at: 0)
        }
        let robotsKey = fingerprint("robots.txt") { _ in }
        if !robotsFromContent && !output.keep("robots.txt", fingerprint: robotsKey) {
            let robots = "User-agent: *\nAllow: /\nSitemap: \(contexts.permalink("/sitemap.xml"))\n"
            files.append(("robots.txt", robotsKey, { robots }))
        }
        let output = output
        try parallelForEach(files) { file in try output.write(Array(file.make().utf8), to: file.path, fingerprint: file.key) }
        return 3 * feedSets.count + (robotsFromContent ? 1 : 2)
    }

    /// What a set of feeds is made from: its channel and its posts.
    private func feedKey(_ set: FeedSet) -> UInt64 {
        let posts = model.posts
        return fingerprint("feed") { fingerprint in
            fingerprint.combine(set.base)
            fingerprint.combine(set.channel.title)
            for index in set.posts { fingerprint.combine(posts[index].digest) }
        }
    }

    /// The three feeds of the site or of one tag.
    private struct FeedSet: Sendable {
        var base: String
        var channel: FeedChannel
        /// Indices into the model's posts, newest first.
        var posts: [Int]

        /// The RSS, Atom and JSON Feed files, relative to the output.
        var fileNames: [String] {
            let folder = String(base.drop { $0 == "/" })
            return [folder + "rss.xml", folder + "atom.xml", folder + "feed.json"]
        }
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

    /// The sitemap of `pages`: each one's URL, and the date it last changed.
    func sitemap(_ pages: [PageJob]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            xml += "<url><loc>\(escapeXML(contexts.permalink(page.path)))</loc>"
            if let date = page.lastModified { xml += "<lastmod>\(CalendarParts(date, zone: config.zone).iso8601)</lastmod>" }
            xml += "</url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }

    /// Where each of the non-Markdown files of `Content/` is copied in the
    /// output (a page bundle's files beside its page); files of a bundle
    /// whose page is not published are left out.
    func copies(of files: [SourceFile]) -> [(file: SourceFile, destination: String)] {
        guard !files.isEmpty else { return [] }
        let pagePaths = Dictionary((model.posts + model.pages).map { ($0.sourcePath, $0.path) }) { first, _ in first }
        return files.compactMap { file in file.outputPath(pagePaths: pagePaths).map { (file, $0) } }
    }

    /// Copies the theme's static files and `copies` (from `copies(of:)`);
    /// returns the file count.
    ///
    /// A file whose size and modification time (`signatures`) are those it
    /// had when the output's copy was made is not read again.
    /// - Throws: `BuildFailure` when a copied file has the output path of a
    ///   page, an alias or another file the site writes, before anything
    ///   is copied.
    func copyAssets(
        _ copies: [(file: SourceFile, destination: String)], fileSystem: any FileSystem,
        signatures: [String: (size: Int, modified: Int64)] = [:]
    ) throws -> Int {
        let output = output
        for (path, bytes) in theme.assets.sorted(by: { $0.key < $1.key }) {
            try output.write(bytes, to: path)
        }
        let clashes = Routing.clashes(copying: copies, with: model.posts + model.pages, config: config)
        guard clashes.isEmpty else { throw BuildFailure(clashes) }
        // Pages, feeds, the sitemap and the theme's files are in place by
        // now; a copy must not replace one of them, nor the search index.
        let taken = copies.compactMap { file, destination -> Diagnostic? in
            if Self.isSearchIndexFile(destination) {
                return Diagnostic(
                    path: file.relativePath,
                    message: "the folder 'search/' holds the site's search index; move or rename this file")
            }
            guard output.holds(destination) else { return nil }
            return Diagnostic(
                path: file.relativePath, message: "the site writes '\(destination)' itself; move or rename this file")
        }
        guard taken.isEmpty else { throw BuildFailure(taken) }
        try parallelForEach(copies) { file, destination in
            var key: UInt64 = 0
            if let signature = signatures[file.relativePath] {
                key = fingerprint("copy") { fingerprint in
                    fingerprint.combine(file.relativePath)
                    fingerprint.combine(signature.size)
                    fingerprint.combine(Int(signature.modified))
                }
                if output.keep(destination, fingerprint: key) { return }
            }
            do {
                try output.write(try fileSystem.contents(of: file.absolutePath), to: destination, fingerprint: key)
            } catch {
                throw Diagnostic(path: file.relativePath, message: "cannot copy the file: \(error)")
            }
        }
        return theme.assets.count + copies.count
    }
}

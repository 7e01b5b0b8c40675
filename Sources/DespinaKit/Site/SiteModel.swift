import Foundation
import TextFolding

/// The published site as lists: posts in order, pages, tags, series and
/// years, built once from the loaded entries. Every list is sorted, so the
/// same content always gives the same site.
struct SiteModel: Sendable {
    /// Posts, newest first (undated last, then by source path).
    var posts: [Entry] = []
    /// Standalone pages, by title.
    var pages: [Entry] = []
    var tags: [TagGroup]
    var series: [SeriesGroup]
    var years: [YearGroup]
    /// For each post index, the series it belongs to and its position there.
    var seriesMembership: [Int: (series: Int, position: Int)]
    /// Each spelling of a tag on the posts, with its slug (empty for a tag
    /// without a letter or digit, which has no page).
    var tagSlugs: [String: String]
    /// The sections' list pages (`/blog/`), made for sites that follow
    /// Hugo, which publishes one for each section; by path.
    var sections: [SectionGroup] = []

    struct SectionGroup: Sendable {
        /// The section's folder below `Content/`: `blog`, `blog/2024`.
        var folder: String
        /// The list page's path: `/blog/`.
        var path: String
        /// Indices into `posts`, newest first: the posts in the folder and
        /// the folders below it.
        var posts: [Int]
        /// The section's `_index.md`, whose title and text head the list.
        var index: Entry?

        /// The list's title: its `_index.md`'s, else the folder's name.
        var title: String {
            if let index { return index.title }
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            return name.prefix(1).uppercased() + name.dropFirst()
        }
    }

    struct TagGroup: Sendable {
        var name: String
        var slug: String
        /// Indices into `posts`, newest first.
        var posts: [Int]
        /// The site path of the tag's pages and feeds.
        var path: String { Self.path(slug: slug) }
        static func path(slug: String) -> String { "/tags/\(slug)/" }

        /// Adds the post at `index` unless it was the last one added.
        mutating func addPost(_ index: Int) {
            if posts.last != index { posts.append(index) }
        }
    }

    struct SeriesGroup: Sendable {
        var title: String
        var slug: String
        /// Indices into `posts`, in part order.
        var posts: [Int]
        /// The site path of the series' page.
        var path: String { Self.path(slug: slug) }
        static func path(slug: String) -> String { "/series/\(slug)/" }
    }

    struct YearGroup: Sendable {
        var year: Int
        var posts: [Int]
    }

    /// What the model's order and groups are made from, read once from its
    /// entries in the order given: the preview keeps the last build's order
    /// and groups while these are the same (`LastBuildMemory`).
    struct Inputs: Equatable, Sendable {
        struct Post: Equatable, Sendable {
            var date: Date?
            var sourcePath: String, tags: [String]
            var series: String?
            var seriesPart: Int?
        }

        struct Page: Equatable, Sendable { var title: String, sourcePath: String, isSectionIndex: Bool }
        var posts: [Post], pages: [Page], zone: TimeZone

        init(posts: [Entry], pages: [Entry], zone: TimeZone) {
            self.posts = posts.map { Post(date: $0.date, sourcePath: $0.sourcePath, tags: $0.tags, series: $0.series, seriesPart: $0.seriesPart) }
            self.pages = pages.map { Page(title: $0.title, sourcePath: $0.sourcePath, isSectionIndex: $0.isSectionIndex) }
            self.zone = zone
        }
    }

    /// The places of `posts` and `pages` in the entries the model is filled with.
    private var postOrder: [Int] = [], pageOrder: [Int] = []

    /// The model of `posts` and `pages`: its order and groups are the last
    /// build's in `memory` while its inputs are the same.
    init(posts: [Entry], pages: [Entry], zone: TimeZone, listsSections: Bool = false,
         memory: LastBuildMemory<Inputs, SiteModel>? = nil) {
        let inputs = Inputs(posts: posts, pages: pages, zone: zone)
        self = (memory?.value(of: inputs, make: SiteModel.init) ?? SiteModel(inputs))
            .filled(posts: posts, pages: pages, listsSections: listsSections)
    }

    /// The order and groups of `inputs`, without entries (see `filled`).
    init(_ inputs: Inputs) {
        // Newest first, undated after dated, ties by path.
        let keys = inputs.posts
        postOrder = keys.indices.sorted { a, b in
            switch (keys[a].date, keys[b].date) {
            case let (left?, right?) where left != right: return left > right
            case (.some, nil): return true
            case (nil, .some): return false
            default: return keys[a].sourcePath < keys[b].sourcePath
            }
        }
        pageOrder = inputs.pages.indices.filter { !inputs.pages[$0].isSectionIndex }.sorted {
            (inputs.pages[$0].title, inputs.pages[$0].sourcePath) < (inputs.pages[$1].title, inputs.pages[$1].sourcePath)
        }

        let ordered = postOrder.map { keys[$0] }
        var tagGroups: [TagGroup] = []
        var seriesIndex: [String: SeriesGroup] = [:]
        var yearIndex: [Int: [Int]] = [:]
        // Most tags and series are on many posts: each spelling is folded
        // once, and finds its tag's group by number (nil: no page).
        var spellings: [String: (slug: String, group: Int?)] = [:]
        var groupsBySlug: [String: Int] = [:]
        var seriesSlugs: [String: String] = [:]
        for (index, post) in ordered.enumerated() {
            for tag in post.tags {
                let known: (slug: String, group: Int?)
                if let found = spellings[tag] {
                    known = found
                } else {
                    let slug = TextFolding.termSlug(tag)
                    var group: Int?
                    if !slug.isEmpty {
                        // A group is named by the first spelling met, newest post first.
                        let number = groupsBySlug[slug] ?? tagGroups.count
                        if number == tagGroups.count {
                            groupsBySlug[slug] = number
                            tagGroups.append(TagGroup(name: tag, slug: slug, posts: []))
                        }
                        group = number
                    }
                    known = (slug, group)
                    spellings[tag] = known
                }
                // A tag written twice on a post (or in two spellings) lists
                // it once: its group then ends with this post already.
                if let group = known.group { tagGroups[group].addPost(index) }
            }
            if let title = post.series {
                let slug = seriesSlugs[title] ?? TextFolding.termSlug(title)
                seriesSlugs[title] = slug
                if !slug.isEmpty {
                    seriesIndex[slug, default: SeriesGroup(title: title, slug: slug, posts: [])].posts.append(index)
                }
            }
            if let date = post.date {
                yearIndex[CalendarParts(date, zone: inputs.zone).year, default: []].append(index)
            }
        }
        tags = tagGroups.sorted { $0.slug < $1.slug }
        tagSlugs = spellings.mapValues(\.slug)
        series = seriesIndex.values.map { group in
            var group = group
            group.posts.sort { a, b in
                let left = (ordered[a].seriesPart ?? Int.max, ordered[a].date ?? .distantFuture, ordered[a].sourcePath)
                let right = (ordered[b].seriesPart ?? Int.max, ordered[b].date ?? .distantFuture, ordered[b].sourcePath)
                return left < right
            }
            return group
        }.sorted { $0.slug < $1.slug }
        years = yearIndex.map { YearGroup(year: $0.key, posts: $0.value) }.sorted { $0.year > $1.year }
        var membership: [Int: (series: Int, position: Int)] = [:]
        for (seriesNumber, group) in series.enumerated() {
            for (position, post) in group.posts.enumerated() {
                membership[post] = (seriesNumber, position)
            }
        }
        seriesMembership = membership
    }

    /// This model's order and groups with `posts` and `pages` as its
    /// entries: those it was made from, or others with the same `Inputs`.
    /// Sections, which read more of the entries, are made anew.
    func filled(posts: [Entry], pages: [Entry], listsSections: Bool) -> SiteModel {
        var model = self
        model.posts = postOrder.map { posts[$0] }
        model.pages = pageOrder.map { pages[$0] }
        model.sections = Self.sections(
            of: model.posts, indexes: pages.filter(\.isSectionIndex), pages: model.pages, listsSections: listsSections)
        return model
    }

    /// A list page for each folder with an `_index.md`, and, for a site
    /// that follows Hugo (`listsSections`), for each section of `posts`,
    /// at the folder's URL as Hugo makes it; none where a post or page has
    /// that URL or the site uses it itself.
    private static func sections(of posts: [Entry], indexes: [Entry], pages: [Entry], listsSections: Bool) -> [SectionGroup] {
        var groups: [String: SectionGroup] = [:]
        for index in indexes where !index.path.isEmpty {
            groups[index.sectionIndexFolder] = SectionGroup(folder: index.sectionIndexFolder, path: index.path, posts: [], index: index)
        }
        if listsSections {
            for post in posts where !post.section.isEmpty && groups[post.section] == nil {
                groups[post.section] = SectionGroup(
                    folder: post.section, path: EntryLoader.sectionPath(of: post.section), posts: [])
            }
        }
        guard !groups.isEmpty else { return [] }
        for (index, post) in posts.enumerated() {
            var folder = parentPath(String(post.sourcePath.dropFirst("Content/".count)))
            while !folder.isEmpty {
                groups[folder]?.posts.append(index)
                folder = parentPath(folder)
            }
        }
        let taken = Set((posts + pages).map(\.path))
        return groups.values.filter { !taken.contains($0.path) && !Routing.isReserved($0.path) }.sorted { $0.path < $1.path }
    }
}

/// One page of a paginated list.
struct ListPage: Sendable {
    /// 1-based page number.
    var number: Int
    var total: Int
    /// Indices into the site's posts shown on this page.
    var posts: ArraySlice<Int>
    /// The page's path below the site root.
    var path: String
}

/// Splits `posts` into pages of `size`, the first at `basePath`
/// (`/` or `/tags/swift/`), the others at `basePath/page/N/`.
func paginate(_ posts: [Int], size: Int, basePath: String) -> [ListPage] {
    let size = max(size, 1)
    let total = max((posts.count + size - 1) / size, 1)
    return (1...total).map { number in
        let start = (number - 1) * size
        let end = min(start + size, posts.count)
        return ListPage(
            number: number, total: total, posts: posts[start..<end],
            path: pagePath(basePath, number))
    }
}

/// The path of page `number` of a list at `basePath`.
func pagePath(_ basePath: String, _ number: Int) -> String {
    number == 1 ? basePath : basePath + "page/\(number)/"
}

import Foundation
import TextFolding

/// The published site as lists: posts in order, pages, tags, series and
/// years, built once from the loaded entries. Every list is sorted, so the
/// same content always gives the same site.
struct SiteModel: Sendable {
    /// Posts, newest first (undated last, then by source path).
    var posts: [Entry]
    /// Standalone pages, by title.
    var pages: [Entry]
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

    init(posts unsortedPosts: [Entry], pages: [Entry], zone: TimeZone, listsSections: Bool = false) {
        // Newest first, undated after dated, ties by path; the keys are read
        // once, not through the entries at each comparison.
        let keys = unsortedPosts.map { (date: $0.date, path: $0.sourcePath) }
        posts = keys.indices.sorted { a, b in
            switch (keys[a].date, keys[b].date) {
            case let (left?, right?) where left != right: return left > right
            case (.some, nil): return true
            case (nil, .some): return false
            default: return keys[a].path < keys[b].path
            }
        }.map { unsortedPosts[$0] }
        self.pages = pages.filter { !$0.isSectionIndex }.sorted {
            ($0.title, $0.sourcePath) < ($1.title, $1.sourcePath)
        }

        var tagIndex: [String: TagGroup] = [:]
        var seriesIndex: [String: SeriesGroup] = [:]
        var yearIndex: [Int: [Int]] = [:]
        // Most tags and series are on many posts: each spelling is folded once.
        var slugs: [String: String] = [:]
        var seriesSlugs: [String: String] = [:]
        for (index, post) in posts.enumerated() {
            for tag in post.tags {
                let slug: String
                if let known = slugs[tag] {
                    slug = known
                } else {
                    slug = TextFolding.termSlug(tag)
                    slugs[tag] = slug
                }
                guard !slug.isEmpty else { continue }
                // A tag written twice on a post (or in two spellings) lists
                // it once: its group then ends with this post already.
                tagIndex[slug, default: TagGroup(name: tag, slug: slug, posts: [])].addPost(index)
            }
            if let title = post.series {
                let slug = seriesSlugs[title] ?? TextFolding.termSlug(title)
                seriesSlugs[title] = slug
                if !slug.isEmpty {
                    seriesIndex[slug, default: SeriesGroup(title: title, slug: slug, posts: [])].posts.append(index)
                }
            }
            if let date = post.date {
                yearIndex[CalendarParts(date, zone: zone).year, default: []].append(index)
            }
        }
        tags = tagIndex.values.sorted { $0.slug < $1.slug }
        tagSlugs = slugs
        let orderedPosts = posts
        series = seriesIndex.values.map { group in
            var group = group
            group.posts.sort { a, b in
                let left = (orderedPosts[a].seriesPart ?? Int.max, orderedPosts[a].date ?? .distantFuture)
                let right = (orderedPosts[b].seriesPart ?? Int.max, orderedPosts[b].date ?? .distantFuture)
                if left.0 != right.0 { return left.0 < right.0 }
                if left.1 != right.1 { return left.1 < right.1 }
                return orderedPosts[a].sourcePath < orderedPosts[b].sourcePath
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
        sections = Self.sections(of: posts, indexes: pages.filter(\.isSectionIndex), pages: self.pages, listsSections: listsSections)
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

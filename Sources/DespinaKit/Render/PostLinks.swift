import Mustache

/// All that a post's page shows of other posts: the older and newer post
/// and the series box. The page's values are made from this alone (with
/// the post's own entry and the site-wide values), and its fingerprint
/// mixes in every field of this (`combine(into:)`; a test checks by
/// reflection that it leaves none out), so whatever the page shows of
/// another post is in its fingerprint.
///
/// Made for every post on every build, so it holds the posts' strings as
/// they are, each post's made once (`PageContexts.links(ofPost:)`), and
/// leaves making template values to the pages rendered.
struct PostLinks: Sendable {
    struct Link: Sendable {
        let title, path: String
        /// Both digested once, when the link is made: a post is the
        /// neighbour or a series part on several pages.
        let digest: UInt64

        init(title: String, path: String) {
            var fingerprint = Fingerprint()
            fingerprint.combine(title)
            fingerprint.combine(path)
            (self.title, self.path, digest) = (title, path, fingerprint.value)
        }
    }

    struct Series: Sendable {
        var title: String
        var slug: String
        /// This post's place among `parts`, from 0.
        var position: Int
        var parts: [Link]
    }

    /// The older post.
    var previous: Link?
    /// The newer post.
    var next: Link?
    var series: Series?

    /// Mixes in every field, an absent link or series marked as absent, so
    /// that two values differing in any field differ in the digest. Written
    /// out rather than encoded: it runs for every post on every build.
    func combine(into fingerprint: inout Fingerprint) {
        func combine(_ link: Link?) {
            fingerprint.combine(link != nil)
            fingerprint.combine(link?.digest ?? 0)
        }
        combine(previous)
        combine(next)
        fingerprint.combine(series?.title)
        guard let series else { return }
        fingerprint.combine(series.slug)
        fingerprint.combine(series.position)
        fingerprint.combine(series.parts.count)
        series.parts.forEach(combine)
    }
}

extension PageContexts {
    /// What the page of the post at `index` shows of other posts.
    func links(ofPost index: Int) -> PostLinks {
        var links = PostLinks()
        // Posts are newest first: the older one follows.
        if index + 1 < postLinks.count { links.previous = postLinks[index + 1] }
        if index > 0 { links.next = postLinks[index - 1] }
        if let membership = model.seriesMembership[index] {
            let group = model.series[membership.series]
            links.series = .init(
                title: group.title, slug: group.slug, position: membership.position,
                parts: seriesParts[membership.series])
        }
        return links
    }

    /// `post.previous`, `post.next` and `post.series` of a post's page.
    func values(of links: PostLinks) -> [(String, Value)] {
        func value(_ link: PostLinks.Link) -> Value {
            .dictionary(["title": .string(link.title), "url": .string(url(link.path))])
        }
        var values: [(String, Value)] = []
        if let previous = links.previous { values.append(("previous", value(previous))) }
        if let next = links.next { values.append(("next", value(next))) }
        if let box = links.series {
            var series: [(String, Value)] = [
                ("title", .string(box.title)),
                ("url", .string(url(SiteModel.SeriesGroup.path(slug: box.slug)))),
                ("part", .int(box.position + 1)),
                ("count", .int(box.parts.count)),
                ("parts", .array(box.parts.enumerated().map { position, part in
                    .dictionary([
                        "title": .string(part.title), "url": .string(url(part.path)),
                        "part": .int(position + 1), "isCurrent": .bool(position == box.position),
                    ])
                })),
            ]
            if box.position > 0 { series.append(("previous", value(box.parts[box.position - 1]))) }
            if box.position + 1 < box.parts.count { series.append(("next", value(box.parts[box.position + 1]))) }
            values.append(("series", .dictionary(Fields(series))))
        }
        return values
    }
}

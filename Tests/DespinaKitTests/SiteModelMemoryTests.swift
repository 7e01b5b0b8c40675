import Foundation
import Testing
@testable import DespinaKit

/// The preview's memory of the site model: the last build's order and
/// groups are kept while the model's inputs are the same, with the new
/// entries in them; any change of an input makes the model anew. Either
/// way the model equals one made from nothing.
@Suite struct SiteModelMemoryTests {
    func post(
        _ name: String, day: Int?, title: String = "T", tags: [String] = [], series: String? = nil, part: Int? = nil
    ) -> Entry {
        var post = plainPost(name)
        (post.title, post.tags, post.series, post.seriesPart) = (title, tags, series, part)
        post.date = day.map { Date(timeIntervalSince1970: Double($0) * 86_400) }
        return post
    }

    func page(_ name: String, title: String) -> Entry {
        var page = post(name, day: nil, title: title)
        page.kind = .page
        return page
    }

    /// Everything the model holds, as text.
    func shape(_ model: SiteModel) -> String {
        let membership = model.seriesMembership.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.series).\($0.value.position)" }
        return [
            model.posts.map { "\($0.identifier) \($0.title)" }.joined(separator: ","),
            model.pages.map(\.title).joined(separator: ","),
            model.tags.map { "\($0.name)/\($0.slug)\($0.posts)" }.joined(separator: ","),
            model.series.map { "\($0.title)/\($0.slug)\($0.posts)" }.joined(separator: ","),
            model.years.map { "\($0.year)\($0.posts)" }.joined(separator: ","),
            membership.joined(separator: ","), model.tagSlugs.sorted { $0.key < $1.key }.description,
            model.sections.map { "\($0.path)\($0.posts)" }.joined(separator: ","),
        ].joined(separator: "\n")
    }

    @Test func aChangeOfTextKeepsTheOrderAndAChangeOfAnInputMakesItAnew() {
        let memory = LastBuildMemory<SiteModel.Inputs, SiteModel>()
        let zone = TimeZone(identifier: "UTC") ?? .current
        let sites: [[Entry]] = [
            [post("a", day: 400, tags: ["Swift"]), post("b", day: 9000, series: "Basics", part: 2), post("c", day: nil)],
            // A new title of a post is not an input: the same order, the new entries.
            [post("a", day: 400, title: "New", tags: ["Swift"]), post("b", day: 9000, series: "Basics", part: 2),
             post("c", day: nil)],
            // A new date, tag or series part each changes the model.
            [post("a", day: 9500, tags: ["Swift"]), post("b", day: 9000, series: "Basics", part: 2), post("c", day: nil)],
            [post("a", day: 9500, tags: ["iOS", "Swift"]), post("b", day: 9000, series: "Basics", part: 2),
             post("c", day: nil, series: "Basics", part: 1)],
        ]
        for (number, posts) in sites.enumerated() {
            let pages = [page("z", title: "About"), page("y", title: number == 3 ? "Zebra" : "Colophon")]
            let remembered = SiteModel(posts: posts, pages: pages, zone: zone, listsSections: true, memory: memory)
            let fresh = SiteModel(posts: posts, pages: pages, zone: zone, listsSections: true)
            #expect(shape(remembered) == shape(fresh), "site \(number)")
        }
        let last = SiteModel(posts: sites[3], pages: [], zone: zone, memory: memory)
        #expect(last.posts.map(\.identifier) == ["a", "b", "c"])
        #expect(last.series.first?.posts == [2, 1])
        #expect(last.tags.map(\.name) == ["iOS", "Swift"])
        #expect(last.sections.isEmpty)
    }
}

import Foundation
import Testing
@testable import DespinaKit

/// The preview's memory of the last build's URLs: kept while the routing
/// inputs are the same, routed again when any of them changes.
@Suite struct RoutingMemoryTests {
    func entry(_ name: String, requested: String? = nil, title: String = "T", aliases: [String] = []) -> Entry {
        Entry(Entry.Fields(
            sourcePath: "Content/posts/\(name).md", kind: .post, section: "posts",
            requestedPath: requested ?? "/posts/\(name)/", title: title, date: nil, updated: nil, tags: [],
            description: nil, language: "en", isDraft: false, identifier: name,
            aliases: aliases.map { ($0, 3, 4) }, series: nil, seriesPart: nil, layout: "post", isSearchable: true,
            keywords: [], image: nil, explicitPermalink: nil, body: "", bodyFirstLine: 1, markdown: MarkdownSettings()))
    }

    @Test func aChangeOfTextKeepsTheRoutesAndAChangeOfURLInputsRoutesAgain() {
        let memory = RoutingMemory()
        let config = SiteConfig()
        var entries = [entry("a"), entry("b", aliases: ["/old-b/"])]
        let first = memory.routing(for: &entries, assets: [], config: config)
        #expect(entries.map(\.path) == ["/posts/a/", "/posts/b/"])
        #expect(first.aliases == ["/old-b/": "/posts/b/"])

        // A new title is not a routing input: the same routes, paths set on fresh entries.
        var retitled = [entry("a", title: "New"), entry("b", aliases: ["/old-b/"])]
        let second = memory.routing(for: &retitled, assets: [], config: config)
        #expect(retitled.map(\.path) == ["/posts/a/", "/posts/b/"])
        #expect(second.aliases == first.aliases)

        var moved = [entry("a", requested: "/elsewhere/"), entry("b", aliases: ["/old-b/"])]
        _ = memory.routing(for: &moved, assets: [], config: config)
        #expect(moved.map(\.path) == ["/elsewhere/", "/posts/b/"])

        var realiased = [entry("a", requested: "/elsewhere/"), entry("b", aliases: ["/older-b/"])]
        #expect(memory.routing(for: &realiased, assets: [], config: config).aliases == ["/older-b/": "/posts/b/"])

        var redirected = config
        redirected.redirects = [SiteRedirect(from: "/gone/", to: "/posts/a/")]
        #expect(memory.routing(for: &realiased, assets: [], config: redirected).aliases["/gone/"] == "/posts/a/")
    }

    @Test func aRoutingWithErrorsIsNotRemembered() {
        let memory = RoutingMemory()
        var clashing = [entry("a"), entry("b", requested: "/posts/a/")]
        #expect(!memory.routing(for: &clashing, assets: [], config: SiteConfig()).errors.isEmpty)
        #expect(!memory.routing(for: &clashing, assets: [], config: SiteConfig()).errors.isEmpty)
    }
}

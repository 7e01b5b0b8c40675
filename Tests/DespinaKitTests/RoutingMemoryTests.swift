import Foundation
import Testing
@testable import DespinaKit

/// The preview's memory of the last build's URLs: kept while the routing
/// inputs are the same, routed again when any of them changes.
@Suite struct RoutingMemoryTests {
    func entry(_ name: String, requested: String? = nil, title: String = "T", aliases: [String] = []) -> Entry {
        var entry = plainPost(name)
        (entry.requestedPath, entry.title) = (requested ?? "/posts/\(name)/", title)
        entry.aliases = aliases.map { ($0, 3, 4) }
        return entry
    }

    @Test func aChangeOfTextKeepsTheRoutesAndAChangeOfURLInputsRoutesAgain() {
        let memory = LastBuildMemory<RoutingInputs, Routing>()
        let config = SiteConfig()
        var entries = [entry("a"), entry("b", aliases: ["/old-b/"])]
        let first = Routing(entries: &entries, config: config, memory: memory)
        #expect(entries.map(\.path) == ["/posts/a/", "/posts/b/"])
        #expect(first.aliases == ["/old-b/": "/posts/b/"])

        // A new title is not a routing input: the same routes, paths set on fresh entries.
        var retitled = [entry("a", title: "New"), entry("b", aliases: ["/old-b/"])]
        let second = Routing(entries: &retitled, config: config, memory: memory)
        #expect(retitled.map(\.path) == ["/posts/a/", "/posts/b/"])
        #expect(second.aliases == first.aliases)

        var moved = [entry("a", requested: "/elsewhere/"), entry("b", aliases: ["/old-b/"])]
        _ = Routing(entries: &moved, config: config, memory: memory)
        #expect(moved.map(\.path) == ["/elsewhere/", "/posts/b/"])

        var realiased = [entry("a", requested: "/elsewhere/"), entry("b", aliases: ["/older-b/"])]
        #expect(Routing(entries: &realiased, config: config, memory: memory).aliases == ["/older-b/": "/posts/b/"])

        var redirected = config
        redirected.redirects = [SiteRedirect(from: "/gone/", to: "/posts/a/")]
        #expect(Routing(entries: &realiased, config: redirected, memory: memory).aliases["/gone/"] == "/posts/a/")
    }

    @Test func aRoutingWithErrorsIsNotRemembered() {
        let memory = LastBuildMemory<RoutingInputs, Routing>()
        var clashing = [entry("a"), entry("b", requested: "/posts/a/")]
        #expect(!Routing(entries: &clashing, config: SiteConfig(), memory: memory).errors.isEmpty)
        #expect(!Routing(entries: &clashing, config: SiteConfig(), memory: memory).errors.isEmpty)
    }
}

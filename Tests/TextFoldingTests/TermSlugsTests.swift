import Dispatch
import Testing
import TextFolding

@Suite struct TermSlugsTests {
    /// Each name, asked for again and from several threads at once, gets
    /// the slug `termSlug` makes for it, not one made for another name.
    @Test func givesEachNameItsOwnSlug() {
        let names = ["C++", "C#", "C", "Swift", "swift", "SwiftUI", "İstanbul", "Tiếng Việt", "...", " ", "c plus plus"]
        let slugs = TermSlugs()
        let rounds = 8
        let found = (0..<rounds).map { _ in SlugList(count: names.count) }
        DispatchQueue.concurrentPerform(iterations: rounds) { round in
            for (index, name) in names.enumerated().reversed() { found[round].set(index, slugs.slug(name)) }
        }
        for list in found { #expect(list.values == names.map(TextFolding.termSlug)) }
        #expect(slugs.slug("C++") == "c-plus-plus")
    }

    private final class SlugList: @unchecked Sendable {
        var values: [String]
        init(count: Int) { values = Array(repeating: "?", count: count) }
        /// Each list is written by one round only.
        func set(_ index: Int, _ value: String) { values[index] = value }
    }
}

import Foundation
import Testing
import CCmark
@testable import Markup


/// Parsing and rendering many documents must not grow memory: every cmark
/// node the transforms unlink is freed, and every node they create ends up
/// owned by the tree.
struct MemoryTests {
    static let markdown = """
        # Kỹ thuật

        Intro with [a link](other.md), ~~old~~ *new*, <b>raw</b> and <!-- note -->.

        <!--more-->

        <div>block</div>

        | a | b \\| c | `x | y` |
        |:--|:-:|--:|
        | [l](x.md) | ~~s~~ | # h |
        | - i | 1. n | ![i](p.png) |

        Text before a table
        | t |
        |---|
        | u |

        ```swift
        let x = "<code>"
        ```

        > ## Quote ~~a *b* c~~
        > more

        | reference | none |
        |---|---|
        | [r][ref] | [missing] |

        [ref]: /u "T"

        ## Kỹ thuật {#own .big}

        Notes[^1] and again[^long] and[^1], none[^x], www.example.org and a@b.org.

        - [ ] open
        - [x] done https://example.org/a_(b)

        > [!TIP]
        > A *tip*[^long].

        Term
        : Definition [d](d.md)

            More of it.

        [^1]: One.
        [^long]: Long
            and continued.

            With a [link](e.md).

        [^unused]: Dropped.
        """

    static func render(times: Int) -> Int {
        var total = 0
        for _ in 0..<times {
            let document = Document(markdown: markdown, linkResolver: { "/resolved/\($0)/" })
            total += document.html.utf8.count + document.summaryHTML.utf8.count + document.links.count
        }
        return total
    }

    /// Every allocation cmark makes for a document, the transforms' nodes
    /// included, is freed by the time the document is made: counted on
    /// this thread only, so the tests running beside it do not move it.
    @Test(arguments: [false, true])
    func everyAllocationOfADocumentIsFreed(allowsRawHTML: Bool) {
        var options = MarkdownOptions()
        options.allowsRawHTML = allowsRawHTML
        options.attributeLists = true
        let (live, total) = CmarkMemory.countAllocations {
            (0..<50).reduce(0) { sum, _ in
                let document = Document(markdown: Self.markdown, options: options, linkResolver: { "/resolved/\($0)/" })
                return sum + document.html.utf8.count + document.summaryHTML.utf8.count + document.links.count
            }
        }
        #expect(total > 0)
        #expect(live == 0, "\(live) cmark allocations were not freed")
    }

    /// Built in an arena (as every document is) or with cmark's own
    /// allocator (as while allocations are counted), a document is the same:
    /// the rich sample, a paragraph that grows past the arena's chunks, and
    /// a document built inside another's link resolver (its own arena, made
    /// and freed while the outer tree is still in use).
    @Test func aDocumentIsTheSameBuiltInAnArena() {
        var options = MarkdownOptions()
        options.allowsRawHTML = true
        options.attributeLists = true
        let long = (0..<20_000).map { "word\($0) *em*" }.joined(separator: " ")
        let nested: @Sendable (String) -> String? = { url in
            "/n/" + Document(markdown: "*\(url)* [in](\(url).md) " + String(repeating: "x ", count: 3_000)).html.utf8.count.description
        }
        for markdown in [Self.markdown, long + "\n\n" + Self.markdown, "# A\n\n" + long] {
            for resolver in [nil, nested] {
                let inArena = Document(markdown: markdown, options: options, linkResolver: resolver)
                let (_, unpooled) = CmarkMemory.countAllocations {
                    Document(markdown: markdown, options: options, linkResolver: resolver)
                }
                #expect(inArena.html == unpooled.html)
                #expect(inArena.summaryHTML == unpooled.summaryHTML)
                #expect(inArena.links.map(\.url) == unpooled.links.map(\.url))
            }
        }
        #expect(Document(markdown: "[a](b.md)", linkResolver: nested).html.contains("/n/"))
    }

    /// The count sees a node that is made and not freed, and only on the
    /// thread that counts.
    @Test func aNodeLeftUnfreedIsCounted() {
        let (live, node) = CmarkMemory.countAllocations {
            cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, CmarkMemory.current)
        }
        #expect(live == 1)
        cmark_node_free(node)
        let (none, _) = CmarkMemory.countAllocations { 0 }
        #expect(none == 0)
    }
}

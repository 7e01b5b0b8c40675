import Foundation
import Testing
@testable import Markup

extension Tag {
    /// A suite that takes many seconds: `DESPINA_QUICK_TESTS=1` skips it; CI runs it.
    @Tag static var slow: Self
}

/// Parsing and rendering many documents must not grow memory: every cmark
/// node the transforms unlink is freed, and every node they create ends up
/// owned by the tree.
@Suite(
    .tags(.slow),
    .disabled(if: ProcessInfo.processInfo.environment["DESPINA_QUICK_TESTS"] == "1", "slow: skipped because DESPINA_QUICK_TESTS=1"))
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

    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func render(times: Int) -> Int {
        var total = 0
        for _ in 0..<times {
            let document = Document(markdown: markdown, linkResolver: { "/resolved/\($0)/" })
            total += document.html.utf8.count + document.summaryHTML.utf8.count + document.links.count
        }
        return total
    }

    /// The process's resident size also moves with the tests that run
    /// beside this one, so the growth is measured over two batches and the
    /// smaller counts: a leak grows both, another test's peak only one.
    @Test func residentMemoryStaysFlatOverTenThousandDocuments() {
        let warmUp = Self.render(times: 500)
        var growths: [Int] = []
        for _ in 0..<2 {
            let before = Self.residentBytes()
            let total = Self.render(times: 10_000)
            let after = Self.residentBytes()
            #expect(warmUp > 0 && total == warmUp * 20)
            #expect(before > 0)
            growths.append(after - before)
        }
        #expect(growths.min() ?? 0 < 8 * 1024 * 1024, "resident memory grew by \(growths) bytes")
    }
}

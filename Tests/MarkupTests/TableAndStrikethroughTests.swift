import Testing
@testable import Markup

struct PipeTableTests {
    @Test func simpleTable() {
        let document = Document(markdown: "| a | b |\n|---|---|\n| 1 | 2 |\n")
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func alignment() {
        let document = Document(markdown: "| l | c | r | n |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n")
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th style=\"text-align: left\">l</th>\n<th style=\"text-align: center\">c</th>\n<th style=\"text-align: right\">r</th>\n<th>n</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style=\"text-align: left\">1</td>\n<td style=\"text-align: center\">2</td>\n<td style=\"text-align: right\">3</td>\n<td>4</td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func cellsHaveInlineMarkdown() {
        let document = Document(markdown: "| *x* | [y](/y/) |\n|---|---|\n")
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th><em>x</em></th>\n<th><a href=\"/y/\">y</a></th>\n</tr>\n</thead>\n</table>\n")
    }

    @Test func escapedPipeStaysInTheCell() {
        let document = Document(markdown: "| op | meaning |\n|---|---|\n| a \\| b | or |\n")
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th>op</th>\n<th>meaning</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>a | b</td>\n<td>or</td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func inlineCodeWithPipes() {
        let document = Document(markdown: "| code | note |\n|---|---|\n| `a || b` | `c \\| d` |\n")
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th>code</th>\n<th>note</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><code>a || b</code></td>\n<td><code>c | d</code></td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func tableWithoutOuterPipesAndUnevenRows() {
        let document = Document(markdown: "a | b\n--|--\n1\n1 | 2 | 3\n")
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td></td>\n</tr>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func paragraphLinesBeforeTheHeaderStayAParagraph() {
        let document = Document(markdown: "Results:\n| a |\n|---|\n| 1 |\n")
        #expect(document.html == "<p>Results:</p>\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func tableInsideBlockQuote() {
        let document = Document(markdown: "> | a |\n> |---|\n> | 1 |\n")
        #expect(document.html == "<blockquote>\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>\n</blockquote>\n")
    }

    @Test func cellTextThatLooksLikeABlockStaysText() {
        let document = Document(markdown: "| a | b |\n|---|---|\n| - x | # y |\n")
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>- x</td>\n<td># y</td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func mismatchedDelimiterRowIsNotATable() {
        let document = Document(markdown: "| a | b |\n|---|\n")
        #expect(document.html == "<p>| a | b |\n|—|</p>\n")
    }

    @Test func tablesCanBeSwitchedOff() {
        var options = MarkdownOptions()
        options.tables = false
        let document = Document(markdown: "| a |\n|---|\n", options: options)
        #expect(document.html == "<p>| a |\n|—|</p>\n")
    }

    @Test func linkInCellHasItsFilePosition() {
        let document = Document(markdown: "| a | b |\n|---|---|\n| x | see [y](y.md) |\n", firstLineNumber: 5)
        #expect(document.links == [LinkReference(destination: "y.md", url: "y.md", line: 7, column: 11)])
    }
}

struct StrikethroughTests {
    @Test func doubleTildesBecomeDel() {
        let document = Document(markdown: "It was ~~wrong~~ right.\n")
        #expect(document.html == "<p>It was <del>wrong</del> right.</p>\n")
    }

    @Test func strikethroughAcrossEmphasis() {
        let document = Document(markdown: "~~very *old* news~~\n")
        #expect(document.html == "<p><del>very <em>old</em> news</del></p>\n")
    }

    @Test func tildesWithSpacesInsideStayText() {
        let document = Document(markdown: "a ~~ b ~~ c and ~single~\n")
        #expect(document.html == "<p>a ~~ b ~~ c and ~single~</p>\n")
    }

    @Test func twoStrikethroughsInOneLine() {
        let document = Document(markdown: "~~a~~ and ~~b~~\n")
        #expect(document.html == "<p><del>a</del> and <del>b</del></p>\n")
    }

    @Test func tildesInCodeAreUntouched() {
        let document = Document(markdown: "`~~x~~`\n")
        #expect(document.html == "<p><code>~~x~~</code></p>\n")
    }

    @Test func strikethroughCanBeSwitchedOff() {
        var options = MarkdownOptions()
        options.strikethrough = false
        let document = Document(markdown: "~~x~~\n", options: options)
        #expect(document.html == "<p>~~x~~</p>\n")
    }

    @Test func strikethroughInsideTableCellAndHeading() {
        let document = Document(markdown: "# ~~Old~~ New\n\n| a |\n|---|\n| ~~b~~ |\n")
        #expect(document.html == "<h1 id=\"old-new\"><del>Old</del> New</h1>\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><del>b</del></td>\n</tr>\n</tbody>\n</table>\n")
        #expect(document.headings.map(\.title) == ["Old New"])
    }
}

/// Reference links in cells use the document's definitions, wherever cmark
/// found them.
struct PipeTableReferenceLinkTests {
    static let head = "<table>\n<thead>\n<tr>\n<th>h</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
    static let tail = "</tr>\n</tbody>\n</table>\n"

    @Test func definitionsAfterTheTable() {
        let document = Document(markdown: "| a | b |\n|---|---|\n| [x][ref] | [y] |\n\n[ref]: /url \"T\"\n[y]: /why\n")
        #expect(document.html == "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
            + "<td><a href=\"/url\" title=\"T\">x</a></td>\n<td><a href=\"/why\">y</a></td>\n</tr>\n</tbody>\n</table>\n")
        #expect(document.links == [
            LinkReference(destination: "/url", url: "/url", line: 3, column: 3),
            LinkReference(destination: "/why", url: "/why", line: 3, column: 14),
        ])
    }

    @Test func definitionsInAQuoteAListAndAtTheStartOfAParagraph() {
        let document = Document(markdown: "> [q]: /quoted\n\n- [l]: /list\n\n[p]: /para\nText [p].\n\n| h |\n|---|\n| [q] [l] [p] [none] |\n")
        #expect(document.html == "<blockquote>\n</blockquote>\n<ul>\n<li></li>\n</ul>\n<p>Text <a href=\"/para\">p</a>.</p>\n"
            + Self.head + "<td><a href=\"/quoted\">q</a> <a href=\"/list\">l</a> <a href=\"/para\">p</a> [none]</td>\n" + Self.tail)
    }

    @Test func titleOnTheNextLineAndTheFirstOfTwoDefinitionsWins() {
        let document = Document(markdown: "[r]: /one\n  'First'\n[r]: /two\n\n| h |\n|---|\n| [r] |\n")
        #expect(document.html == Self.head + "<td><a href=\"/one\" title=\"First\">r</a></td>\n" + Self.tail)
    }

    @Test func textInCodeBlocksIsNoDefinition() {
        let document = Document(markdown: "```\n[c]: /code\n```\n\n    [d]: /indented\n\n| h |\n|---|\n| [c] [d] |\n")
        #expect(document.html == "<pre><code>[c]: /code\n</code></pre>\n<pre><code>[d]: /indented\n</code></pre>\n"
            + Self.head + "<td>[c] [d]</td>\n" + Self.tail)
    }

    @Test func aLineInsideAParagraphIsNoDefinition() {
        let document = Document(markdown: "Some text\n[t]: /not\n\n| h |\n|---|\n| [t] |\n")
        #expect(document.html == "<p>Some text\n[t]: /not</p>\n" + Self.head + "<td>[t]</td>\n" + Self.tail)
    }

    @Test func aParagraphStartingWithALinkDefinesNothing() {
        let document = Document(markdown: "[Swift](/s): a language.\n\n| h |\n|---|\n| [Swift] |\n")
        #expect(document.html == "<p><a href=\"/s\">Swift</a>: a language.</p>\n" + Self.head + "<td>[Swift]</td>\n" + Self.tail)
    }

    @Test func cellThatIsADefinitionStaysText() {
        let document = Document(markdown: "| h |\n|---|\n| [a]: /x |\n\n[a]: /y\n")
        #expect(document.html == Self.head + "<td>[a]: /x</td>\n" + Self.tail)
    }
}

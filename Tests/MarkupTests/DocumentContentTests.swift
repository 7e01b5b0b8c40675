import Testing
@testable import Markup

struct SummaryTests {
    @Test func moreMarkerEndsTheSummary() {
        let document = Document(markdown: "Intro *one*.\n\nIntro two.\n\n<!--more-->\n\nRest.\n")
        #expect(document.hasExplicitSummary)
        #expect(document.summaryHTML == "<p>Intro <em>one</em>.</p>\n<p>Intro two.</p>\n")
        #expect(document.html == "<p>Intro <em>one</em>.</p>\n<p>Intro two.</p>\n<p>Rest.</p>\n")
    }

    @Test func moreMarkerWorksAndVanishesWithRawHTMLAllowed() {
        var options = MarkdownOptions()
        options.allowsRawHTML = true
        let document = Document(markdown: "Intro.\n\n<!-- more -->\n\nRest.\n", options: options)
        #expect(document.summaryHTML == "<p>Intro.</p>\n")
        #expect(document.html == "<p>Intro.</p>\n<p>Rest.</p>\n")
    }

    @Test func moreMarkerInsideAParagraphEndsTheSummaryAfterIt() {
        let document = Document(markdown: "First.\n\nSecond <!--more--> part.\n\nThird.\n")
        #expect(document.summaryHTML == "<p>First.</p>\n<p>Second  part.</p>\n")
        #expect(document.html == "<p>First.</p>\n<p>Second  part.</p>\n<p>Third.</p>\n")
    }

    @Test func withoutMarkerTheSummaryIsTheFirstParagraph() {
        let document = Document(markdown: "# Title\n\n- list\n\nFirst *para*.\n\nSecond.\n")
        #expect(!document.hasExplicitSummary)
        #expect(document.summaryHTML == "<p>First <em>para</em>.</p>\n")
    }

    @Test func summaryIsEmptyWithoutParagraphs() {
        let document = Document(markdown: "# Only a heading\n")
        #expect(document.summaryHTML == "")
    }
}

struct PlainTextTests {
    @Test func plainTextLeavesMarkupAndCodeBlocksOut() {
        let document = Document(markdown: "# Closures\n\nA *closure* captures `x`.\nIt [works](a.md).\n\n```swift\nlet x = 1\n```\n\n- one\n- two\n")
        #expect(document.plainText == "Closures\nA closure captures x. It works.\none\ntwo")
        #expect(document.codeText == "let x = 1\n")
        #expect(document.headingText == "Closures\n")
    }

    @Test func tableCellsAreSeparatedInPlainText() {
        let document = Document(markdown: "| a | b |\n|---|---|\n| 1 | 2 |\n")
        #expect(document.plainText.split(whereSeparator: \.isWhitespace) == ["a", "b", "1", "2"])
    }

    @Test func rawHTMLBlocksAddTheTextTheyShow() {
        let markdown = "Before.\n\n<aside>\nAn aside about <b>platypus</b> &amp; more&#33;\n</aside>\n\n"
            + "<details><summary>Output</summary>\n<pre>\n$ swift build -sanitize=thread\n</pre>\n</details>\n\n"
            + "<script>var hidden = 1;</script>\n\n<!-- a comment -->\n\nAfter.\n"
        let expected = "Before.\nAn aside about platypus & more!\nOutput\n$ swift build -sanitize=thread\nAfter."
        #expect(Document(markdown: markdown).plainText == expected)
        var passedThrough = MarkdownOptions()
        passedThrough.allowsRawHTML = true
        #expect(Document(markdown: markdown, options: passedThrough).plainText == expected)
    }

    @Test func escapedHTMLIsNotPlainText() {
        let document = Document(markdown: "a <span>b</span>\n")
        #expect(document.plainText == "a b")
    }

    @Test func wordCountAndReadingTime() {
        let document = Document(markdown: "It's a \"test\" — of *many* words, 2015 style.\n")
        #expect(document.wordCount == 8)
        #expect(document.readingMinutes == 1)
    }

    @Test func readingTimeRoundsToTheNearestMinute() {
        #expect(TextStatistics.readingMinutes(forWordCount: 0) == 1)
        #expect(TextStatistics.readingMinutes(forWordCount: 329) == 1)
        #expect(TextStatistics.readingMinutes(forWordCount: 330) == 2)
        #expect(TextStatistics.readingMinutes(forWordCount: 1100) == 5)
    }

    /// The count of `text`'s UTF-8 bytes, as a document's text is counted.
    private func wordCount(_ text: String) -> Int {
        Array(text.utf8).withUnsafeBufferPointer(TextStatistics.wordCount(ofUTF8:))
    }

    @Test func wordsInOtherScriptsCount() {
        #expect(wordCount("Tìm kiếm tiếng Việt…") == 4)
    }

    @Test(arguments: [
        ("It’s a “test” — of ‘many’ words…", 6), ("word—word", 2), ("word–word", 2), ("a\u{2019}b", 1),
        ("x\u{2000}y", 2), ("\u{2190}arrow", 1), ("← arrow", 2), ("tab\tsep\r\nline", 3), ("... -- !!", 0),
        ("C++ and Objective-C", 3), ("e\u{0301}te", 1), ("2015—2016", 2), ("İstanbul’da", 1), ("end\u{2026}", 1),
        ("\u{2014}", 0), ("日本語 テキスト", 2), ("", 0),
    ])
    func wordsAndSeparators(text: String, words: Int) {
        #expect(wordCount(text) == words)
    }

    /// The count, eight bytes at a time and byte by byte, against the rule
    /// written plainly, one character at a time, on text made of every kind
    /// of character it tells apart, long enough to cross many groups of eight.
    @Test func countFollowsThePlainRule() {
        let pieces = ["a", "Z", "7", "ş", "ệ", "語", " ", "\t", "\n", "\r", "-", "'", ".", "\u{2019}", "\u{2018}",
                      "\u{2014}", "\u{2026}", "\u{2000}", "\u{2190}", "\u{2070}", "\u{00A0}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(wordCount(text) == plainCount(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// A word is a run of letters, digits, other characters beyond ASCII
    /// and ASCII punctuation that starts with one of the first three; ASCII
    /// space, tab and line breaks and general punctuation (U+2000...U+206F)
    /// end it, except the curly single quotes (an apostrophe inside a word).
    private func plainCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20, 0x09, 0x0A, 0x0D: inWord = false
            case 0x2018, 0x2019: continue
            case 0x2000...0x207F: inWord = false
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...:
                if !inWord { count += 1 }
                inWord = true
            default: continue
            }
        }
        return count
    }
}

struct EmptyDocumentTests {
    @Test func emptyMarkdownGivesEmptyDocument() {
        let document = Document(markdown: "")
        #expect(document.html == "")
        #expect(document.summaryHTML == "")
        #expect(document.plainText == "")
        #expect(document.wordCount == 0)
        #expect(document.readingMinutes == 1)
    }
}

struct LinkListTests {
    @Test func linksAndImagesWithPositions() {
        let document = Document(
            markdown: "Intro [a](a.md) text\n\n> ![pic](img/p.png \"t\")\n\n- [b](https://b.example)\n",
            firstLineNumber: 4)
        #expect(document.links == [
            LinkReference(destination: "a.md", url: "a.md", line: 4, column: 7),
            LinkReference(destination: "https://b.example", url: "https://b.example", line: 8, column: 3),
        ])
        #expect(document.images == [LinkReference(destination: "img/p.png", url: "img/p.png", line: 6, column: 3)])
    }

    @Test func columnsCountTheIndentationOfContinuationLines() {
        let document = Document(markdown: "Text\n  more [a](a.md) x\n\n- item\n  and [b](b.md)\n\n> q\n> [c](c.md)\n")
        #expect(document.links.map { "\($0.line):\($0.column)" } == ["2:8", "5:7", "8:3"])
    }

    @Test func referenceLinksAreListedWithTheirDestination() {
        let document = Document(markdown: "See [the post][p].\n\n[p]: ../posts/p.md\n")
        #expect(document.links == [LinkReference(destination: "../posts/p.md", url: "../posts/p.md", line: 1, column: 5)])
    }
}

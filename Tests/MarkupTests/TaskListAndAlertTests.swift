import Testing
@testable import Markup

struct TaskListTests {
    /// GitHub's spec examples of task list items.
    @Test func specExample() {
        let document = Document(markdown: "- [ ] foo\n- [x] bar\n")
        #expect(document.html == "<ul>\n<li><input disabled=\"\" type=\"checkbox\"> foo</li>\n"
            + "<li><input checked=\"\" disabled=\"\" type=\"checkbox\"> bar</li>\n</ul>\n")
    }

    @Test func specExampleNested() {
        let document = Document(markdown: "- [x] foo\n  - [ ] bar\n  - [x] baz\n- [ ] bim\n")
        #expect(document.html == "<ul>\n<li><input checked=\"\" disabled=\"\" type=\"checkbox\"> foo\n<ul>\n"
            + "<li><input disabled=\"\" type=\"checkbox\"> bar</li>\n"
            + "<li><input checked=\"\" disabled=\"\" type=\"checkbox\"> baz</li>\n</ul>\n</li>\n"
            + "<li><input disabled=\"\" type=\"checkbox\"> bim</li>\n</ul>\n")
    }

    @Test func orderedLooseAndUppercase() {
        let document = Document(markdown: "1. [X] done\n\n2. [ ] todo\n")
        #expect(document.html == "<ol>\n<li>\n<p><input checked=\"\" disabled=\"\" type=\"checkbox\"> done</p>\n</li>\n"
            + "<li>\n<p><input disabled=\"\" type=\"checkbox\"> todo</p>\n</li>\n</ol>\n")
    }

    @Test func notTaskMarkers() {
        let document = Document(markdown: "- [y] no\n- [x]no\n- text [ ] no\n\n[ ] not in a list\n")
        #expect(document.html == "<ul>\n<li>[y] no</li>\n<li>[x]no</li>\n<li>text [ ] no</li>\n</ul>\n<p>[ ] not in a list</p>\n")
    }

    @Test func plainTextHasNoMarker() {
        let document = Document(markdown: "- [x] Buy milk\n")
        #expect(document.plainText == "Buy milk")
    }

    @Test func switchedOff() {
        var options = MarkdownOptions()
        options.taskLists = false
        #expect(Document(markdown: "- [ ] foo\n", options: options).html == "<ul>\n<li>[ ] foo</li>\n</ul>\n")
    }
}

struct AlertTests {
    @Test func eachKindGetsItsClassAndTitle() {
        for (marker, kind, title) in [("NOTE", "note", "Note"), ("TIP", "tip", "Tip"), ("IMPORTANT", "important", "Important"),
                                      ("WARNING", "warning", "Warning"), ("caution", "caution", "Caution")] {
            let document = Document(markdown: "> [!\(marker)]\n> Be *careful*.\n")
            #expect(document.html == "<div class=\"alert alert-\(kind)\">\n<p class=\"alert-title\">\(title)</p>\n"
                + "<p>Be <em>careful</em>.</p>\n</div>\n")
        }
    }

    @Test func severalBlocks() {
        let document = Document(markdown: "> [!TIP]\n> One.\n>\n> - two\n")
        #expect(document.html == "<div class=\"alert alert-tip\">\n<p class=\"alert-title\">Tip</p>\n<p>One.</p>\n"
            + "<ul>\n<li>two</li>\n</ul>\n</div>\n")
    }

    @Test func markerMustBeAloneOnItsLineAndKnown() {
        let document = Document(markdown: "> [!NOTE] inline\n\n> [!FOO]\n> x\n")
        #expect(document.html == "<blockquote>\n<p>[!NOTE] inline</p>\n</blockquote>\n<blockquote>\n<p>[!FOO]\nx</p>\n</blockquote>\n")
    }

    @Test func plainTextLeavesTheMarkerOut() {
        let document = Document(markdown: "> [!WARNING]\n> Hot.\n")
        #expect(document.plainText == "Hot.")
    }

    @Test func switchedOff() {
        var options = MarkdownOptions()
        options.alerts = false
        #expect(Document(markdown: "> [!NOTE]\n> x\n", options: options).html == "<blockquote>\n<p>[!NOTE]\nx</p>\n</blockquote>\n")
    }
}

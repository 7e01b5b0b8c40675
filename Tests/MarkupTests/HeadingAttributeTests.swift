import Testing
@testable import Markup

struct HeadingAttributeTests {
    @Test func idAndClassesAreApplied() {
        let document = Document(markdown: "## Title {#custom-id .big .red}\n")
        #expect(document.html == "<h2 id=\"custom-id\" class=\"big red\">Title</h2>\n")
        #expect(document.headings == [Heading(level: 2, title: "Title", id: "custom-id")])
    }

    @Test func keyValuePairsAndSetextHeadings() {
        let document = Document(markdown: "Title {data-x=1 lang=\"tr\"}\n===\n")
        #expect(document.html == "<h1 id=\"title\" data-x=\"1\" lang=\"tr\">Title</h1>\n")
    }

    @Test func explicitIDIsReservedForAutomaticIDs() {
        let document = Document(markdown: "# Intro\n\n# Other {#intro}\n")
        #expect(document.headings.map(\.id) == ["intro-1", "intro"])
    }

    @Test func withAnchorsOffTheAttributesStillApply() {
        var options = MarkdownOptions()
        options.headingAnchors = false
        let document = Document(markdown: "# A {#a-id}\n\n# B {.note}\n\n# C\n", options: options)
        #expect(document.html == "<h1 id=\"a-id\">A</h1>\n<h1 class=\"note\">B</h1>\n<h1>C</h1>\n")
    }

    @Test func invalidBlocksStayText() {
        let document = Document(markdown: "# Set {a, b}\n\n# Code `{#x}`\n\n# Glued{#y}\n")
        #expect(document.html == "<h1 id=\"set-a-b\">Set {a, b}</h1>\n<h1 id=\"code-x\">Code <code>{#x}</code></h1>\n"
            + "<h1 id=\"glued-y\">Glued{#y}</h1>\n")
    }

    @Test func attributeValuesAreEscaped() {
        let document = Document(markdown: "# T {title=\"a<b\"}\n", options: MarkdownOptions(smartPunctuation: false))
        #expect(document.html == "<h1 id=\"t\" title=\"a&lt;b\">T</h1>\n")
    }

    @Test func switchedOff() {
        var options = MarkdownOptions()
        options.headingAttributes = false
        #expect(Document(markdown: "# T {#x}\n", options: options).html == "<h1 id=\"t-x\">T {#x}</h1>\n")
    }

    @Test func eventHandlersAreLeftOut() {
        let document = Document(markdown: "## T {onmouseover=alert(1) ONCLICK=\"x()\" .c data-on=1}\n")
        #expect(document.html == "<h2 id=\"t\" class=\"c\" data-on=\"1\">T</h2>\n")
    }
}

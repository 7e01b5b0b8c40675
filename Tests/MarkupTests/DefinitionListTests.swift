import Testing
@testable import Markup

struct DefinitionListTests {
    @Test func tightList() {
        let document = Document(markdown: "Apple\n: A fruit.\n: A company.\n\nOrange\n: Citrus\ncontinued.\n")
        #expect(document.html == "<dl>\n<dt>Apple</dt>\n<dd>A fruit.</dd>\n<dd>A company.</dd>\n"
            + "<dt>Orange</dt>\n<dd>Citrus\ncontinued.</dd>\n</dl>\n")
    }

    @Test func severalTermsAndInlines() {
        let document = Document(markdown: "*Term* one\nTerm two\n: The `def`.\n")
        #expect(document.html == "<dl>\n<dt><em>Term</em> one</dt>\n<dt>Term two</dt>\n<dd>The <code>def</code>.</dd>\n</dl>\n")
    }

    @Test func looseDefinitionsAndContinuation() {
        let document = Document(markdown: "Term\n\n: First paragraph.\n\n    Second paragraph.\n\nAfter.\n")
        #expect(document.html == "<dl>\n<dt>Term</dt>\n<dd>\n<p>First paragraph.</p>\n<p>Second paragraph.</p>\n</dd>\n</dl>\n<p>After.</p>\n")
    }

    @Test func plainTextKeepsTermsAndDefinitions() {
        let document = Document(markdown: "Apple\n: A fruit.\n")
        #expect(document.plainText == "Apple A fruit.")
    }

    @Test func tightDefinitionWithContinuationBecomesLoose() {
        let document = Document(markdown: "Term\n: One.\n\n    Two [x](/x).\n")
        #expect(document.html == "<dl>\n<dt>Term</dt>\n<dd>\n<p>One.</p>\n<p>Two <a href=\"/x\">x</a>.</p>\n</dd>\n</dl>\n")
        #expect(document.links.map(\.line) == [4])
        #expect(document.links.map(\.column) == [9])
    }

    @Test func colonWithoutSpaceIsNoDefinition() {
        let document = Document(markdown: "Time\n:30 minutes\n")
        #expect(document.html == "<p>Time\n:30 minutes</p>\n")
    }

    @Test func switchedOff() {
        var options = MarkdownOptions()
        options.definitionLists = false
        #expect(Document(markdown: "Apple\n: A fruit.\n", options: options).html == "<p>Apple\n: A fruit.</p>\n")
    }
}

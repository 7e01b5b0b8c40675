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

    /// The look at the source that lets a document without a definition
    /// line skip the paragraphs: true wherever a line could start one.
    @Test(arguments: [
        ("Term\n: def", true), ("> Term\n> : def", true), ("- Term\n\n  : def", true), ("Term\r: def", true),
        (": def", true), ("Term\n:\tdef", true), ("Note: a colon in prose", false), ("Time\n:30 minutes", false),
        ("a : b\nc :d", false), ("", false), ("Term\n- : def", false),
    ])
    func aDefinitionLineIsFoundInTheSource(markdown: String, found: Bool) {
        var text = markdown
        #expect(text.withUTF8 { DefinitionLists.mayHaveDefinitions(in: $0) } == found)
    }

    @Test func definitionsInQuotesAndListsStillBecomeLists() {
        #expect(Document(markdown: "> Apple\n> : A fruit.\n").html
            == "<blockquote>\n<dl>\n<dt>Apple</dt>\n<dd>A fruit.</dd>\n</dl>\n</blockquote>\n")
        #expect(Document(markdown: "- Apple\n  : A fruit.\n").html
            == "<ul>\n<li>\n<dl>\n<dt>Apple</dt>\n<dd>A fruit.</dd>\n</dl>\n</li>\n</ul>\n")
    }

    @Test func switchedOff() {
        var options = MarkdownOptions()
        options.definitionLists = false
        #expect(Document(markdown: "Apple\n: A fruit.\n", options: options).html == "<p>Apple\n: A fruit.</p>\n")
    }
}

import Foundation
import Testing
@testable import Mustache

/// Each kind of template error, with its exact message and position.
@Suite struct ErrorTests {
    private func parseError(_ source: String, name: String = "post.mustache") -> String? {
        do {
            _ = try Template(source: source, name: name)
            return nil
        } catch {
            return error.description
        }
    }

    private func renderError(_ source: String, context: Value = [:], partials: [String: String] = [:]) -> String? {
        do {
            let set = try TemplateSet(sources: partials, missingPartials: .renderNothing)
            _ = try Template(source: source, name: "page.mustache").render(context, partials: set)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func unclosedSection() {
        #expect(parseError("<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n")
            == "post.mustache:2:3: error: section {{#items}} is never closed: expected {{/items}} before the end of the template")
    }

    @Test func mismatchedClosingTag() {
        #expect(parseError("<ul>\n{{#item}}\n  x {{/items}}\n")
            == "post.mustache:3:5: error: closing tag {{/items}} does not match the open section {{#item}}")
    }

    @Test func closingTagWithoutSection() {
        #expect(parseError("a\nb {{/items}}")
            == "post.mustache:2:3: error: closing tag {{/items}} has no open section to close")
    }

    @Test func emptyTagName() {
        #expect(parseError("Hello {{ }}!") == "post.mustache:1:7: error: tag {{ }} has no name")
    }

    @Test func spaceInsideName() {
        #expect(parseError("{{first name}}")
            == "post.mustache:1:1: error: tag {{first name}} has a space inside its name \"first name\"")
    }

    @Test func emptyPartOfDottedName() {
        #expect(parseError("{{post..title}}")
            == "post.mustache:1:1: error: tag {{post..title}} has an empty part in the dotted name \"post..title\"")
    }

    @Test func unclosedTag() {
        #expect(parseError("line\n  {{title\n") == "post.mustache:2:3: error: tag {{ is never closed: expected }}")
    }

    @Test func unclosedTripleMustache() {
        #expect(parseError("{{{body}}") == "post.mustache:1:1: error: tag {{ is never closed: expected }}}")
    }

    @Test func setDelimiterWithOneDelimiter() {
        #expect(parseError("x\n{{=<%=}}")
            == "post.mustache:2:1: error: set-delimiter tag {{=<%=}} must give exactly two delimiters separated by a space, as in {{=<% %>=}}")
    }

    @Test func setDelimiterWithoutClosingEquals() {
        #expect(parseError("{{=<% %>}}")
            == "post.mustache:1:1: error: set-delimiter tag {{=<% %>}} must end with '=' before its closing delimiter, as in {{=<% %>=}}")
    }

    @Test func setDelimiterContainingEquals() {
        #expect(parseError("{{=<= =>=}}")
            == "post.mustache:1:1: error: set-delimiter tag {{=<= =>=}} has a delimiter containing '=', which is not allowed")
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(parseError("Kỹ thuật {{/x}}") == "post.mustache:1:10: error: closing tag {{/x}} has no open section to close")
    }

    @Test func positionAfterMultilineComment() {
        #expect(parseError("{{! one\ntwo }} {{#a}}") == "post.mustache:2:8: error: section {{#a}} is never closed: expected {{/a}} before the end of the template")
    }

    @Test func missingPartialAtLoad() {
        do {
            _ = try TemplateSet(sources: ["post": "<main>\n  {{> footer}}\n</main>"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "post:2:3: error: partial \"footer\" not found: no template has that name")
        }
    }

    @Test func missingParentAtLoad() {
        do {
            _ = try TemplateSet(sources: ["post": "{{<layout}}{{$body}}x{{/body}}{{/layout}}"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "post:1:1: error: parent \"layout\" not found: no template has that name")
        }
    }

    @Test func missingDynamicPartialAtRender() throws {
        let set = try TemplateSet(sources: ["post": "a {{>*kind}}"])
        #expect(throws: TemplateError(templateName: "post", line: 1, column: 3,
                                      message: "partial \"video\" (the value of kind) not found: no template has that name")) {
            try set.render("post", with: ["kind": "video"])
        }
    }

    @Test func partialWithoutTemplateSet() throws {
        let template = try Template(source: "{{>footer}}", name: "post")
        #expect(throws: TemplateError(templateName: "post", line: 1, column: 1,
                                      message: "partial \"footer\" not found: no template has that name")) {
            try template.render([:])
        }
    }

    @Test func recursivePartialStopsAtLimit() throws {
        let set = try TemplateSet(sources: ["loop": "x\n  {{>loop}}"])
        #expect(throws: TemplateError(templateName: "loop", line: 2, column: 3,
                                      message: "templates are nested more than 100 levels deep at \"loop\"; does a partial include itself?")) {
            try set.render("loop", with: [:])
        }
    }

    @Test func recursiveParentStopsAtLimit() throws {
        let set = try TemplateSet(sources: ["layout": "{{<layout}}{{/layout}}"])
        #expect(throws: TemplateError(templateName: "layout", line: 1, column: 1,
                                      message: "templates are nested more than 100 levels deep at \"layout\"; does a partial include itself?")) {
            try set.render("layout", with: [:])
        }
    }

    @Test func failingLambdaNamesItself() {
        let context: Value = ["date": "2024-02-30", "formatDate": .lambda(StandardHelpers.formatDate)]
        #expect(renderError("a\n  {{#formatDate}}{{date}}{{/formatDate}}", context: context)
            == "page.mustache:2:3: error: lambda \"formatDate\" failed: \"2024-02-30\" is not an ISO 8601 date such as 2024-03-09 or 2024-03-09T14:05:00Z")
    }

    @Test func invalidTemplateFromLambda() {
        let context: Value = ["wrap": .lambda(.section { text in "{{#open}}" + text })]
        #expect(renderError("{{#wrap}}x{{/wrap}}", context: context)
            == "page.mustache:1:1: error: the template text of lambda \"wrap\" is invalid: section {{#open}} is never closed: expected {{/open}} before the end of the template (at its line 1, column 1)")
    }

    @Test func errorFieldsAreExposed() {
        do {
            _ = try Template(source: "{{#a}}", name: "t")
            Issue.record("expected an error")
        } catch {
            #expect(error.templateName == "t")
            #expect(error.line == 1)
            #expect(error.column == 1)
            #expect(error.message == "section {{#a}} is never closed: expected {{/a}} before the end of the template")
        }
    }
}

extension ErrorTests {
    @Test func sectionsNestedTooDeep() {
        let source = String(repeating: "{{#a}}", count: 101)
        #expect(parseError(source) == "post.mustache:1:601: error: sections are nested more than 100 levels deep at {{#a}}")
    }

    @Test func missingFolder() {
        #expect(throws: TemplateError(templateName: "/nonexistent/templates", line: 1, column: 1, message: "no template folder here")) {
            try TemplateSet(directory: URL(fileURLWithPath: "/nonexistent/templates"))
        }
    }
}

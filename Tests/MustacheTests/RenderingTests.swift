import Testing
@testable import Mustache

/// Rendering behavior beyond the spec: values, objects, iteration names, escaping.
@Suite struct RenderingTests {
    private func render(_ source: String, _ context: Value, partials: [String: String] = [:]) throws -> String {
        let set = try TemplateSet(sources: partials)
        return try Template(source: source).render(context, partials: set)
    }

    final class Author: MustacheObject {
        let name: String
        let posts: Int
        init(name: String, posts: Int) {
            self.name = name
            self.posts = posts
        }
        func value(forKey key: String) -> Value? {
            switch key {
            case "name": return .string(name)
            case "posts": return .int(posts)
            default: return nil
            }
        }
        var interpolatedText: String { name }
    }

    @Test func objectFieldsAreLookedUp() throws {
        let context: Value = ["author": .object(Author(name: "Ada", posts: 3))]
        #expect(try render("{{#author}}{{name}} wrote {{posts}}{{/author}}", context) == "Ada wrote 3")
    }

    @Test func objectMissingFieldFallsThroughTheStack() throws {
        let context: Value = ["site": "Despina", "author": .object(Author(name: "Ada", posts: 3))]
        #expect(try render("{{#author}}{{name}} on {{site}}{{/author}}", context) == "Ada on Despina")
    }

    @Test func objectInterpolatesItsText() throws {
        #expect(try render("by {{author}}", ["author": .object(Author(name: "Ada & Bo", posts: 1))]) == "by Ada &amp; Bo")
    }

    @Test func escapesAllFiveCharacters() throws {
        #expect(try render("{{text}}", ["text": "<a href=\"x\">Tom's & Jerry's</a>"])
            == "&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; Jerry&#39;s&lt;/a&gt;")
    }

    @Test func unescapedKeepsText() throws {
        #expect(try render("{{{html}}}{{&html}}", ["html": "<b>é</b>"]) == "<b>é</b><b>é</b>")
    }

    @Test func numbersRender() throws {
        #expect(try render("{{a}} {{b}} {{c}} {{d}}", ["a": 42, "b": 1.5, "c": 3.0, "d": -7]) == "42 1.5 3 -7")
    }

    @Test func iterationNames() throws {
        let context: Value = ["tags": ["swift", "ios", "spotlight"]]
        #expect(try render("{{#tags}}{{@index}}:{{@number}}:{{.}}{{^@last}}, {{/@last}}{{/tags}}", context)
            == "0:1:swift, 1:2:ios, 2:3:spotlight")
    }

    @Test func iterationFirstAndLast() throws {
        let context: Value = ["items": ["a", "b", "c"]]
        #expect(try render("{{#items}}{{#@first}}[{{/@first}}{{.}}{{#@last}}]{{/@last}}{{/items}}", context) == "[abc]")
    }

    @Test func iterationNamesReferToInnermostList() throws {
        let context: Value = ["rows": [["cells": ["a", "b"]], ["cells": ["c"]]]]
        #expect(try render("{{#rows}}{{#cells}}{{@index}}{{/cells}}|{{/rows}}", context) == "01|0|")
    }

    @Test func iterationNamesInsideNestedObjectSection() throws {
        let context: Value = ["posts": [["author": ["name": "A"]], ["author": ["name": "B"]]]]
        #expect(try render("{{#posts}}{{#author}}{{@number}}{{name}}{{/author}}{{/posts}}", context) == "1A2B")
    }

    @Test func iterationNameOutsideListIsLookedUp() throws {
        #expect(try render("[{{@index}}]", [:]) == "[]")
        #expect(try render("[{{@index}}]", ["@index": "own"]) == "[own]")
    }

    @Test func emptyStringAndZeroAreFalsey() throws {
        #expect(try render("{{#a}}A{{/a}}{{^a}}no-a{{/a}} {{^b}}no-b{{/b}}", ["a": "", "b": 0]) == "no-a no-b")
    }

    @Test func emptyDictionaryIsTruthy() throws {
        #expect(try render("{{#a}}yes{{/a}}", ["a": [:]]) == "yes")
    }

    @Test func globalsComeAfterContext() throws {
        let template = try Template(source: "{{site}} {{title}}")
        #expect(try template.render(["title": "Post"], globals: ["site": "Blog", "title": "Global"]) == "Blog Post")
    }

    @Test func standalonePartialIndentsEveryLine() throws {
        let partials = ["nav": "<ul>\n{{#links}}\n  <li>{{.}}</li>\n{{/links}}\n</ul>\n"]
        #expect(try render("<body>\n  {{> nav}}\n</body>\n", ["links": ["a", "b"]], partials: partials)
            == "<body>\n  <ul>\n    <li>a</li>\n    <li>b</li>\n  </ul>\n</body>\n")
    }

    @Test func layoutWithBlocks() throws {
        let partials = ["layout": "<title>{{$title}}Blog{{/title}}</title>\n<main>\n  {{$content}}{{/content}}\n</main>\n"]
        let page = "{{<layout}}\n{{$title}}{{name}}{{/title}}\n{{$content}}\n<p>{{body}}</p>\n<p>end</p>\n{{/content}}\n{{/layout}}\n"
        #expect(try render(page, ["name": "Post", "body": "Hi"], partials: partials)
            == "<title>Post</title>\n<main>\n  <p>Hi</p>\n  <p>end</p>\n</main>\n")
    }

    @Test func sectionLambdaWithRenderCallback() throws {
        let bold = Lambda(section: { rawText, context in .text("<b>" + (try context.render(rawText)) + "</b>") })
        #expect(try render("{{#bold}}{{name}}{{/bold}}", ["bold": .lambda(bold), "name": "A&B"]) == "<b>A&amp;B</b>")
    }

    @Test func lambdaTextOutputIsNotReparsed() throws {
        let literal = Lambda(variable: { _ in .text("{{name}}") })
        #expect(try render("{{literal}}", ["literal": .lambda(literal), "name": "x"]) == "{{name}}")
    }

    @Test func lambdaLooksUpNames() throws {
        let greet = Lambda(variable: { context in .text("Hi " + context.value(named: "user.name").interpolatedText) })
        #expect(try render("{{greet}}", ["greet": .lambda(greet), "user": ["name": "Ada"]]) == "Hi Ada")
    }

    @Test func templateIsReusable() throws {
        let template = try Template(source: "{{n}}")
        #expect(try template.render(["n": 1]) == "1")
        #expect(try template.render(["n": 2]) == "2")
    }

    @Test func crlfStandaloneLines() throws {
        #expect(try render("a\r\n{{#x}}\r\nb\r\n{{/x}}\r\nc", ["x": true]) == "a\r\nb\r\nc")
    }
}

extension RenderingTests {
    @Test func documentedLayoutExample() throws {
        let set = try TemplateSet(sources: [
            "layout": "<title>{{$title}}Blog{{/title}}</title>\n<main>\n  {{$content}}{{/content}}\n</main>\n",
            "post": "{{<layout}}\n{{$title}}{{name}}{{/title}}\n{{$content}}\n<p>{{body}}</p>\n{{/content}}\n{{/layout}}\n",
        ])
        #expect(try set.render("post", with: ["name": "Post", "body": "Hi"]) == "<title>Post</title>\n<main>\n  <p>Hi</p>\n</main>\n")
    }

    @Test func layoutDefaultsWhenNotOverridden() throws {
        let set = try TemplateSet(sources: [
            "layout": "<title>{{$title}}Blog{{/title}}</title>\n",
            "page": "{{<layout}}{{/layout}}",
        ])
        #expect(try set.render("page", with: [:]) == "<title>Blog</title>\n")
    }
}

extension RenderingTests {
    @Test func partialInsideBlockKeepsBothIndentations() throws {
        let set = try TemplateSet(sources: [
            "layout": "<body>\n  {{$content}}{{/content}}\n</body>\n",
            "post": "{{<layout}}\n{{$content}}\n<article>\n  {{>meta}}\n</article>\n{{/content}}\n{{/layout}}",
            "meta": "<time>x</time>\n{{#tags}}\n<p>{{.}}</p>\n{{/tags}}\n",
        ])
        #expect(try set.render("post", with: ["tags": ["a", "b"]])
            == "<body>\n  <article>\n    <time>x</time>\n    <p>a</p>\n    <p>b</p>\n  </article>\n</body>\n")
    }

    @Test func indentedBlockDefinitionIsReindented() throws {
        let set = try TemplateSet(sources: [
            "layout": "<main>\n    {{$content}}\n    default\n    {{/content}}\n</main>\n",
            "post": "{{<layout}}\n  {{$content}}\n  <h1>{{title}}</h1>\n  {{/content}}\n{{/layout}}\n",
        ])
        #expect(try set.render("post", with: ["title": "T"]) == "<main>\n    <h1>T</h1>\n</main>\n")
        #expect(try set.render("layout", with: [:]) == "<main>\n    default\n</main>\n")
    }

    @Test func interpolatedDataIsNotIndented() throws {
        let set = try TemplateSet(sources: ["page": "<div>\n  {{>body}}\n</div>", "body": "{{{html}}}\n"])
        #expect(try set.render("page", with: ["html": "<p>1</p>\n<p>2</p>"]) == "<div>\n  <p>1</p>\n<p>2</p>\n</div>")
    }
}

extension RenderingTests {
    @Test func rendersUTF8Bytes() throws {
        let set = try TemplateSet(sources: ["t": "Önümde {{x}}"])
        #expect(try set.renderUTF8("t", with: ["x": "<ı>"]) == Array("Önümde &lt;ı&gt;".utf8))
    }
}

import Foundation
import Testing
@testable import Mustache

/// Template sets from dictionaries and folders.
@Suite struct TemplateSetTests {
    private func makeFolder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-tests-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func folderNamesTemplatesWithoutExtension() throws {
        let folder = try makeFolder([
            "post.mustache": "{{>header}}|{{title}}",
            "header.html": "<header>{{site}}</header>",
            "partials/footer.mustache": "f",
            "style.css": "body {}",
            ".#post.mustache": "{{#unclosed}}",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try TemplateSet(directory: folder)
        #expect(set.names == ["header", "partials/footer", "post"])
        #expect(try set.render("post", with: ["title": "T", "site": "S"]) == "<header>S</header>|T")
        #expect(try set.template(named: "post").name == "post.mustache")
    }

    @Test func folderErrorNamesTheFile() throws {
        let folder = try makeFolder(["post.mustache": "a\n{{#x}}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: TemplateError(templateName: "post.mustache", line: 2, column: 1,
                                      message: "section {{#x}} is never closed: expected {{/x}} before the end of the template")) {
            try TemplateSet(directory: folder)
        }
    }

    @Test func folderRejectsTwoFilesWithOneName() throws {
        let folder = try makeFolder(["post.mustache": "a", "post.html": "b"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: TemplateError(templateName: "post.mustache", line: 1, column: 1,
                                      message: "two templates are named \"post\": post.html and post.mustache; keep one")) {
            try TemplateSet(directory: folder)
        }
    }

    @Test func unknownTemplateName() throws {
        let set = try TemplateSet(sources: ["a": "", "b": ""])
        #expect(throws: TemplateError(templateName: "c", line: 1, column: 1, message: "no template named \"c\" (known: a, b)")) {
            try set.template(named: "c")
        }
    }

    @Test func renderNothingPolicyAllowsMissingPartials() throws {
        let set = try TemplateSet(sources: ["post": "[{{>missing}}]"], missingPartials: .renderNothing)
        #expect(try set.render("post", with: [:]) == "[]")
    }

    @Test func dynamicPartialFromSet() throws {
        let set = try TemplateSet(sources: ["post": "{{#blocks}}{{>*kind}}{{/blocks}}", "quote": "> {{text}}\n", "code": "    {{text}}\n"])
        let context: Value = ["blocks": [["kind": "quote", "text": "a"], ["kind": "code", "text": "b"]]]
        #expect(try set.render("post", with: context) == "> a\n    b\n")
    }
}

extension TemplateSetTests {
    @Test func dynamicParent() throws {
        let set = try TemplateSet(sources: [
            "wide": "<div class=wide>{{$body}}{{/body}}</div>",
            "narrow": "<div class=narrow>{{$body}}{{/body}}</div>",
            "post": "{{<*layout}}{{$body}}{{text}}{{/body}}{{/*layout}}",
        ])
        #expect(try set.render("post", with: ["layout": "narrow", "text": "hi"]) == "<div class=narrow>hi</div>")
    }

    @Test func dynamicNameThatIsNotTextRendersNothing() throws {
        let set = try TemplateSet(sources: ["post": "[{{>*kind}}]"])
        #expect(try set.render("post", with: ["kind": 3]) == "[]")
    }
}

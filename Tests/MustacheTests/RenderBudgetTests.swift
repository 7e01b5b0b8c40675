import Testing
@testable import Mustache

/// A render that would never end stops at its budget, with an error naming
/// the template; counted in steps and bytes, never in seconds.
@Suite struct RenderBudgetTests {
    /// `level0` includes `level1` twice, which includes `level2` twice, and
    /// so on: 2⁴⁰ inclusions, though only 41 levels deep.
    static let doubling: [String: String] = {
        var sources = ["level40": "x"]
        for level in 0..<40 { sources["level\(level)"] = "{{>level\(level + 1)}}{{>level\(level + 1)}}" }
        return sources
    }()

    func renderError(_ sources: [String: String], budget: RenderBudget) throws -> String? {
        let set = try TemplateSet(sources: sources)
        do {
            _ = try set.template(named: "level0").renderUTF8([:], partials: set, globals: nil, budget: budget)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func partialsThatDoubleAtEachLevelStopAtTheStepBudget() throws {
        let error = try renderError(Self.doubling, budget: RenderBudget(steps: 1000, outputBytes: 1 << 20))
        #expect(error
            == #"level39:1:13: error: rendering "level0" takes more than 1000 steps (stopped at partial "level40"); do partials include each other many times over?"#)
    }

    @Test func partialsThatDoubleAtEachLevelStopAtTheOutputBudget() throws {
        let error = try renderError(Self.doubling, budget: RenderBudget(steps: 1 << 40, outputBytes: 1000))
        #expect(error
            == #"level39:1:13: error: rendering "level0" writes more than 1000 bytes (stopped at partial "level40"); do partials include each other many times over?"#)
    }

    @Test func listsNestedInListsStopAtTheStepBudget() throws {
        let items: Value = .array((0..<100).map { .int($0) })
        let template = try Template(source: "{{#items}}{{#items}}{{#items}}{{#items}}.{{/items}}{{/items}}{{/items}}{{/items}}", name: "page")
        #expect(throws: TemplateError(templateName: "page", line: 1, column: 31, message:
            #"rendering "page" takes more than 10000 steps (stopped at section {{#items}}); do partials include each other many times over?"#)) {
            try template.renderUTF8(["items": items], partials: nil, globals: nil, budget: RenderBudget(steps: 10_000, outputBytes: 1 << 20))
        }
    }

    @Test func anOrdinaryRenderStaysWithinASmallBudget() throws {
        let set = try TemplateSet(sources: ["list": "{{#items}}{{>item}}{{/items}}", "item": "<li>{{.}}</li>"])
        let items: Value = .array((0..<10).map { .int($0) })
        let output = try set.template(named: "list").renderUTF8(["items": items], partials: set, globals: nil, budget: RenderBudget(steps: 100, outputBytes: 200))
        #expect(String(decoding: output, as: UTF8.self) == (0..<10).map { "<li>\($0)</li>" }.joined())
    }
}

import Testing
@testable import Mustache

/// One template rendered from many tasks at once gives the same output everywhere.
@Suite struct ConcurrencyTests {
    @Test func rendersFromManyTasks() async throws {
        let set = try TemplateSet(sources: [
            "layout": "<h1>{{$title}}{{/title}}</h1>\n{{$body}}{{/body}}",
            "item": "<li>{{@number}}. {{name}}</li>\n",
            "page": "{{<layout}}{{$title}}{{title}}{{/title}}{{$body}}{{#items}}{{>item}}{{/items}}{{/body}}{{/layout}}",
        ])
        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for number in 0..<200 {
                group.addTask {
                    let context: Value = ["title": .string("Page \(number)"), "items": [["name": "a"], ["name": .string("b\(number)")]]]
                    return (number, try set.render("page", with: context, globals: .standardHelpers))
                }
            }
            var collected: [Int: String] = [:]
            for try await (number, text) in group { collected[number] = text }
            return collected
        }
        #expect(results.count == 200)
        for number in 0..<200 {
            #expect(results[number] == "<h1>Page \(number)</h1>\n<li>1. a</li>\n<li>2. b\(number)</li>\n")
        }
    }
}

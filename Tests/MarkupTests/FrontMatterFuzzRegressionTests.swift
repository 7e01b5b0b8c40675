import Testing
@testable import Markup

/// Inputs found while fuzzing the front matter reader (see `Fuzz/` and the
/// "Fuzzing" section of `docs/reliability.md`).
struct FrontMatterFuzzRegressionTests {
    func error(_ source: String) -> MarkupError? {
        do {
            _ = try FrontMatter.split(source)
            return nil
        } catch {
            return error
        }
    }

    /// Thousands of nested flow lists overflowed the stack in the recursive
    /// YAML reader; now the 64th level inside the root mapping is refused.
    @Test func deeplyNestedFlowListsAreAnErrorNotAStackOverflow() {
        let nesting = 50_000
        let source = "---\na: " + String(repeating: "[", count: nesting) + String(repeating: "]", count: nesting) + "\n---\n"
        #expect(error(source) == MarkupError(
            line: 2, column: 67,
            message: "lists and mappings nest more than 64 levels deep here; flatten the value"))
    }

    @Test func deeplyNestedFlowMappingsAreAnError() {
        let nesting = 50_000
        let source = "---\na: " + String(repeating: "{b: ", count: nesting) + "c" + String(repeating: "}", count: nesting) + "\n---\n"
        #expect(error(source) == MarkupError(
            line: 2, column: 256,
            message: "lists and mappings nest more than 64 levels deep here; flatten the value"))
    }

    /// Block mappings, each key indented one more space, as a writer's
    /// editor could produce; 3,000 levels overflowed the stack.
    @Test func deeplyIndentedBlockMappingsAreAnError() {
        let lines = (0..<3_000).map { String(repeating: " ", count: $0) + "k\($0):\n" }
        let source = "---\n" + lines.joined() + "---\n"
        #expect(error(source) == MarkupError(
            line: 66, column: 65,
            message: "lists and mappings nest more than 64 levels deep here; flatten the value"))
    }

    /// The limit leaves room: 63 lists inside the root mapping still read.
    @Test func sixtyFourLevelsStillRead() throws {
        let nesting = YAMLReader.maximumDepth - 1
        let source = "---\na: " + String(repeating: "[", count: nesting) + "x" + String(repeating: "]", count: nesting) + "\n---\n"
        var value = try #require(try FrontMatter.split(source).frontMatter?["a"])
        var levels = 0
        while case .list(let items) = value.content, let first = items.first {
            levels += 1
            value = first
        }
        #expect(levels == 63)
        #expect(value.content == .string("x"))
    }
}

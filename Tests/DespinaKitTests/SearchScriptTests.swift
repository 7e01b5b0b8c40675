import Foundation
import Testing

/// Runs the search script's own tests (`node --test Tests/js/`): the shared
/// vectors that the Swift engine passes must give the same ranking in the
/// browser's script.
@Suite struct SearchScriptTests {
    static let node = findProgram("node", "nodejs")

    @Test(.enabled(if: node != nil || externalChecksRequired)) func searchScriptPassesTheSharedVectors() throws {
        guard let node = Self.node else {
            Issue.record("node is required (DESPINA_REQUIRE_EXTERNAL_CHECKS=1) but was not found")
            return
        }
        let result = try runProgram(node, ["--test", "Tests/js/"], currentDirectory: packageRoot.path)
        #expect(result.status == 0, "node --test failed:\n\(result.output)")
        #expect(result.output.contains("# fail 0"), "\(result.output)")
        #expect(!result.output.contains("# pass 0"), "no JavaScript test ran")
    }
}

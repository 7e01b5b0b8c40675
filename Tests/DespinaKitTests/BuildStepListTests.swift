import Foundation
import Testing
@testable import DespinaKit

/// The steps docs/architecture.md lists are the steps the build runs.
@Suite struct BuildStepListTests {
    @Test func theArchitectureTableListsEveryStepInTheOrderTheyRun() throws {
        let text = try String(contentsOf: packageRoot.appending(path: "docs/architecture.md"), encoding: .utf8)
        guard let table = text.components(separatedBy: "| step | what it does | runs on |").dropFirst().first else {
            Issue.record("docs/architecture.md has no table of steps")
            return
        }
        let names = table.split(separator: "\n").dropFirst()
            .prefix { $0.hasPrefix("| ") }
            .map { $0.dropFirst(2).prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces) }
        #expect(names == BuildStep.allCases.map(\.name))
    }

    @Test func verboseNamesEachStepFromTheList() throws {
        let fileSystem = MemoryFileSystem()
        try fileSystem.write(Array("---\ntitle: One\ndate: 2020-01-01\n---\nText.\n".utf8), to: "/site/Content/posts/one.md")
        let recorder = LogRecorder()
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: recorder.logger))
            .build(BuildOptions(siteDirectory: "/site"))
        let timed = recorder.lines.filter { $0.0 == .verbose }.map(\.1)
        let named = BuildStep.allCases.filter { step in timed.contains { $0.hasPrefix("  " + step.name + " ") } }
        // A first build runs every step, the side work included.
        #expect(named == BuildStep.allCases)
    }
}

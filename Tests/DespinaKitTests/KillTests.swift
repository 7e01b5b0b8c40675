import Foundation
import Testing
@testable import DespinaKit
#if canImport(Glibc)
import Glibc
#endif

/// A build killed with SIGKILL at any moment leaves the old site or the new
/// one in Output/, never a mix, and the next build leaves no staging folder.
@Suite(.serialized, .tags(.slow), .disabled(if: quickTestsOnly, quickTestsNote)) struct KillTests {
    /// Writes `count` posts whose text depends on `version`.
    func writePosts(_ site: String, count: Int, version: String) throws {
        for index in 0..<count {
            let text = """
            ---
            title: "Post \(index) \(version)"
            date: 2020-01-\(index % 28 + 1 < 10 ? "0" : "")\(index % 28 + 1) 10:\(index % 60 < 10 ? "0" : "")\(index % 60)
            tags: [t\(index % 7), \(version)]
            description: Version \(version) of post \(index).
            ---

            ## Heading \(version)

            \(String(repeating: "Words of version \(version) in post \(index). ", count: 40))

            ```swift
            let version = "\(version)"
            ```
            """
            try text.write(toFile: "\(site)/Content/posts/p\(index).md", atomically: true, encoding: .utf8)
        }
    }

    func run(_ executable: String, _ arguments: [String], killAfter delay: Double?) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let delay {
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    @Test func aKilledBuildLeavesTheOldSiteOrTheNewOne() throws {
        guard let executable = CommandLineTests.executable else {
            Issue.record("the despina executable is not built; run swift build --build-tests first")
            return
        }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = folder + "/site"
        try FileManager.default.createDirectory(atPath: site + "/Content/posts", withIntermediateDirectories: true)
        let postCount = 150

        // The two sites every build moves between, each built once in full.
        var expected: [String: [String: Data]] = [:]
        var seconds = 0.0
        for version in ["old", "new"] {
            try writePosts(site, count: postCount, version: version)
            let start = Date()
            try run(executable, ["build", site, "--output", "\(folder)/reference-\(version)"], killAfter: nil)
            seconds = max(seconds, Date().timeIntervalSince(start))
            expected[version] = try snapshot(of: "\(folder)/reference-\(version)")
            #expect(expected[version]?["posts/p0/index.html"] != nil)
        }
        #expect(expected["old"] != expected["new"])

        try writePosts(site, count: postCount, version: "old")
        try run(executable, ["build", site], killAfter: nil)
        var current = "old"
        #expect(try snapshot(of: site + "/Output") == expected["old"])

        // Twenty-four kill points spread over a whole build, each a build
        // from the site that is in Output/ to the other one.
        var outcomes: [String: Int] = [:]
        for point in 0..<24 {
            let target = current == "old" ? "new" : "old"
            try writePosts(site, count: postCount, version: target)
            let delay = seconds * 1.2 * Double(point) / 23
            try run(executable, ["build", site], killAfter: delay)
            let output = try snapshot(of: site + "/Output")
            let state = output == expected[current] ? current : output == expected[target] ? target : "mixed"
            #expect(state != "mixed", "kill point \(point) (\(delay) s) left a mix of the two sites")
            outcomes[state == current ? "old site kept" : "new site in place", default: 0] += 1
            if state == target { current = target }
        }
        print("kill test: \(outcomes) over 24 kill points of a \(String(format: "%.2f", seconds)) s build")

        // The next build finishes the job and leaves nothing behind.
        try run(executable, ["build", site], killAfter: nil)
        let final = try snapshot(of: site + "/Output")
        #expect(final == expected["old"] || final == expected["new"])
        #expect(!FileManager.default.fileExists(atPath: site + "/.Output.staging"), "a staging folder was left")
    }
}

import Foundation
import Testing
@testable import DespinaKit

/// Builds the fixture site and compares every output file with the golden
/// copy in `Fixtures/site-expected`. Set DESPINA_UPDATE_GOLDEN=1 to rewrite
/// the golden copy after an intended change, and review the diff.
@Suite(.serialized) struct GoldenSiteTests {
    func build(_ site: String, output: String, recorder: LogRecorder = LogRecorder()) throws -> BuildSummary {
        let environment = BuildEnvironment(fileSystem: LocalFileSystem(), now: { fixedNow }, log: recorder.logger)
        var options = BuildOptions(siteDirectory: site)
        options.outputDirectory = output
        return try SiteBuilder(environment: environment).build(options)
    }

    @Test func fixtureSiteMatchesGoldenFiles() throws {
        let site = try copyFixture("site")
        let output = site + "/Output"
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        _ = try build(site, output: output)
        let everything = try snapshot(of: output)
        // The theme's assets are copied as they are: compare them with the
        // theme itself instead of keeping a second copy among the golden files.
        let themeAssets = try snapshot(of: packageRoot.appending(path: "Templates/assets").path)
        for (name, data) in themeAssets {
            #expect(everything["assets/" + name] == data, "assets/\(name) is not the theme's file")
        }
        let actual = everything.filter { !$0.key.hasPrefix("assets/") }
        let goldenPath = fixturesDirectory.appending(path: "site-expected").path
        if ProcessInfo.processInfo.environment["DESPINA_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(atPath: goldenPath)
            for (path, data) in actual {
                let url = URL(fileURLWithPath: goldenPath + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
        }
        let expected = try snapshot(of: goldenPath)
        #expect(actual.keys.sorted() == expected.keys.sorted())
        for (path, data) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(actual[path] == data, "\(path) differs from its golden copy")
        }
    }

    @Test func secondBuildIsByteIdentical() throws {
        let site = try copyFixture("site")
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        _ = try build(site, output: site + "/Output")
        let first = try snapshot(of: site + "/Output")
        _ = try build(site, output: site + "/Output")
        let second = try snapshot(of: site + "/Output")
        #expect(first == second)
        #expect(!first.isEmpty)
    }
}

import Foundation
import Testing
@testable import DespinaKit

/// The test mode that makes every file a build would keep by its
/// fingerprint and compares the bytes: it finds a fingerprint that misses
/// an input, which the plain build turns into a stale page.
@Suite struct KeptOutputCheckTests {
    let fileSystem = MemoryFileSystem(files: [:])

    func folder(verifiesKept: Bool) -> OutputFolder {
        OutputFolder(path: "/site/Output", fileSystem: fileSystem, manifestDirectory: "/site/.despina/output",
                     verifiesKept: verifiesKept)
    }

    /// A page made from a value ("Light") that its fingerprint, 7, leaves out.
    func firstGeneration() throws {
        let output = folder(verifiesKept: false)
        try output.prepare(force: false)
        try output.write(Array("Light".utf8), to: "tags/swift/index.html", fingerprint: 7)
        try output.write(Array("index".utf8), to: "search/1.json", fingerprint: 5)
        try output.write(Array("part".utf8), to: "search/2.json", fingerprint: 5)
        try output.commit()
    }

    @Test func thePlainBuildKeepsAPageWhoseFingerprintMissesAnInput() throws {
        try firstGeneration()
        let output = folder(verifiesKept: false)
        try output.prepare(force: false)
        // The left-out value is now "Dark": same fingerprint, the page is kept stale.
        #expect(output.keep("tags/swift/index.html", fingerprint: 7))
    }

    @Test func theCheckRendersTheKeptPageAndNamesItWhenItDiffers() throws {
        try firstGeneration()
        let output = folder(verifiesKept: true)
        try output.prepare(force: false)
        #expect(!output.keep("tags/swift/index.html", fingerprint: 7), "the page is made anyway")
        let error = #expect(throws: Diagnostic.self) {
            try output.write(Array("Dark".utf8), to: "tags/swift/index.html", fingerprint: 7)
        }
        #expect(error?.description == "Output/tags/swift/index.html: error: "
            + "kept by its fingerprint but renders differently; the fingerprint misses an input")
    }

    @Test func theCheckPassesWhenTheKeptPageRendersTheSame() throws {
        try firstGeneration()
        let output = folder(verifiesKept: true)
        try output.prepare(force: false)
        #expect(!output.keep("tags/swift/index.html", fingerprint: 7))
        #expect(output.keepAll(where: { $0.hasPrefix("search/") }, whenFile: "search/1.json", wasMadeFrom: 5) == 0)
        try output.write(Array("Light".utf8), to: "tags/swift/index.html", fingerprint: 7)
        try output.write(Array("index".utf8), to: "search/1.json", fingerprint: 5)
        try output.write(Array("part".utf8), to: "search/2.json", fingerprint: 5)
        try output.commit()
        #expect(output.unchangedCount == 3)
    }

    @Test func aKeptFileTheBuildNoLongerMakesIsNamed() throws {
        try firstGeneration()
        let output = folder(verifiesKept: true)
        try output.prepare(force: false)
        #expect(output.keepAll(where: { $0.hasPrefix("search/") }, whenFile: "search/1.json", wasMadeFrom: 5) == 0)
        try output.write(Array("Light".utf8), to: "tags/swift/index.html", fingerprint: 7)
        try output.write(Array("index".utf8), to: "search/1.json", fingerprint: 5)
        let error = #expect(throws: Diagnostic.self) { try output.commit() }
        #expect(error?.description == "Output/search/2.json: error: "
            + "kept by its fingerprint but no longer made; the fingerprint misses an input")
    }

    /// A whole build: a list page changed behind the build's back stands
    /// for one rendered from an input its fingerprint leaves out.
    @Test func aBuildUnderTheCheckFailsOnAStalePage() throws {
        let site = MemoryFileSystem(files: [
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\ntags: [swift]\n---\n\nText.\n",
        ])
        func build(verifiesKept: Bool) throws -> BuildSummary {
            var options = BuildOptions(siteDirectory: "/site")
            options.verifiesKeptOutput = verifiesKept
            return try SiteBuilder(environment: BuildEnvironment(fileSystem: site, now: { fixedNow }, log: .silent))
                .run(options).summary
        }
        _ = try build(verifiesKept: false)
        try site.write(Array("stale".utf8), to: "/site/Output/tags/swift/index.html")
        _ = try build(verifiesKept: false)
        #expect(try site.text(of: "/site/Output/tags/swift/index.html") == "stale", "kept by its fingerprint")
        let failure = #expect(throws: BuildFailure.self) { try build(verifiesKept: true) }
        #expect(failure?.description == "Output/tags/swift/index.html: error: "
            + "kept by its fingerprint but renders differently; the fingerprint misses an input")
    }
}

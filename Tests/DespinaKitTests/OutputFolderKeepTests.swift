import Foundation
import Testing
@testable import DespinaKit

/// A file made from the same inputs as before is kept, not made again:
/// from the output, or from the previous site when the output is gone.
@Suite struct OutputFolderKeepTests {
    let fileSystem = MemoryFileSystem(files: [:])

    func folder() -> OutputFolder {
        OutputFolder(path: "/site/Output", fileSystem: fileSystem, manifestDirectory: "/site/.despina/output")
    }

    /// Builds a first generation and its previous site of links.
    func firstGeneration() throws {
        let output = folder()
        try output.prepare(force: false)
        try output.write(Array("a".utf8), to: "a/index.html", fingerprint: 7)
        try output.write(Array("b".utf8), to: "b/index.html", fingerprint: 8)
        try output.write(Array("index 1".utf8), to: "search/1.json", fingerprint: 5)
        try output.write(Array("index 2".utf8), to: "search/2.json", fingerprint: 5)
        // A part of the index made from fewer inputs than the whole.
        try output.write(Array("index part".utf8), to: "search/d/0.json", fingerprint: 12)
        try output.commit()
        #expect(try output.mirrorIntoPrevious())
        #expect(try !output.mirrorIntoPrevious(), "a previous site is there already")
    }

    @Test func theOutputIsKeptFromWhenItIsThere() throws {
        try firstGeneration()
        let output = folder()
        try output.prepare(force: false)
        #expect(output.keep("a/index.html", fingerprint: 7))
        #expect(!output.keep("b/index.html", fingerprint: 9))
        #expect(!output.keep("c/index.html", fingerprint: 8))
        #expect(!output.keep("a/index.html", fingerprint: 0), "0 means the inputs are not known")
    }

    @Test func theOutputDeletedTheFilesAreKeptFromThePreviousSite() throws {
        try firstGeneration()
        try fileSystem.removeItem(at: "/site/Output")
        let output = folder()
        try output.prepare(force: false)
        #expect(output.keep("a/index.html", fingerprint: 7))
        #expect(!output.keep("b/index.html", fingerprint: 9))
        #expect(output.keepAll(where: { $0.hasPrefix("search/") }, whenFile: "search/1.json", wasMadeFrom: 5) == 3)
        try output.write(Array("b, edited".utf8), to: "b/index.html", fingerprint: 9)
        try output.commit()
        #expect(fileSystem.allFiles.filter { $0.hasPrefix("/site/Output/") } == [
            "/site/Output/.despina-output", "/site/Output/a/index.html", "/site/Output/b/index.html",
            "/site/Output/search/1.json", "/site/Output/search/2.json", "/site/Output/search/d/0.json",
        ])
        #expect(try fileSystem.text(of: "/site/Output/a/index.html") == "a")
        #expect(try fileSystem.text(of: "/site/Output/b/index.html") == "b, edited")
        #expect(output.unchangedCount == 4)
    }

    /// The output stays in place only when the new site is the same file
    /// for file: a file with the same bytes made from other inputs, a file
    /// kept from the previous site, or one file fewer all make a new
    /// generation, whose manifest the next build keeps by.
    @Test func onlyTheSameSiteLeavesTheOutputInPlace() throws {
        func generation(_ make: (OutputFolder) throws -> Void) throws -> String? {
            let output = folder()
            try output.prepare(force: false)
            try make(output)
            try output.commit()
            return output.committedManifestIdentifier
        }
        try firstGeneration()
        let first = try fileSystem.text(of: "/site/Output/.despina-output")
        func writeAll(_ output: OutputFolder, fingerprintOfA: UInt64 = 7) throws {
            try output.write(Array("a".utf8), to: "a/index.html", fingerprint: fingerprintOfA)
            try output.write(Array("b".utf8), to: "b/index.html", fingerprint: 8)
            #expect(output.keepAll(where: { $0.hasPrefix("search/") }, whenFile: "search/1.json", wasMadeFrom: 5) == 3)
        }
        _ = try generation { try writeAll($0) }
        #expect(try fileSystem.text(of: "/site/Output/.despina-output") == first, "nothing changed: nothing moved")

        let refingerprinted = try generation { try writeAll($0, fingerprintOfA: 70) }
        #expect(refingerprinted != nil)
        let output = folder()
        try output.prepare(force: false)
        #expect(output.keep("a/index.html", fingerprint: 70), "the new fingerprint was recorded")

        _ = try generation { output in
            try output.write(Array("a".utf8), to: "a/index.html", fingerprint: 70)
            #expect(output.keepAll(where: { $0.hasPrefix("search/") }, whenFile: "search/1.json", wasMadeFrom: 5) == 3)
        }
        #expect(!fileSystem.exists("/site/Output/b/index.html"), "one file fewer is a new site")
    }

    @Test func theSearchIndexIsKeptOnlyWhenItsEntryFileMatches() throws {
        try firstGeneration()
        try fileSystem.removeItem(at: "/site/Output")
        let output = folder()
        try output.prepare(force: false)
        #expect(output.keepAll(where: { $0.hasPrefix("search/") }, whenFile: "search/1.json", wasMadeFrom: 6) == 0)
        #expect(!output.holds("search/1.json"))
    }
}

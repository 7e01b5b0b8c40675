import Foundation
import Synchronization
import Testing
@testable import DespinaKit

/// A file system in memory whose writes to one file fail, like a full disk.
final class FailingFileSystem: WrappingFileSystem {
    let base = MemoryFileSystem()
    /// Writes to paths ending with this fail; nil lets every write through.
    let failingSuffix: Mutex<String?> = Mutex(nil)

    func write(_ bytes: [UInt8], to path: String) throws {
        if let suffix = failingSuffix.withLock({ $0 }), path.hasSuffix(suffix) {
            throw FileSystemError(path: path, reason: "No space left on device")
        }
        try base.write(bytes, to: path)
    }

    /// Every file below `folder` with its bytes.
    func files(below folder: String) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for path in base.allFiles where path.hasPrefix(folder + "/") {
            result[path] = try base.contents(of: path)
        }
        return result
    }
}

/// A build that stops half-way (a write fails) or finds what an
/// interrupted build left behind still leaves a whole site.
@Suite struct InterruptedBuildTests {
    func build(_ fileSystem: some FileSystem) throws(BuildFailure) -> BuildSummary {
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        return try SiteBuilder(environment: environment).build(BuildOptions(siteDirectory: "/site"))
    }

    func makeSite() throws -> FailingFileSystem {
        let fileSystem = FailingFileSystem()
        try fileSystem.write(Array("---\ntitle: First\ndate: 2025-01-02\n---\nHello.\n".utf8), to: "/site/Content/posts/first.md")
        return fileSystem
    }

    @Test func failedWriteKeepsThePreviousSite() throws {
        let fileSystem = try makeSite()
        _ = try build(fileSystem)
        let before = try fileSystem.files(below: "/site/Output")
        #expect(before["/site/Output/posts/first/index.html"] != nil)

        try fileSystem.write(Array("---\ntitle: Second\ndate: 2025-01-03\n---\nHi.\n".utf8), to: "/site/Content/posts/second.md")
        fileSystem.failingSuffix.withLock { $0 = "/posts/second/index.html" }
        do {
            _ = try build(fileSystem)
            Issue.record("the build succeeded")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "/site/Output: error: cannot write the site: "
                    + "/site/.Output.staging/posts/second/index.html: No space left on device",
            ])
        }
        #expect(try fileSystem.files(below: "/site/Output") == before)
        #expect(!fileSystem.exists("/site/.Output.staging"))

        fileSystem.failingSuffix.withLock { $0 = nil }
        _ = try build(fileSystem)
        #expect(fileSystem.exists("/site/Output/posts/second/index.html"))
    }

    @Test func leftoverStagingFolderIsReplaced() throws {
        let fileSystem = try makeSite()
        try fileSystem.write(Array("half".utf8), to: "/site/.Output.staging/posts/stale/index.html")
        _ = try build(fileSystem)
        #expect(!fileSystem.exists("/site/Output/posts/stale/index.html"))
        #expect(fileSystem.exists("/site/Output/posts/first/index.html"))
        #expect(!fileSystem.exists("/site/.Output.staging"))
    }
}

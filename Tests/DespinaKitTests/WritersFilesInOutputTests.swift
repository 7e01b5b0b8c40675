import Foundation
import Testing
@testable import DespinaKit
#if canImport(Glibc)
import Glibc
#endif

/// Files and folders a writer keeps at the top of the output (a `.git`
/// to deploy from, a `CNAME`) stay there, build after build, `--clean`
/// included, and are never deleted.
@Suite struct WritersFilesInOutputTests {
    let writersFiles = [
        ".git/HEAD": "ref: refs/heads/main\n",
        ".git/objects/ab/cdef": "object",
        "CNAME": "blog.example.com\n",
        ".nojekyll": "",
    ]

    func post(_ title: String) -> [UInt8] {
        Array("---\ntitle: \(title)\ndate: 2025-01-02\n---\n\nText of \(title).\n".utf8)
    }

    func build(_ fileSystem: any FileSystem, site: String, clean: Bool = false) throws -> BuildSummary {
        var options = BuildOptions(siteDirectory: site)
        options.clean = clean
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        return try SiteBuilder(environment: environment).build(options)
    }

    func expectWritersFiles(in fileSystem: any FileSystem, site: String, _ comment: Comment) throws {
        for (path, text) in writersFiles {
            #expect(try fileSystem.contents(of: "\(site)/Output/\(path)") == Array(text.utf8), comment)
            #expect(!fileSystem.exists("\(site)/.Output.previous/\(path)"), comment)
        }
    }

    @Test func theWritersFilesStayThroughEditsUnchangedBuildsAndClean() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fileSystem = LocalFileSystem()
        let site = folder + "/site"
        try fileSystem.write(post("One"), to: site + "/Content/posts/one.md")
        _ = try build(fileSystem, site: site)
        for (path, text) in writersFiles { try fileSystem.write(Array(text.utf8), to: "\(site)/Output/\(path)") }
        func inode(_ path: String) -> UInt64 {
            var status = stat()
            return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
        }
        let head = inode(site + "/Output/.git/HEAD")

        try fileSystem.write(post("Two"), to: site + "/Content/posts/two.md")
        #expect(try build(fileSystem, site: site).warnings.isEmpty)
        try expectWritersFiles(in: fileSystem, site: site, "after an edit")
        #expect(try build(fileSystem, site: site).warnings.isEmpty)
        try expectWritersFiles(in: fileSystem, site: site, "after a build with nothing changed")
        try fileSystem.write(post("Three"), to: site + "/Content/posts/three.md")
        _ = try build(fileSystem, site: site)
        try expectWritersFiles(in: fileSystem, site: site, "after a second edit")
        #expect(try build(fileSystem, site: site, clean: true).warnings.isEmpty)
        try expectWritersFiles(in: fileSystem, site: site, "after --clean")
        try fileSystem.removeItem(at: site + "/Content/posts/two.md")
        _ = try build(fileSystem, site: site)
        try expectWritersFiles(in: fileSystem, site: site, "after a build following --clean")
        #expect(!fileSystem.exists(site + "/Output/posts/two/index.html"), "the removed post's page is gone")
        // Renamed, never copied: the writer's files are the very same files.
        #expect(inode(site + "/Output/.git/HEAD") == head)
    }

    @Test func withoutARecordOfTheOldOutputWhatTheBuildDidNotMakeIsKeptAndNamed() throws {
        let fileSystem = MemoryFileSystem()
        try fileSystem.write(post("One"), to: "/site/Content/posts/one.md")
        try fileSystem.write(post("Two"), to: "/site/Content/posts/two.md")
        _ = try build(fileSystem, site: "/site")
        try fileSystem.write(Array("blog.example.com\n".utf8), to: "/site/Output/CNAME")
        // The cache, and with it the record of what the old output holds, is deleted.
        try fileSystem.removeItem(at: "/site/.despina")
        try fileSystem.removeItem(at: "/site/Content/posts/two.md")
        try fileSystem.write(Array("---\ntitle: One\ndate: 2025-01-02\nslug: first\n---\n\nText.\n".utf8), to: "/site/Content/posts/one.md")
        let summary = try build(fileSystem, site: "/site")
        #expect(summary.warnings.map(\.description) == [
            "/site/Output: warning: kept 1 name this build did not make (CNAME): "
                + "Despina keeps what it did not make; delete any that are pages of an earlier build",
        ])
        #expect(try fileSystem.contents(of: "/site/Output/CNAME") == Array("blog.example.com\n".utf8))
        // Folders the new site makes are the new site's: `posts/` holds only its pages.
        #expect(!fileSystem.exists("/site/Output/posts/two/index.html"))
        #expect(fileSystem.exists("/site/Output/posts/first/index.html"))
        // Now the record is there: the next build keeps the file and says nothing.
        try fileSystem.write(post("Three"), to: "/site/Content/posts/three.md")
        #expect(try build(fileSystem, site: "/site").warnings.isEmpty)
        #expect(fileSystem.exists("/site/Output/CNAME"))
    }

    @Test func aBuildStoppedBeforeTheSwapPutsTheWritersFilesBack() throws {
        let fileSystem = MemoryFileSystem()
        try fileSystem.write(post("One"), to: "/site/Content/posts/one.md")
        _ = try build(fileSystem, site: "/site")
        // A second build replaces the output and keeps the first as the previous site.
        try fileSystem.write(post("Zero"), to: "/site/Content/posts/zero.md")
        _ = try build(fileSystem, site: "/site")
        try fileSystem.write(Array("ref\n".utf8), to: "/site/Output/.git/HEAD")
        try fileSystem.write(Array("x\n".utf8), to: "/site/Output/CNAME")
        // As a build killed between moving them and the swap leaves them:
        // in a staging folder whose marker names a known manifest.
        try fileSystem.createDirectory(at: "/site/.Output.staging")
        try fileSystem.move("/site/Output/.git", to: "/site/.Output.staging/.git")
        try fileSystem.write(
            fileSystem.contents(of: "/site/Output/.despina-output"), to: "/site/.Output.staging/.despina-output")
        // And as an older Despina left one: in the previous site.
        try fileSystem.move("/site/Output/CNAME", to: "/site/.Output.previous/CNAME")
        try fileSystem.write(post("Two"), to: "/site/Content/posts/two.md")
        _ = try build(fileSystem, site: "/site")
        #expect(try fileSystem.contents(of: "/site/Output/.git/HEAD") == Array("ref\n".utf8))
        #expect(try fileSystem.contents(of: "/site/Output/CNAME") == Array("x\n".utf8))
        #expect(!fileSystem.exists("/site/.Output.staging"))
    }

    @Test func aSwapThatFailsLeavesTheWritersFilesInTheOutput() throws {
        let fileSystem = ExchangeFailingFileSystem()
        try fileSystem.write(post("One"), to: "/site/Content/posts/one.md")
        _ = try build(fileSystem, site: "/site")
        try fileSystem.write(Array("ref\n".utf8), to: "/site/Output/.git/HEAD")
        try fileSystem.write(post("Two"), to: "/site/Content/posts/two.md")
        fileSystem.failsExchange = true
        #expect(throws: BuildFailure.self) { try build(fileSystem, site: "/site") }
        #expect(try fileSystem.contents(of: "/site/Output/.git/HEAD") == Array("ref\n".utf8))
        #expect(!fileSystem.exists("/site/Output/posts/two/index.html"), "the old site stays")
    }
}

/// A file system in memory whose swap of two folders fails when told to.
final class ExchangeFailingFileSystem: WrappingFileSystem, @unchecked Sendable {
    let base = MemoryFileSystem()
    var failsExchange = false

    func exchange(_ first: String, _ second: String) throws {
        if failsExchange { throw FileSystemError(path: second, reason: "Input/output error") }
        try base.exchange(first, second)
    }
}

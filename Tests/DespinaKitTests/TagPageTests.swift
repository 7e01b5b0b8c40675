import Foundation
import Testing
@testable import DespinaKit

/// Tag and series pages: one per name that can have an address, names
/// that differ in `+` or `#` kept apart, and a post's tags bounded so that
/// the pages they make grow with the site, not with the square of one post.
@Suite struct TagPageTests {
    func build(_ fileSystem: MemoryFileSystem) throws -> LogRecorder {
        let recorder = LogRecorder()
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: recorder.logger)
        _ = try SiteBuilder(environment: environment).build(BuildOptions(siteDirectory: "/site"))
        return recorder
    }

    @Test func tagsThatDifferInPlusOrSharpHavePagesOfTheirOwnAndEmptyOnesAreNamed() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/langs.md": "---\ntitle: Languages\ndate: 2025-01-02\n"
                + "tags: [C++, C#, c, \"...\", \"!!!\", \" \", Swift, swift]\nseries: \"...\"\n---\n\nText.\n",
        ])
        let recorder = try build(fileSystem)
        #expect(recorder.warnings == [
            "Content/posts/langs.md:4:7: warning: the tag '...' has no letter or digit to make its page's address from; it is left out",
            "Content/posts/langs.md:4:7: warning: the tag '!!!' has no letter or digit to make its page's address from; it is left out",
            "Content/posts/langs.md:5:9: warning: the series '...' has no letter or digit to make its page's address from; it is left out",
        ])
        let tagFolders = try fileSystem.entries(of: "/site/Output/tags").filter { $0.kind == .directory }.map(\.name)
        #expect(tagFolders == ["c", "c-plus-plus", "c-sharp", "swift"])
        #expect(try fileSystem.text(of: "/site/Output/tags/c-plus-plus/index.html").contains("C++"))
        #expect(try fileSystem.text(of: "/site/Output/tags/c-sharp/index.html").contains("C#"))
        let seriesFolders = try fileSystem.entries(of: "/site/Output/series").filter { $0.kind == .directory }
        #expect(seriesFolders.isEmpty, "no series page for a series without an address")
        #expect(try !fileSystem.text(of: "/site/Output/posts/langs/index.html").contains("/tags//"))
    }

    @Test func aPostWithThousandsOfTagsMakesPagesForTheFirstHundred() throws {
        let tags = (0..<4_000).map { "tag\($0)" }.joined(separator: ", ")
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/many.md": "---\ntitle: Many\ndate: 2025-01-02\ntags: [\(tags)]\n---\n\nText.\n",
        ])
        let recorder = try build(fileSystem)
        #expect(recorder.warnings == [
            "Content/posts/many.md:4:7: warning: 4000 tags; the first 100 are used and the rest left out "
                + "(every tag's page lists the tags of its posts)",
        ])
        let tagFolders = try fileSystem.entries(of: "/site/Output/tags").filter { $0.kind == .directory }
        #expect(tagFolders.count == 100)
        // A count of bytes, not of seconds: 4,000 tags wrote 1.8 GB before.
        let written = fileSystem.allFiles.filter { $0.hasPrefix("/site/Output/") }
            .reduce(0) { $0 + (fileSystem.info(at: $1)?.size ?? 0) }
        #expect(written < 12_000_000, "\(written) bytes")
    }
}

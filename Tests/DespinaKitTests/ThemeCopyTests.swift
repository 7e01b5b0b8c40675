import Foundation
import Testing
@testable import DespinaKit

/// `despina copy-theme` writes the built-in theme into the site's
/// `Templates/` and leaves the writer's own files alone.
@Suite struct ThemeCopyTests {
    func copy(_ files: [String: String]) throws -> (MemoryFileSystem, ThemeCopy.Outcome) {
        let fileSystem = MemoryFileSystem(files: files)
        let outcome = try ThemeCopy(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .copy(intoSite: "/site")
        return (fileSystem, outcome)
    }

    @Test func everyFileOfTheThemeIsWrittenAsItIs() throws {
        let (fileSystem, outcome) = try copy(["/site/despina.yml": "title: T\n"])
        #expect(outcome.written == Theme.builtinFiles.map { "Templates/" + $0.path })
        #expect(outcome.skipped == [])
        for file in Theme.builtinFiles {
            #expect(try fileSystem.contents(of: "/site/Templates/" + file.path) == file.bytes, "\(file.path)")
        }
        #expect(outcome.written.contains("Templates/layout.mustache"))
        #expect(outcome.written.contains("Templates/assets/style.css"))
    }

    /// A file of the same name, or the same template under the other
    /// extension, is the writer's: kept as it is and listed as skipped.
    @Test func theSitesOwnFilesAreSkippedNotOverwritten() throws {
        let (fileSystem, outcome) = try copy([
            "/site/despina.yml": "title: T\n",
            "/site/Templates/layout.mustache": "mine",
            "/site/Templates/post.html": "mine too",
            "/site/Templates/assets/style.css": "body {}",
        ])
        #expect(outcome.skipped == ["Templates/assets/style.css", "Templates/layout.mustache", "Templates/post.mustache"])
        #expect(outcome.written.count == Theme.builtinFiles.count - 3)
        #expect(try fileSystem.text(of: "/site/Templates/layout.mustache") == "mine")
        #expect(try fileSystem.text(of: "/site/Templates/post.html") == "mine too")
        #expect(try fileSystem.text(of: "/site/Templates/assets/style.css") == "body {}")
        #expect(!fileSystem.exists("/site/Templates/post.mustache"))
        // The site builds with the copy: no template is there twice.
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        try fileSystem.write(Array("---\ntitle: A\ndate: 2020-01-01\n---\nText.\n".utf8), to: "/site/Content/posts/a.md")
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)).build(options)
        #expect(try fileSystem.text(of: "/site/Output/posts/a/index.html") == "mine too")
    }

    @Test func outsideASiteNothingIsWritten() throws {
        let fileSystem = MemoryFileSystem(files: ["/elsewhere/notes.txt": "x"])
        #expect(throws: Diagnostic(
            path: "/elsewhere",
            message: "no site here (no despina.yml and no Content folder); make one with despina init")) {
            try ThemeCopy(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
                .copy(intoSite: "/elsewhere")
        }
        #expect(!fileSystem.exists("/elsewhere/Templates"))
    }
}

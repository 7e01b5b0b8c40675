import Testing
@testable import DespinaKit

/// The preview's remembered scan: taken again, with fresh signatures, when
/// only files it lists changed; refused when anything else in `Content/` did.
@Suite struct ScanMemoryTests {
    static let post = "---\ntitle: First\ndate: 2025-01-02\n---\nHello.\n"

    private func remembered() throws -> (MemoryFileSystem, ScanMemory) {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/a.md": Self.post, "/site/Content/posts/b.md": Self.post,
            "/site/Templates/post.mustache": "{{title}}",
        ])
        let first = try ContentScanner(fileSystem: fileSystem, siteDirectory: "/site").scan()
        let memory = ScanMemory()
        memory.remember(ScanMemory.Scan(files: first.files, warnings: first.warnings, signatures: [:]), of: "/site")
        return (fileSystem, memory)
    }

    @Test func anEditedFileOfTheScanGetsItsNewSignatureOnly() throws {
        let (fileSystem, memory) = try remembered()
        try fileSystem.write(Array((Self.post + "More.\n").utf8), to: "/site/Content/posts/b.md")
        memory.noteChanges(["/site/Content/posts/b.md", "/site/Templates/post.mustache"])
        let scan = try #require(memory.scan(of: "/site", fileSystem: fileSystem))
        #expect(scan.files.map(\.relativePath) == ["Content/posts/a.md", "Content/posts/b.md"])
        #expect(Array(scan.signatures.keys) == ["Content/posts/b.md"])
        #expect(scan.signatures["Content/posts/b.md"]?.size == Self.post.utf8.count + 6)
    }

    /// A few changed paths are compared one by one, many looked up in a set:
    /// both ways find the same files.
    @Test(arguments: [1, 7, 8, 12])
    func anyNumberOfEditedFilesIsFound(count: Int) throws {
        let names = (0..<12).map { "/site/Content/posts/p\($0).md" }
        let fileSystem = MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: names.map { ($0, Self.post) }))
        let first = try ContentScanner(fileSystem: fileSystem, siteDirectory: "/site").scan()
        let memory = ScanMemory()
        memory.remember(ScanMemory.Scan(files: first.files, warnings: first.warnings, signatures: [:]), of: "/site")
        memory.noteChanges(Array(names.prefix(count)))
        let scan = try #require(memory.scan(of: "/site", fileSystem: fileSystem))
        #expect(Set(scan.signatures.keys) == Set(names.prefix(count).map { String($0.dropFirst("/site/".count)) }))
        memory.remember(scan, of: "/site")
        memory.noteChanges(Array(names.prefix(count - 1)) + ["/site/Content/posts/new.md"])
        #expect(memory.scan(of: "/site", fileSystem: fileSystem) == nil)
    }

    @Test func aFileTheScanDoesNotListMakesTheBuildScanAgain() throws {
        let (fileSystem, memory) = try remembered()
        try fileSystem.write(Array(Self.post.utf8), to: "/site/Content/posts/c.md")
        memory.noteChanges(["/site/Content/posts/a.md", "/site/Content/posts/c.md"])
        #expect(memory.scan(of: "/site", fileSystem: fileSystem) == nil)
    }

    @Test func aChangeBesideContentThatEveryBuildDoesNotReadMakesItScanAgain() throws {
        let (fileSystem, memory) = try remembered()
        memory.noteChanges(["/site/notes.md"])
        #expect(memory.scan(of: "/site", fileSystem: fileSystem) == nil)
    }

    @Test func theChangesAreConsumedByTheBuildThatAskedFirst() throws {
        let (fileSystem, memory) = try remembered()
        memory.noteChanges(["/site/Content/posts/a.md"])
        #expect(memory.scan(of: "/site", fileSystem: fileSystem) != nil)
        #expect(memory.scan(of: "/site", fileSystem: fileSystem) == nil)
    }
}

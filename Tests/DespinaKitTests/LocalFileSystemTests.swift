import Foundation
import Testing
@testable import DespinaKit

@Suite struct LocalFileSystemTests {
    /// Files are written without asking for their folder first; missing
    /// folders, at any depth, are made when the file cannot be opened.
    @Test func writingMakesMissingFoldersAtAnyDepth() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        try fileSystem.write(Array("one".utf8), to: root + "/a/b/c/one.txt")
        try fileSystem.write(Array("two".utf8), to: root + "/a/b/two.txt")
        try fileSystem.write(Array("new".utf8), to: root + "/a/b/two.txt")
        #expect(try fileSystem.text(of: root + "/a/b/c/one.txt") == "one")
        #expect(try fileSystem.text(of: root + "/a/b/two.txt") == "new")
        try fileSystem.createDirectory(at: root + "/a/b/c")
        try fileSystem.createDirectory(at: root + "/x/y")
        #expect(fileSystem.isDirectory(root + "/x/y"))
    }

    /// Files of every size read back whole: empty, small, and past the
    /// sizes a read loop might use as its unit.
    @Test(arguments: [0, 1, 4095, 4096, 65_537, 3_000_001])
    func filesReadBackWhole(size: Int) throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try fileSystem.write(bytes, to: root + "/file.bin")
        #expect(try fileSystem.contents(of: root + "/file.bin") == bytes)
    }

    /// Reading a file early changes nothing about reading it, and a path
    /// that cannot be read is left to the read that follows.
    @Test func prefetchingLeavesReadsAsTheyAre() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        try fileSystem.write(Array("post".utf8), to: root + "/post.md")
        fileSystem.prefetch(root + "/post.md")
        fileSystem.prefetch(root + "/missing.md")
        fileSystem.prefetch(root)
        #expect(try fileSystem.contents(of: root + "/post.md") == Array("post".utf8))
        #expect(throws: FileSystemError.self) { try fileSystem.contents(of: root + "/missing.md") }
    }

    /// A file whose size the system does not know ahead (those of `/proc`
    /// say 0) is read to its end all the same.
    @Test func aFileLongerThanItsStatedSizeIsReadToTheEnd() throws {
        let text = try LocalFileSystem().contents(of: "/proc/self/status")
        #expect(text.count > 100)
        #expect(String(decoding: text, as: UTF8.self).contains("Name:"))
        #expect(throws: FileSystemError.self) { try LocalFileSystem().contents(of: "/proc/self") }
    }

    /// A mapped file gives its bytes; replacing it puts the new bytes in
    /// place and leaves the old mapping whole (the cache's records read
    /// their HTML from it after the file was saved again).
    @Test func replacingAMappedFileKeepsTheMappingWhole() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        let old = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        try fileSystem.write(old, to: root + "/cache/00")
        let mapped = try fileSystem.sharedContents(of: root + "/cache/00")
        try fileSystem.replaceFile(at: root + "/cache/00", with: Array("new".utf8))
        #expect(Array(mapped.buffer) == old)
        #expect(try fileSystem.text(of: root + "/cache/00") == "new")
        #expect(try fileSystem.entries(of: root + "/cache").map(\.name) == ["00"])
        #expect(try fileSystem.sharedContents(of: root + "/cache/00").bytes(in: 0..<3) == Array("new".utf8))
    }

    /// A file opened for reads gives any piece of itself, goes on giving the
    /// old bytes after a new file replaces it, and says when a read came
    /// back short.
    @Test func anOpenedFileReadsPiecesOfTheFileItOpened() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        let old = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try fileSystem.write(old, to: root + "/cache/00")
        let file = try fileSystem.openFile(at: root + "/cache/00")
        try fileSystem.replaceFile(at: root + "/cache/00", with: Array("new".utf8))
        #expect(file.withBytes(in: 150_000..<150_010) { Array($0) } == Array(old[150_000..<150_010]))
        #expect(file.withBytes(in: 0..<200_000) { Array($0) } == old)
        #expect(file.withBytes(in: 5..<5) { $0.count } == 0)
        #expect(!file.hasFailed)
        #expect(file.withBytes(in: 199_990..<200_001) { _ in true } == nil)
        #expect(file.hasFailed)
        try fileSystem.write(Array("héllo wörld".utf8), to: root + "/text")
        let text = try fileSystem.openFile(at: root + "/text")
        #expect(text.string(in: 7..<13) == "wörld")
        #expect(text.string(in: 3..<3) == "")
        #expect(!text.hasFailed)
        #expect(text.string(in: 7..<14) == nil)
        #expect(text.hasFailed)
        #expect(throws: FileSystemError.self) { try fileSystem.openFile(at: root + "/missing") }
        #expect(throws: FileSystemError.self) { try fileSystem.openFile(at: root + "/cache") }
    }

    /// Empty files, and files whose stated size is not their length, are
    /// read rather than mapped.
    @Test func filesThatCannotBeMappedAreRead() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        try fileSystem.write([], to: root + "/empty")
        #expect(try fileSystem.sharedContents(of: root + "/empty").count == 0)
        #expect(try fileSystem.sharedContents(of: "/proc/self/status").count > 100)
        #expect(throws: FileSystemError.self) { try fileSystem.sharedContents(of: root + "/missing") }
    }

    /// A file where a folder should be is an error, not a silent success.
    @Test func aFileInTheWayOfAFolderFails() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        try fileSystem.write(Array("in the way".utf8), to: root + "/posts")
        #expect(throws: FileSystemError.self) { try fileSystem.write([1], to: root + "/posts/a/index.html") }
        #expect(throws: FileSystemError.self) { try fileSystem.write([1], to: root + "/posts/index.html") }
    }

    /// Links are made where their folder is missing too.
    @Test func linkingMakesMissingFolders() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        try fileSystem.write(Array("bytes".utf8), to: root + "/source.txt")
        try fileSystem.linkOrCopy(root + "/source.txt", to: root + "/deep/er/link.txt")
        #expect(try fileSystem.text(of: root + "/deep/er/link.txt") == "bytes")
        #expect(throws: (any Error).self) { try fileSystem.linkOrCopy(root + "/missing", to: root + "/deep/gone.txt") }
        #expect(throws: FileSystemError.self) { try fileSystem.hardLink(root + "/missing", to: root + "/deep/gone.txt") }
        #expect(!fileSystem.exists(root + "/deep/gone.txt"))
    }

    /// A hard link is a second name of the same file, not a copy.
    @Test func aHardLinkSharesTheFile() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        try fileSystem.write(Array("bytes".utf8), to: root + "/source.txt")
        try fileSystem.hardLink(root + "/source.txt", to: root + "/a/link.txt")
        var first = stat(), second = stat()
        #expect(stat(root + "/source.txt", &first) == 0 && stat(root + "/a/link.txt", &second) == 0)
        #expect(first.st_ino == second.st_ino && first.st_nlink == 2)
        #expect(throws: FileSystemError.self) { try fileSystem.hardLink(root + "/source.txt", to: root + "/a/link.txt") }
    }
}

@Suite struct FileReplacementTests {
    /// In memory, replacing a file is writing it anew.
    @Test func replacingInMemory() throws {
        let fileSystem = MemoryFileSystem()
        try fileSystem.write(Array("old".utf8), to: "/site/.despina/cache/entries/00")
        try fileSystem.replaceFile(at: "/site/.despina/cache/entries/00", with: Array("new".utf8))
        #expect(try fileSystem.text(of: "/site/.despina/cache/entries/00") == "new")
        #expect(try fileSystem.entries(of: "/site/.despina/cache/entries").map(\.name) == ["00"])
        #expect(try fileSystem.sharedContents(of: "/site/.despina/cache/entries/00").bytes(in: 0..<3) == Array("new".utf8))
    }
}

@Suite struct FileSystemLinkTests {
    /// In memory a link is a second name with the same bytes and time.
    @Test func memoryLinksKeepBytesAndTime() throws {
        let fileSystem = MemoryFileSystem(files: ["/a/source.txt": "bytes"])
        try fileSystem.hardLink("/a/source.txt", to: "/b/c/link.txt")
        #expect(try fileSystem.text(of: "/b/c/link.txt") == "bytes")
        #expect(fileSystem.info(at: "/b/c/link.txt")?.modified == fileSystem.info(at: "/a/source.txt")?.modified)
        #expect(throws: FileSystemError.self) { try fileSystem.hardLink("/a/missing.txt", to: "/b/gone.txt") }
        #expect(!fileSystem.exists("/b/gone.txt"))
        #expect(throws: FileSystemError.self) { try fileSystem.hardLink("/a/source.txt", to: "/b/c/link.txt") }
    }

    /// An overlay links within memory or within its base, never across.
    @Test func anOverlayLinksOnlyWithinOneSide() throws {
        let base = MemoryFileSystem(files: ["/site/a.txt": "on disk"])
        let overlay = OverlayFileSystem(base: base, memoryRoot: "/held")
        try overlay.write(Array("in memory".utf8), to: "/held/b.txt")
        try overlay.hardLink("/site/a.txt", to: "/site/a2.txt")
        try overlay.hardLink("/held/b.txt", to: "/held/b2.txt")
        #expect(try base.text(of: "/site/a2.txt") == "on disk")
        #expect(try overlay.text(of: "/held/b2.txt") == "in memory")
        #expect(throws: FileSystemError.self) { try overlay.hardLink("/site/a.txt", to: "/held/a.txt") }
        #expect(throws: FileSystemError.self) { try overlay.hardLink("/held/b.txt", to: "/site/b.txt") }
    }
}

@Suite struct ParentPathTests {
    @Test func parentsAsFoundationGivesThem() {
        #expect(parentPath("a/b/c.html") == "a/b")
        #expect(parentPath("/a/b") == "/a")
        #expect(parentPath("/a") == "/")
        #expect(parentPath("/") == "/")
        #expect(parentPath("a") == "")
        #expect(parentPath("") == "")
        #expect(parentPath("a/b/") == "a")
        #expect(parentPath("a//b") == "a")
        #expect(parentPath("//a") == "/")
        #expect(lastPathComponent("a//") == "a")
        #expect(lastPathComponent("//") == "/")
        #expect(lastPathComponent("a/b//") == "b")
        // A one-character path made at run time: Foundation's version
        // crashes on it on Linux.
        let section = String("xn".dropFirst())
        #expect(parentPath(section) == "")
        #expect(parentPath(parentPath("n/p/index.html")) == "n")
    }

    @Test func joinedPathsHaveOneSlashBetweenComponents() {
        #expect(joinPath("a", "b") == "a/b")
        #expect(joinPath("a/", "b") == "a/b")
        #expect(joinPath("a", "/b") == "a/b")
        #expect(joinPath("", "a", "", "b/c") == "a/b/c")
        #expect(joinPath("/", "x") == "/x")
        #expect(joinPath("a/", "/b") == "a//b")
        #expect(joinPath("", "") == "")
        #expect(joinPath("yazılar", "çay.md") == "yazılar/çay.md")
        #expect(joinPath(["/site", ".Output.staging", "posts/a/index.html"]) == "/site/.Output.staging/posts/a/index.html")
    }

    @Test func lastComponentsAndExtensionsAsFoundationGivesThem() {
        #expect(lastPathComponent("posts/a.md") == "a.md")
        #expect(lastPathComponent("posts/trip/") == "trip")
        #expect(lastPathComponent("a") == "a")
        #expect(lastPathComponent("/") == "/")
        #expect(lastPathComponent("") == "")
        #expect(lastPathComponent(String("xn".dropFirst())) == "n")
        #expect(pathExtension("posts/a.md") == "md")
        // Found by byte: a name beyond ASCII is cut at the same characters.
        #expect(lastPathComponent("yazılar/çay.md") == "çay.md")
        #expect(parentPath("yazılar/çay.md") == "yazılar")
        #expect(pathExtension("bài-viết/phở.markdown") == "markdown")
        #expect(deletingPathExtension("bài-viết/phở.md") == "bài-viết/phở")
        #expect(pathExtension("posts/v1.2/a") == "")
        #expect(pathExtension("posts/.hidden") == "")
        #expect(pathExtension("tür/şiir.markdown") == "markdown")
        #expect(deletingPathExtension("posts/a.md") == "posts/a")
        #expect(deletingPathExtension("a.md") == "a")
        #expect(deletingPathExtension("tür/şiir.markdown") == "tür/şiir")
        #expect(deletingPathExtension("posts/v1.2/a") == "posts/v1.2/a")
        #expect(deletingPathExtension("posts/.hidden") == "posts/.hidden")
        // Each way a name may hold no extension, or its path end in slashes.
        #expect(deletingPathExtension("posts/a.") == "posts/a.")
        #expect(deletingPathExtension("a.tar.gz") == "a.tar")
        #expect(deletingPathExtension("posts/a.md/") == "posts/a")
        #expect(deletingPathExtension("posts/a/") == "posts/a/")
        #expect(deletingPathExtension("/") == "/")
        #expect(deletingPathExtension("") == "")
        #expect(deletingPathExtension(".md") == ".md")
    }

    /// A name that is not UTF-8 is listed with its bytes (its `name` is
    /// only a repaired spelling that opens nothing), and a folder holding
    /// one is removed all the same.
    @Test func aNameThatIsNotUTF8IsListedWithItsBytesAndRemoved() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".md".utf8)
        let path = (Array((root + "/folder/").utf8) + name + [0]).map { CChar(bitPattern: $0) }
        #expect(mkdir(root + "/folder", 0o755) == 0)
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)
        let fileSystem = LocalFileSystem()
        try fileSystem.write(Array("x".utf8), to: root + "/folder/plain.md")
        let entries = try fileSystem.entries(of: root + "/folder")
        #expect(entries.map(\.undecodableName) == [name, nil])
        #expect(entries.map(\.kind) == [.file, .file])
        try fileSystem.removeItem(at: root + "/folder")
        #expect(!fileSystem.exists(root + "/folder"))
    }

    static let escapedNames: [(bytes: [UInt8], shown: String)] = [
        (Array("caf".utf8) + [0xE9] + Array(".md".utf8), "caf\\xE9.md"),
        (Array("Kỹ".utf8) + [0xFF, 0x0A], "Kỹ\\xFF\n"),
        ([0xC3], "\\xC3"), ([0xE2, 0x82], "\\xE2\\x82"), ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),
        (Array("plain".utf8), "plain"),
    ]

    /// Bytes that are not UTF-8 are shown as `\xNN`, the rest as it is.
    @Test(arguments: escapedNames)
    func bytesThatAreNotUTF8AreShownEscaped(bytes: [UInt8], shown: String) {
        #expect(escapedFileName(bytes) == shown)
    }
}

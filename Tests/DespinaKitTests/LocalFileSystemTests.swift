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
    }
}

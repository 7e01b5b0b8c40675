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

    /// On a file system that is slow to reuse freed inodes, the request to
    /// spread subfolders reaches every folder made to hold another folder,
    /// and only those; elsewhere no folder is marked. Either way the files
    /// land where they should.
    @Test func spreadingReachesEveryFolderMadeToHoldFolders() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        let output = root + "/site"
        try fileSystem.createDirectory(at: output)
        fileSystem.spreadSubfolders(of: output)
        for path in ["posts/a/index.html", "posts/b/index.html", "tags/t/page/2/index.html", "index.html"] {
            try fileSystem.write(Array(path.utf8), to: output + "/" + path)
            #expect(try fileSystem.text(of: output + "/" + path) == path)
        }
        let spreads = FolderPlacement.skipsRecentlyFreedInodes(at: output)
        for folder in ["", "posts", "tags", "tags/t", "tags/t/page"] {
            #expect(FolderPlacement.spreadsSubfolders(joinPath(output, folder)) == spreads, "\(folder)")
        }
        for folder in ["posts/a", "posts/b", "tags/t/page/2"] {
            #expect(!FolderPlacement.spreadsSubfolders(joinPath(output, folder)), "\(folder)")
        }
        #expect(!FolderPlacement.spreadsSubfolders(root))
    }

    /// The journal is told from the ext4 driver's entry for the device: a
    /// task number when there is one, `<none>` when there is not.
    @Test func journalIsReadFromTheDriversDeviceEntry() throws {
        let sysfs = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: sysfs) }
        let fileSystem = LocalFileSystem()
        try fileSystem.write(Array("<none>\n".utf8), to: sysfs + "/fs/ext4/vda/journal_task")
        try fileSystem.write(Array("812\n".utf8), to: sysfs + "/fs/ext4/sda1/journal_task")
        #expect(FolderPlacement.hasNoJournal(deviceName: "vda", sysfs: sysfs))
        #expect(!FolderPlacement.hasNoJournal(deviceName: "sda1", sysfs: sysfs))
        #expect(!FolderPlacement.hasNoJournal(deviceName: "nvme0n1p2", sysfs: sysfs))

        try fileSystem.createDirectory(at: sysfs + "/dev/block")
        try FileManager.default.createSymbolicLink(
            atPath: sysfs + "/dev/block/8:1", withDestinationPath: "../../devices/pci0000:00/host0/block/sda/sda1")
        #expect(FolderPlacement.deviceName("8:1", sysfs: sysfs) == "sda1")
        #expect(FolderPlacement.deviceName("8:2", sysfs: sysfs) == nil)
    }
}

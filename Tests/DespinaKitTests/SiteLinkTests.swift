import Foundation
import Testing
@testable import DespinaKit

/// Links in a site are read only when they lead to a file inside it
/// (`SiteLinkCheck`); the catalogue runs the same cases on disk through the
/// executable, these run the scan and the build in memory.
@Suite struct SiteLinkTests {
    static let post = "---\ntitle: First\ndate: 2025-01-02\n---\nHello.\n"

    func scan(_ fileSystem: MemoryFileSystem) throws -> (files: [String], warnings: [String]) {
        let scan = try ContentScanner(fileSystem: fileSystem, siteDirectory: "/site").scan()
        return (scan.files.map(\.relativePath), scan.warnings.map(\.description))
    }

    func build(_ fileSystem: MemoryFileSystem) throws -> SiteBuilder.Result {
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        return try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .run(options)
    }

    /// The build's environment is a file like any other to a link: it is
    /// left out, and the warning names the link and where it leads.
    @Test func aLinkToTheBuildsEnvironmentIsNotPublished() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/first.md": Self.post, "/proc/self/environ": "CI_TOKEN=secret\u{0}HOME=/root\u{0}",
        ])
        fileSystem.addSymbolicLink(at: "/site/Content/env.txt", pointingTo: "/proc/self/environ")
        let result = try build(fileSystem)
        #expect(result.summary.warnings.map(\.description) == [
            "Content/env.txt: warning: this link points outside the site folder, to /proc/self/environ; skipped "
                + "(copy the file into the site to publish it)",
        ])
        #expect(!fileSystem.exists("/site/Output/env.txt"))
        #expect(!fileSystem.allFiles.contains { $0.hasPrefix("/site/Output/") && (try? fileSystem.text(of: $0))?.contains("CI_TOKEN") == true })
    }

    /// A chain of links that stays in the site is followed to its file, once.
    @Test func aChainOfLinksInsideTheSiteIsFollowedToItsFile() throws {
        let fileSystem = MemoryFileSystem(files: ["/site/notes/shared.md": Self.post])
        fileSystem.addSymbolicLink(at: "/site/notes/latest.md", pointingTo: "shared.md")
        fileSystem.addSymbolicLink(at: "/site/Content/posts/shared.md", pointingTo: "../../notes/latest.md")
        #expect(try scan(fileSystem).files == ["Content/posts/shared.md"])
        #expect(try scan(fileSystem).warnings == [])
    }

    /// Two links that point at each other are caught, not followed forever.
    @Test func aLoopOfTwoLinksIsSkipped() throws {
        let fileSystem = MemoryFileSystem(files: ["/site/Content/posts/first.md": Self.post])
        fileSystem.addSymbolicLink(at: "/site/Content/posts/a.md", pointingTo: "b.md")
        fileSystem.addSymbolicLink(at: "/site/Content/posts/b.md", pointingTo: "a.md")
        #expect(try scan(fileSystem).warnings == [
            "Content/posts/a.md: warning: this link cannot be resolved (it points nowhere or loops); skipped",
            "Content/posts/b.md: warning: this link cannot be resolved (it points nowhere or loops); skipped",
        ])
    }

    /// `Content/` kept with another generator's site, as a link to it: its
    /// own links between its files are inside the site as far as the build
    /// is concerned (on disk: the memory file system follows no link in
    /// the middle of a path).
    @Test func linksInsideALinkedContentFolderAreRead() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fileSystem = LocalFileSystem()
        try fileSystem.write(Array(Self.post.utf8), to: root + "/elsewhere/content/posts/first.md")
        try FileManager.default.createDirectory(atPath: root + "/site", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/site/Content", withDestinationPath: root + "/elsewhere/content")
        try FileManager.default.createSymbolicLink(atPath: root + "/elsewhere/content/posts/again.md", withDestinationPath: "first.md")
        let scan = try ContentScanner(fileSystem: fileSystem, siteDirectory: root + "/site").scan()
        #expect(scan.files.map(\.relativePath) == ["Content/posts/again.md", "Content/posts/first.md"])
        #expect(scan.warnings == [])
    }

    /// A link to a device is described as one, not as a link to a folder.
    @Test func aLinkToADeviceIsDescribedAsADevice() throws {
        let fileSystem = MemoryFileSystem(files: ["/site/Content/posts/first.md": Self.post])
        fileSystem.addSpecialFile(at: "/site/devices/zero", kind: .characterDevice)
        fileSystem.addSymbolicLink(at: "/site/Content/zero.bin", pointingTo: "/site/devices/zero")
        fileSystem.addSpecialFile(at: "/site/Content/socket", kind: .socket)
        #expect(try scan(fileSystem).warnings == [
            "Content/socket: warning: this is a socket, not a regular file; skipped",
            "Content/zero.bin: warning: this link points to a character device, /site/devices/zero, not a regular file; skipped",
        ])
    }

    /// The preview reuses its last scan when only known files changed; a
    /// link that now leads out of the site makes it scan again, so the
    /// link is checked again.
    @Test func theWatchedScanLooksAgainAtALinkThatChanged() throws {
        let fileSystem = MemoryFileSystem(files: ["/site/Content/posts/first.md": Self.post, "/site/notes/a.md": Self.post])
        fileSystem.addSymbolicLink(at: "/site/Content/posts/a.md", pointingTo: "/site/notes/a.md")
        let memory = ScanMemory()
        let first = try ContentScanner(fileSystem: fileSystem, siteDirectory: "/site").scan()
        memory.remember(ScanMemory.Scan(files: first.files, warnings: first.warnings, signatures: [:]), of: "/site")
        fileSystem.addSymbolicLink(at: "/site/Content/posts/a.md", pointingTo: "/etc/passwd")
        memory.noteChanges(["/site/Content/posts/a.md"])
        #expect(memory.scan(of: "/site", fileSystem: fileSystem) == nil)
    }

    /// A link from `Templates/` to a file outside the site is left out: the
    /// theme's files are published as much as `Content/`'s.
    @Test func aThemeFileLinkedOutsideTheSiteIsLeftOut() throws {
        let fileSystem = MemoryFileSystem(files: ["/site/Content/posts/first.md": Self.post, "/etc/passwd": "root:x:0:0\n"])
        fileSystem.addSymbolicLink(at: "/site/Templates/assets/x.css", pointingTo: "/etc/passwd")
        let theme = try Theme.load(siteDirectory: "/site", fileSystem: fileSystem)
        #expect(theme.assets["assets/x.css"] == nil)
        #expect(theme.warnings.map(\.description) == [
            "Templates/assets/x.css: warning: this link points outside the site folder, to /etc/passwd; skipped "
                + "(copy the file into the site to publish it)",
        ])
    }

    /// The choice for a file only its owner may read: it is published, as
    /// Hugo and Jekyll publish it, with the mode every new file gets (644
    /// less the umask), never its own; what is in `Content/` is there to
    /// be published, and the mode says who may read it on this machine.
    @Test func aFileOnlyItsOwnerMayReadIsPublishedWithTheModeOfANewFile() throws {
        let site = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let fileSystem = LocalFileSystem()
        try fileSystem.write(Array(Self.post.utf8), to: site + "/Content/posts/first.md")
        try fileSystem.write(Array("mine\n".utf8), to: site + "/Content/private.txt")
        #expect(chmod(site + "/Content/private.txt", 0o600) == 0)
        var options = BuildOptions(siteDirectory: site)
        options.outputDirectory = site + "/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)).run(options)
        let mask = umask(0o022)
        umask(mask)
        var status = stat()
        #expect(stat(site + "/Output/private.txt", &status) == 0)
        #expect(status.st_mode & 0o777 == 0o644 & ~mask)
    }
}

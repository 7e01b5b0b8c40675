import Foundation
import Testing
@testable import DespinaKit

/// Builds of one site started at the same time, by two `despina build`
/// or by a build beside `despina serve`, leave the site a clean build
/// makes: the site's build lock lets one write at a time.
@Suite(.serialized, .tags(.slow), .disabled(if: quickTestsOnly, quickTestsNote)) struct ConcurrentBuildTests {
    /// A site of `count` posts in a new temporary folder.
    func makeSite(count: Int) throws -> (folder: String, site: String) {
        let folder = try makeTemporaryDirectory()
        let site = folder + "/site"
        try FileManager.default.createDirectory(atPath: site + "/Content/posts", withIntermediateDirectories: true)
        try "title: Together\nbaseURL: https://example.com/\n".write(
            toFile: site + "/despina.yml", atomically: true, encoding: .utf8)
        for index in 0..<count { try writePost(index, version: "one", in: site) }
        return (folder, site)
    }

    func writePost(_ index: Int, version: String, in site: String) throws {
        let text = """
        ---
        title: "Post \(index) \(version)"
        date: 2021-03-\(index % 28 + 10 < 10 ? "0" : "")\(index % 18 + 10) 08:00
        tags: [t\(index % 5)]
        ---

        \(String(repeating: "Text of version \(version) of post \(index). ", count: 30))
        """
        try text.write(toFile: "\(site)/Content/posts/p\(index).md", atomically: true, encoding: .utf8)
    }

    /// What a build from nothing makes of the site's sources as they are now.
    func cleanBuild(of site: String, in folder: String) throws -> [String: Data] {
        let copy = folder + "/clean-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in ["Content", "despina.yml"] {
            try FileManager.default.copyItem(atPath: site + "/" + name, toPath: copy + "/" + name)
        }
        let run = try CommandLineTests().despina("build", copy)
        #expect(run.status == 0, "\(run.standardError)")
        return try withoutMarker(snapshot(of: copy + "/Output"))
    }

    /// The marker names the manifest, whose identifier differs with the
    /// cache's history; every other file must be equal.
    func withoutMarker(_ files: [String: Data]) -> [String: Data] {
        files.filter { $0.key != OutputFolder.markerName }
    }

    /// Starts `despina` with `arguments`, its standard error in a file.
    func start(_ arguments: [String], errors: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineTests.executable ?? "despina")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try Data().write(to: URL(fileURLWithPath: errors))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        return process
    }

    @Test func twoBuildsAtOnceLeaveTheSiteACleanBuildMakes() throws {
        guard CommandLineTests.executable != nil else {
            Issue.record("the despina executable is not built; run swift build --build-tests first")
            return
        }
        let (folder, site) = try makeSite(count: 120)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CommandLineTests().despina("build", site).status == 0)
        for round in 0..<3 {
            try writePost(round, version: "edit \(round)", in: site)
            let first = try start(["build", site], errors: folder + "/first")
            let second = try start(["build", site], errors: folder + "/second")
            first.waitUntilExit()
            second.waitUntilExit()
            #expect(first.terminationStatus == 0, "\((try? String(contentsOfFile: folder + "/first", encoding: .utf8)) ?? "")")
            #expect(second.terminationStatus == 0, "\((try? String(contentsOfFile: folder + "/second", encoding: .utf8)) ?? "")")
            let expected = try cleanBuild(of: site, in: folder)
            #expect(withoutMarker(try snapshot(of: site + "/Output")) == expected, "round \(round)")
        }
        // The build after them finds the site as they left it, and it is whole.
        #expect(try CommandLineTests().despina("build", site).status == 0)
        #expect(withoutMarker(try snapshot(of: site + "/Output")) == (try cleanBuild(of: site, in: folder)))
    }

    @Test func aBuildBesideThePreviewLeavesBothWhole() throws {
        guard CommandLineTests.executable != nil else {
            Issue.record("the despina executable is not built; run swift build --build-tests first")
            return
        }
        let (folder, site) = try makeSite(count: 60)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let serve = try start(["serve", site, "--port", "0"], errors: folder + "/serve")
        defer {
            serve.terminate()
            serve.waitUntilExit()
        }
        // The preview's first build is in place when its index page is.
        let previewIndex = site + "/.despina/preview/index.html"
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: previewIndex), Date() < deadline, serve.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(FileManager.default.fileExists(atPath: previewIndex))
        for round in 0..<3 {
            // The edit sets the preview rebuilding while the build runs.
            try writePost(round, version: "edit \(round)", in: site)
            let run = try CommandLineTests().despina("build", site)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(withoutMarker(try snapshot(of: site + "/Output")) == (try cleanBuild(of: site, in: folder)))
        }
        // A second preview of the same site is refused, and says why.
        let second = try CommandLineTests().despina("serve", site, "--port", "0")
        #expect(second.status == 1)
        #expect(second.standardError.hasPrefix(
            "\(site): error: another despina serve is previewing this site (process \(serve.processIdentifier)); "
                + "stop it first, or open its address"))
        #expect(serve.isRunning)
    }

    @Test func aBuildWaitsForTheLockAndSaysWhoHoldsIt() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fileSystem = LocalFileSystem()
        let site = folder + "/site"
        try fileSystem.write(Array("---\ntitle: One\ndate: 2021-01-01\n---\n\nText.\n".utf8), to: site + "/Content/posts/one.md")
        let held = try #require(try fileSystem.lock(at: SiteLock.path(of: site), waiting: false))
        // Not taken twice, even by this process.
        #expect(try fileSystem.lock(at: SiteLock.path(of: site), waiting: false) == nil)
        let recorder = LogRecorder()
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { Date() }, log: recorder.logger)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? SiteBuilder(environment: environment).build(BuildOptions(siteDirectory: site))
            finished.signal()
        }
        // The build does not start while the lock is held; it says whom it
        // waits for, once its thread runs (later under a loaded machine).
        var waiting: String?
        for _ in 0..<600 where waiting == nil {
            #expect(finished.wait(timeout: .now() + 0.05) == .timedOut)
            waiting = recorder.lines.first { $0.0 == .info }?.1
        }
        #expect(!fileSystem.exists(site + "/Output"))
        #expect(waiting == "Waiting for another build of this site (process \(getpid())) to finish…")
        held.release()
        #expect(finished.wait(timeout: .now() + 60) == .success)
        #expect(fileSystem.exists(site + "/Output/index.html"))
    }

    @Test func aReplacedFileIsWrittenUnderANameOfItsOwn() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = temporaryName(beside: folder + "/file")
        let second = temporaryName(beside: folder + "/file")
        #expect(first != second)
        #expect(first.hasPrefix(folder + "/file.\(getpid())-"))
        #expect(first.hasSuffix(".new"))
        try LocalFileSystem().replaceFile(at: folder + "/file", with: Array("one".utf8))
        try LocalFileSystem().replaceFile(at: folder + "/file", with: Array("two".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["file"])
        #expect(try String(contentsOfFile: folder + "/file", encoding: .utf8) == "two")
    }
}

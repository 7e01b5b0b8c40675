import Foundation
import Testing
@testable import DespinaKit

/// The package root, found from this file's path.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The fixture folder of the end-to-end tests.
let fixturesDirectory = packageRoot.appending(path: "Tests/DespinaKitTests/Fixtures")

/// A fixed clock: 2026-01-01T00:00:00Z, so "future" posts stay in the future.
let fixedNow = Date(timeIntervalSince1970: 1_767_225_600)

/// The post `Content/posts/NAME.md` with every other field at a plain value
/// (title "T", no date, tags, series or aliases, English); a test sets the
/// fields it is about.
func plainPost(_ name: String) -> Entry {
    Entry(Entry.Fields(
        sourcePath: "Content/posts/\(name).md", kind: .post, section: "posts", requestedPath: "/posts/\(name)/",
        title: "T", date: nil, updated: nil, tags: [], description: nil, language: "en", isDraft: false,
        identifier: name, aliases: [], series: nil, seriesPart: nil, layout: "post", isSearchable: true,
        keywords: [], image: nil, explicitPermalink: nil, body: "", bodyFirstLine: 1, markdown: MarkdownSettings()))
}

/// Collects log lines for assertions.
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [(LogLevel, String)] = []

    var lines: [(LogLevel, String)] { lock.withLock { storage } }
    var warnings: [String] { lines.filter { $0.0 == .warning }.map(\.1) }

    var logger: Logger {
        Logger(isVerbose: true) { [self] level, message in lock.withLock { storage.append((level, message)) } }
    }
}

/// A fresh temporary folder, removed by the caller.
func makeTemporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appending(path: "despina-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Copies a fixture site into a temporary folder and returns the copy's path.
func copyFixture(_ name: String) throws -> String {
    let directory = try makeTemporaryDirectory()
    let destination = directory + "/" + name
    try FileManager.default.copyItem(atPath: fixturesDirectory.appending(path: name).path, toPath: destination)
    return destination
}

/// Every regular file below `root` (relative path → bytes), hidden files included.
func snapshot(of root: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let rootURL = URL(fileURLWithPath: root).standardizedFileURL
    guard let enumerator = FileManager.default.enumerator(at: rootURL, includingPropertiesForKeys: [.isRegularFileKey])
    else { return result }
    for case let url as URL in enumerator
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        let relative = String(url.standardizedFileURL.path.dropFirst(rootURL.path.count + 1))
        result[relative] = try Data(contentsOf: url)
    }
    return result
}

extension Tag {
    /// Suites that take many seconds (processes, browsers, real blogs):
    /// `DESPINA_QUICK_TESTS=1 swift test` skips them; CI runs everything.
    @Tag static var slow: Self
}

/// Whether the slow suites are skipped (`DESPINA_QUICK_TESTS=1`).
let quickTestsOnly = ProcessInfo.processInfo.environment["DESPINA_QUICK_TESTS"] == "1"
let quickTestsNote: Comment = "slow: skipped because DESPINA_QUICK_TESTS=1"

/// Whether tests that need an outside tool must fail rather than skip when it is missing.
let externalChecksRequired = ProcessInfo.processInfo.environment["DESPINA_REQUIRE_EXTERNAL_CHECKS"] == "1"

/// Runs a program, returning its exit status and combined output.
@discardableResult
func runProgram(_ executable: String, _ arguments: [String], currentDirectory: String? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The first of `names` found on the PATH.
func findProgram(_ names: String...) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
    }
    return nil
}

/// A test file system that passes every call to a file system in memory,
/// for wrappers that change one behaviour (count reads, fail writes):
/// they implement only that call.
protocol WrappingFileSystem: FileSystem {
    var base: MemoryFileSystem { get }
}

extension WrappingFileSystem {
    func contents(of path: String) throws -> [UInt8] { try base.contents(of: path) }
    func write(_ bytes: [UInt8], to path: String) throws { try base.write(bytes, to: path) }
    func entries(of path: String) throws -> [DirectoryEntry] { try base.entries(of: path) }
    func info(at path: String) -> FileInfo? { base.info(at: path) }
    func createDirectory(at path: String) throws { try base.createDirectory(at: path) }
    func removeItem(at path: String) throws { try base.removeItem(at: path) }
    func move(_ source: String, to destination: String) throws { try base.move(source, to: destination) }
    func exchange(_ first: String, _ second: String) throws { try base.exchange(first, second) }
    func resolvingSymbolicLinks(_ path: String) -> String? { base.resolvingSymbolicLinks(path) }
    func hardLink(_ source: String, to destination: String) throws { try base.hardLink(source, to: destination) }
}

import Foundation
import Synchronization
import Testing
@testable import DespinaKit

/// The work a change's handler leaves for a quiet moment (the preview's
/// search index build) runs once the files are left alone, and is dropped
/// when another change comes first, so that change is handled at once.
struct FileWatcherTests {
    private final class Record: Sendable {
        let events = Mutex<[String]>([])
        func add(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }
    }

    private func waitFor(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// Puts a file into the watched folder in one step: written beside the
    /// folder, then renamed into it. A write in place truncates and then
    /// writes, two events that a loaded machine may deliver further apart
    /// than the watcher's quiet period, which would make one save two changes.
    private func place(_ text: String, named name: String, in folder: String) throws {
        let staged = folder + "-" + name
        try text.write(toFile: staged, atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(atPath: staged, toPath: folder + "/" + name)
    }

    @Test func theWorkLeftForAQuietMomentRunsOnceTheFilesAreLeftAlone() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = Record()
        let changedAt = Mutex(ContinuousClock.now)
        let quietAfter = Mutex(Duration.zero)
        let watcher = try FileWatcher(folders: [folder], files: []) { changed in
            record.add("changed \(changed.map(lastPathComponent))")
            changedAt.withLock { $0 = .now }
            return {
                quietAfter.withLock { $0 = ContinuousClock.now - changedAt.withLock { $0 } }
                record.add("quiet")
            }
        }
        watcher.start()
        defer { watcher.stop() }
        try place("one", named: "a.md", in: folder)
        #expect(waitFor(5) { record.all.contains("quiet") })
        #expect(record.all == ["changed [\"a.md\"]", "quiet"])
        #expect(quietAfter.withLock { $0 } >= .milliseconds(300))
        // It runs once: nothing more comes while the files stay alone.
        usleep(500_000)
        #expect(record.all.count == 2)
    }

    /// Files coming and going beside a watched folder (in the folder above
    /// it, watched for the folder's name alone) are no changes: they do not
    /// hold back the work left for a quiet moment.
    @Test func filesBesideTheWatchedFolderDoNotHoldTheQuietWorkBack() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = parent + "/site"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let record = Record()
        let watcher = try FileWatcher(folders: [folder], files: []) { changed in
            record.add("changed \(changed.map(lastPathComponent))")
            return { record.add("quiet") }
        }
        watcher.start()
        defer { watcher.stop() }
        // Another file made and removed beside the folder every 20 ms, for
        // up to six seconds: far more often than the 0.3 s quiet moment.
        let churning = Mutex(true)
        let churn = Thread {
            var round = 0
            let end = Date().addingTimeInterval(6)
            while churning.withLock({ $0 }) && Date() < end {
                let other = parent + "/other-\(round % 4)"
                FileManager.default.createFile(atPath: other, contents: Data("x".utf8))
                try? FileManager.default.removeItem(atPath: other)
                round += 1
                usleep(20_000)
            }
        }
        churn.start()
        defer { churning.withLock { $0 = false } }
        try place("one", named: "a.md", in: folder)
        #expect(waitFor(3) { record.all.contains("quiet") })
        #expect(record.all == ["changed [\"a.md\"]", "quiet"])
    }

    @Test func aChangeBeforeTheQuietMomentDropsTheWork() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = Record()
        let watcher = try FileWatcher(folders: [folder], files: []) { changed in
            let name = changed.map(lastPathComponent).joined()
            record.add("changed \(name)")
            return { record.add("quiet after \(name)") }
        }
        watcher.start()
        defer { watcher.stop() }
        try place("one", named: "a.md", in: folder)
        #expect(waitFor(5) { !record.all.isEmpty })
        try place("two", named: "b.md", in: folder)
        #expect(waitFor(5) { record.all.contains("quiet after b.md") })
        #expect(record.all == ["changed a.md", "changed b.md", "quiet after b.md"])
    }
}

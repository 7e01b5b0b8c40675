import Foundation
import Synchronization
import Testing
@testable import DespinaKit

/// A memory file system that opens files for reads at any offset (as the
/// local one does), counting what it opens; `failing` makes every file it
/// opens one whose reads fail.
final class OpeningMemoryFileSystem: WrappingFileSystem, OpeningFileSystem {
    let base: MemoryFileSystem
    let failing: Bool
    private let opened = Mutex<[String]>([])

    init(_ base: MemoryFileSystem, failing: Bool = false) {
        self.base = base
        self.failing = failing
    }

    /// The paths opened so far, in order.
    var openedPaths: [String] { opened.withLock { $0 } }

    func openFile(at path: String) throws -> ReadableFile {
        opened.withLock { $0.append(path) }
        let file = ReadableFile(memory: SharedBytes(copying: try base.contents(of: path)))
        if failing {
            // A read past the end: the file now says a read of it failed.
            _ = file.withBytes(in: 0..<Int.max) { _ in () }
        }
        return file
    }
}

/// An opening memory file system that notes the path of every file
/// written, in order.
final class WriteRecordingFileSystem: WrappingFileSystem, OpeningFileSystem {
    let opening: OpeningMemoryFileSystem
    var base: MemoryFileSystem { opening.base }
    private let written = Mutex<[String]>([])

    init(_ opening: OpeningMemoryFileSystem) { self.opening = opening }

    var writtenPaths: [String] { written.withLock { $0 } }

    func write(_ bytes: [UInt8], to path: String) throws {
        written.withLock { $0.append(path) }
        try base.write(bytes, to: path)
    }

    func openFile(at path: String) throws -> ReadableFile { try opening.openFile(at: path) }
}

/// The HTML of posts rendered in a build is handed to the cache files as
/// they are written, and read back from them for the pages.
@Suite struct CachedHTMLTests {
    func site() -> MemoryFileSystem {
        MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: (0..<6).map { number in
            ("/site/Content/posts/p\(number).md", """
            ---
            title: "Post \(number)"
            date: 2020-01-0\(number + 1)
            tags: [a]
            ---

            Body of post \(number), with *emphasis*.
            """)
        }))
    }

    func run(_ fileSystem: any FileSystem) throws -> SiteBuilder.Result {
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        return try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .run(options)
    }

    @Test func renderedPostsAreReadBackFromTheCacheFilesWritten() throws {
        let memory = site()
        let fileSystem = OpeningMemoryFileSystem(memory)
        let result = try run(fileSystem)
        #expect(!fileSystem.openedPaths.isEmpty)
        #expect(fileSystem.openedPaths.allSatisfy { $0.hasPrefix("/site/.despina/cache/entries/") })
        for post in result.model.posts {
            let text = try #require(post.content?.htmlText)
            #expect(!text.isMovable)
            #expect(text.string.contains("<em>emphasis</em>"))
            #expect(text.utf8Count == text.string.utf8.count)
        }
        let page = String(decoding: try memory.contents(of: "/site/Output/posts/p3/index.html"), as: UTF8.self)
        #expect(page.contains("Body of post 3, with <em>emphasis</em>."))
    }

    /// Each cache file is written as soon as the posts it records are
    /// rendered, so their HTML is never all in memory: every cache file is
    /// written before the first page is.
    @Test func theCacheFilesAreWrittenBeforeThePages() throws {
        let fileSystem = WriteRecordingFileSystem(OpeningMemoryFileSystem(site()))
        _ = try run(fileSystem)
        let written = fileSystem.writtenPaths
        let cacheWrites = written.indices.filter { written[$0].hasPrefix("/site/.despina/cache/entries/") }
        let firstPage = try #require(written.firstIndex { $0.hasSuffix("/posts/p0/index.html") })
        #expect(!cacheWrites.isEmpty)
        #expect(cacheWrites.allSatisfy { $0 < firstPage })
    }

    /// A rebuild writes only the cache files whose records changed: none
    /// when nothing did, the one that records an edited post after an edit.
    @Test func aRebuildWritesOnlyTheCacheFileOfTheEditedPost() throws {
        let memory = site()
        _ = try run(memory)
        func cacheFilesWritten() throws -> Set<String> {
            let fileSystem = WriteRecordingFileSystem(OpeningMemoryFileSystem(memory))
            _ = try run(fileSystem)
            // Each file is replaced whole: written beside itself, then renamed.
            let written = fileSystem.writtenPaths.filter { $0.hasPrefix("/site/.despina/cache/entries/") }
            // The temporary name is the file's own, a process number and a count, then `.new`.
            return Set(written.map { path in
                guard path.hasSuffix(".new"), let dot = path.dropLast(4).lastIndex(of: ".") else { return path }
                return String(path[..<dot])
            })
        }
        #expect(try cacheFilesWritten().isEmpty)
        try memory.write(Array("---\ntitle: \"Post 4\"\ndate: 2020-01-05\n---\n\nEdited.\n".utf8), to: "/site/Content/posts/p4.md")
        let shard = EntryCache.shard(of: "Content/posts/p4.md")
        #expect(try cacheFilesWritten() == ["/site/.despina/cache/entries/\(shard < 10 ? "0" : "")\(shard)"])
    }

    @Test func aFileSystemThatCannotOpenFilesKeepsTheHTMLInMemory() throws {
        let result = try run(site())
        #expect(result.model.posts.count == 6)
        #expect(result.model.posts.allSatisfy { $0.content?.htmlText.isMovable == true })
    }

    @Test func theSiteIsTheSameWhetherOrNotTheHTMLMoves() throws {
        let moving = site()
        let staying = site()
        _ = try run(OpeningMemoryFileSystem(moving))
        _ = try run(staying)
        let outputs = [moving, staying].map { fileSystem in
            fileSystem.allFiles.filter { $0.hasPrefix("/site/Output/") }.map { path in
                (path, (try? fileSystem.contents(of: path)) ?? [])
            }
        }
        #expect(outputs[0].map(\.0) == outputs[1].map(\.0))
        #expect(outputs[0].map(\.1) == outputs[1].map(\.1))
    }

    @Test func aCacheFileThatCannotBeReadBackStopsTheBuild() throws {
        let memory = site()
        _ = try run(memory)
        let before = try memory.contents(of: "/site/Output/posts/p2/index.html")
        try memory.write(Array("---\ntitle: \"Post 2\"\ndate: 2020-01-03\n---\n\nA new body.\n".utf8), to: "/site/Content/posts/p2.md")
        #expect {
            _ = try run(OpeningMemoryFileSystem(memory, failing: true))
        } throws: { error in
            (error as? BuildFailure)?.diagnostics.contains { $0.message.contains("cannot read back") } == true
        }
        #expect(try memory.contents(of: "/site/Output/posts/p2/index.html") == before)
    }

    @Test func aMovableTextMovesOnlyToARangeOfItsLength() {
        let text = UTF8Text(movable: Array("héllo".utf8))
        let file = ReadableFile(memory: SharedBytes(copying: Array("xxhélloxx".utf8)))
        text.moveToFile(file, range: 2..<5)
        #expect(text.isMovable)
        text.moveToFile(file, range: 2..<8)
        #expect(!text.isMovable)
        #expect(text.string == "héllo")
        #expect(text.withUTF8 { Array($0) } == Array("héllo".utf8))
        let copy = UTF8Text(movable: Array("abc".utf8))
        let shared = copy
        copy.moveToFile(ReadableFile(memory: SharedBytes(copying: Array("abc".utf8))), range: 0..<3)
        #expect(!shared.isMovable && shared.string == "abc")
    }

    @Test func aTextWhoseFileCannotBeReadIsEmptyAndTheFileSaysSo() {
        let file = ReadableFile(memory: SharedBytes(copying: Array("short".utf8)))
        let text = UTF8Text(movable: Array("0123456789".utf8))
        // Moved to a range longer than the file: reads of it fail.
        text.moveToFile(file, range: 0..<10)
        #expect(!file.hasFailed)
        #expect(text.string == "")
        #expect(file.hasFailed)
    }
}

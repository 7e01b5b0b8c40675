/// A file system that keeps everything below one folder in memory and
/// passes every other path to another file system: `despina check` reads
/// the site from disk and builds it into memory, leaving the disk as it was.
public struct OverlayFileSystem: FileSystem {
    /// Where paths outside the overlay go.
    public let base: any FileSystem
    /// Paths at or below this folder live in memory.
    public let memoryRoot: String
    /// The in-memory part.
    public let memory: MemoryFileSystem

    /// Creates the overlay, with `memoryRoot` held in `memory`.
    public init(base: any FileSystem, memoryRoot: String, memory: MemoryFileSystem = MemoryFileSystem()) {
        self.base = base
        self.memoryRoot = memoryRoot
        self.memory = memory
    }

    private func holdsInMemory(_ path: String) -> Bool {
        path == memoryRoot || path.hasPrefix(memoryRoot + "/")
    }

    private func target(_ path: String) -> any FileSystem {
        holdsInMemory(path) ? memory : base
    }

    public func contents(of path: String) throws -> [UInt8] { try target(path).contents(of: path) }
    public func write(_ bytes: [UInt8], to path: String) throws { try target(path).write(bytes, to: path) }
    public func entries(of path: String) throws -> [DirectoryEntry] { try target(path).entries(of: path) }
    public func info(at path: String) -> FileInfo? { target(path).info(at: path) }
    public func createDirectory(at path: String) throws { try target(path).createDirectory(at: path) }
    public func removeItem(at path: String) throws { try target(path).removeItem(at: path) }
    public func move(_ source: String, to destination: String) throws { try target(source).move(source, to: destination) }
    public func exchange(_ first: String, _ second: String) throws { try target(first).exchange(first, second) }
    public func hardLink(_ source: String, to destination: String) throws {
        guard holdsInMemory(source) == holdsInMemory(destination) else {
            throw FileSystemError(path: destination, reason: "cannot link a file held in memory with one on disk")
        }
        try target(destination).hardLink(source, to: destination)
    }
    public func lock(at path: String, waiting: Bool) throws -> FileLock? {
        try target(path).lock(at: path, waiting: waiting)
    }
    public func resolvingSymbolicLinks(_ path: String) -> String? {
        target(path) is MemoryFileSystem ? path : base.resolvingSymbolicLinks(path)
    }
}

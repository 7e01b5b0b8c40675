import Bytes
import Foundation
import Synchronization

/// The kind of a directory entry.
public enum FileKind: Sendable, Equatable {
    case file, directory, symbolicLink
    /// Neither a file, a folder nor a link: a build reads none of these,
    /// and says which one it skipped.
    case special(SpecialFileKind)

    /// The kind in words, with its article: "a named pipe".
    public var description: String {
        switch self {
        case .file: "a file"
        case .directory: "a folder"
        case .symbolicLink: "a symbolic link"
        case .special(let kind): kind.description
        }
    }
}

/// What a directory entry is when it is neither a file, a folder nor a link.
public enum SpecialFileKind: Sendable, Equatable {
    case namedPipe, socket, characterDevice, blockDevice, unknown

    /// The kind in words, with its article: "a character device".
    public var description: String {
        switch self {
        case .namedPipe: "a named pipe"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .unknown: "something other than a file or a folder"
        }
    }
}

/// What a build needs to know about a file without reading it.
public struct FileInfo: Sendable, Equatable {
    /// Regular file, directory, symbolic link or something special.
    public var kind: FileKind
    /// Size in bytes.
    public var size: Int
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64

    /// Creates file information.
    public init(kind: FileKind, size: Int, modified: Int64) {
        self.kind = kind
        self.size = size
        self.modified = modified
    }
}

/// One entry of a directory listing.
public struct DirectoryEntry: Sendable, Equatable {
    /// The entry's name, without its directory.
    public var name: String
    /// What the entry is (symbolic links are not followed).
    public var kind: FileKind
    /// The bytes of a name that is not valid UTF-8 (a file copied from an
    /// old system in Latin-1), which `name` shows with its bad bytes
    /// replaced and which no path made from `name` can open; nil for every
    /// other name.
    public var undecodableName: [UInt8]? = nil
}

/// Everything the build does to files, behind one protocol, so the whole
/// pipeline runs in tests against memory (`MemoryFileSystem`) and on disk
/// against `LocalFileSystem`. Paths are absolute and use `/`.
public protocol FileSystem: Sendable {
    /// The bytes of the file at `path`.
    func contents(of path: String) throws -> [UInt8]
    /// Writes `bytes` to `path`, creating missing parent directories.
    func write(_ bytes: [UInt8], to path: String) throws
    /// The entries of the directory at `path`, sorted by name.
    func entries(of path: String) throws -> [DirectoryEntry]
    /// Information about the item at `path` (not following a final symbolic
    /// link), or nil when nothing is there.
    func info(at path: String) -> FileInfo?
    /// Creates the directory at `path` and its missing parents.
    func createDirectory(at path: String) throws
    /// Removes the file or directory tree at `path`, if present.
    func removeItem(at path: String) throws
    /// Renames `source` to `destination`, which must not exist.
    func move(_ source: String, to destination: String) throws
    /// Swaps two existing paths in one atomic step where the system can.
    func exchange(_ first: String, _ second: String) throws
    /// The path with symbolic links resolved, or nil if it cannot be resolved.
    func resolvingSymbolicLinks(_ path: String) -> String?
    /// Makes `destination` a second name of the file at `source` (a hard
    /// link), creating missing parents; throws where the file system
    /// cannot link the two paths (no file is made then).
    func hardLink(_ source: String, to destination: String) throws
    /// Puts a new file with `bytes` at `path` in one step: whoever reads or
    /// maps the old file keeps its bytes.
    func replaceFile(at path: String, with bytes: [UInt8]) throws
    /// Takes the exclusive lock named by the file at `path` (made if
    /// missing), held against this process and others until the value is
    /// released; when another holder has it, waits if `waiting`, else
    /// returns nil.
    func lock(at path: String, waiting: Bool) throws -> FileLock?
}

/// A file system that can map files into memory.
protocol MappingFileSystem {
    /// The bytes of the file at `path`, mapped when it is a regular file.
    func mappedContents(of path: String) throws -> SharedBytes
}

/// A file system that can keep a file open for reads at any offset
/// (without it, the cache keeps the HTML it writes in memory too).
protocol OpeningFileSystem: Sendable {
    /// The file at `path`, open for reading.
    func openFile(at path: String) throws -> ReadableFile
}

/// A file system that can start reading a file before it is asked for its
/// bytes, so that reads from a disk overlap the work on other files.
protocol PrefetchingFileSystem: Sendable {
    /// Starts reading the file at `path` into memory, without waiting for
    /// it; failures are left to the read that follows.
    func prefetch(_ path: String)
}

/// A name beside `path` that no other writer uses at the same time (this
/// process's number and a count), for a file written and then renamed
/// into place: two processes replacing one file never write into the same
/// temporary file.
func temporaryName(beside path: String) -> String {
    "\(path).\(getpid())-\(temporaryNames.add(1, ordering: .relaxed).newValue).new"
}

private let temporaryNames = Atomic<Int>(0)

/// An error from a file operation, naming the path.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// The path the operation was about.
    public var path: String
    /// What went wrong, in words.
    public var reason: String

    /// Creates an error for `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

extension FileSystem {
    /// Makes `destination` a second name of the file at `source`, or a
    /// copy where links are not possible; creates missing parents.
    public func linkOrCopy(_ source: String, to destination: String) throws {
        do {
            try hardLink(source, to: destination)
        } catch {
            try write(contents(of: source), to: destination)
        }
    }

    /// The bytes of the file at `path`: mapped where the file system maps
    /// files (see `SharedBytes`), else a copy.
    func sharedContents(of path: String) throws -> SharedBytes {
        if let mapping = self as? any MappingFileSystem { return try mapping.mappedContents(of: path) }
        return SharedBytes(copying: try contents(of: path))
    }

    /// Writes the file under another name beside `path`, then puts it in
    /// place of the old one.
    public func replaceFile(at path: String, with bytes: [UInt8]) throws {
        let fresh = temporaryName(beside: path)
        try write(bytes, to: fresh)
        try removeItem(at: path)
        try move(fresh, to: path)
    }

    /// Locks within this process only: enough for a file system that lives
    /// in one process.
    public func lock(at path: String, waiting: Bool) throws -> FileLock? {
        ProcessLocks.lock(path, waiting: waiting)
    }

    /// Whether anything exists at `path`.
    public func exists(_ path: String) -> Bool { info(at: path) != nil }

    /// Whether `path` is a directory (following no links).
    public func isDirectory(_ path: String) -> Bool { info(at: path)?.kind == .directory }

    /// The files below the folder at `root` (links to files included,
    /// folders entered, hidden names and other kinds skipped), relative to
    /// it and sorted by their bytes. A name that is not valid UTF-8 stops
    /// the listing (`UndecodableFileName`), since no path made from it
    /// could be read.
    public func visibleFiles(below root: String) throws -> [String] {
        var result: [String] = []
        var pending = [""]
        while let folder = pending.popLast() {
            for entry in try entries(of: joinPath(root, folder)) where !entry.name.hasPrefix(".") {
                if let bytes = entry.undecodableName {
                    throw UndecodableFileName(bytes, in: folder, isFolder: entry.kind == .directory)
                }
                let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
                switch entry.kind {
                case .directory: pending.append(path)
                case .file, .symbolicLink: result.append(path)
                case .special: continue
                }
            }
        }
        return result.sorted { precedesByBytes($0, $1) }
    }

    /// `path` with its symbolic links resolved as far as it exists: the
    /// deepest existing folder above a path not made yet is resolved and
    /// the rest appended, so a folder about to be made is known by where
    /// it will really be (`site/link/public` → `site/Content/public`).
    public func resolvingSymbolicLinksOfExistingPart(_ path: String) -> String {
        if let resolved = resolvingSymbolicLinks(path) { return resolved }
        var missing: [String] = []
        var existing = path
        while true {
            let parent = parentPath(existing)
            guard !parent.isEmpty, parent != existing else { return path }
            missing.append(lastPathComponent(existing))
            existing = parent
            if let resolved = resolvingSymbolicLinks(existing) {
                return joinPath([resolved] + missing.reversed())
            }
        }
    }

    /// The UTF-8 text of the file at `path`, repairing invalid bytes.
    public func text(of path: String) throws -> String {
        String(decoding: try contents(of: path), as: UTF8.self)
    }
}

/// The path without its last component (`a/b/c` → `a/b`, `/a` → `/`,
/// `a` → ``, trailing slashes ignored); see `PathText`.
func parentPath(_ path: String) -> String { PathText.parent(of: path) }

/// The last component of `path` (`posts/a.md` → `a.md`), trailing slashes
/// ignored (`posts/trip/` → `trip`); `/` for `/`.
func lastPathComponent(_ path: String) -> String { PathText.lastComponent(of: path) }

/// The extension of the last component of `path` (`posts/a.md` → `md`);
/// empty when it has none or when its only dot starts it (`.hidden`).
func pathExtension(_ path: String) -> String { PathText.pathExtension(of: path) }

/// `path` without the extension of its last component (`posts/a.md` →
/// `posts/a`); unchanged when it has none.
func deletingPathExtension(_ path: String) -> String { PathText.deletingExtension(of: path) }

/// Joins path components with `/`, ignoring empty components.
func joinPath(_ components: String...) -> String { PathText.join(components) }

/// Joins path components with `/`, ignoring empty components.
func joinPath(_ components: [String]) -> String { PathText.join(components) }

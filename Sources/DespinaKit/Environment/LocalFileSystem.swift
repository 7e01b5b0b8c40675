import Bytes
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real file system, through POSIX calls.
public struct LocalFileSystem: FileSystem, MappingFileSystem, OpeningFileSystem, PrefetchingFileSystem {
    /// Creates the local file system.
    public init() {}

    func prefetch(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        // Queues the reads and returns; a file already in memory costs no I/O.
        _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_WILLNEED))
        close(descriptor)
    }

    public func contents(of path: String) throws -> [UInt8] {
        let (descriptor, status) = try openForReading(path)
        defer { close(descriptor) }
        return try readAll(descriptor, size: Int(status.st_size), path: path)
    }

    func mappedContents(of path: String) throws -> SharedBytes {
        let (descriptor, status) = try openForReading(path)
        defer { close(descriptor) }
        // Only regular files are mapped: the size of others is not their length.
        if (status.st_mode & S_IFMT) == S_IFREG, let mapped = SharedBytes(mapping: descriptor, size: Int(status.st_size)) {
            return mapped
        }
        return SharedBytes(copying: try readAll(descriptor, size: Int(status.st_size), path: path))
    }

    func openFile(at path: String) throws -> ReadableFile {
        ReadableFile(descriptor: try openForReading(path).descriptor)
    }

    /// The file at `path` open for reading, with its status; a folder is refused.
    private func openForReading(_ path: String) throws -> (descriptor: Int32, status: stat) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(path) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let failure = error(path)
            close(descriptor)
            throw failure
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw FileSystemError(path: path, reason: "is a directory")
        }
        return (descriptor, status)
    }

    /// Everything left to read from `descriptor`; `size` (the file's, as
    /// its status gives it) is a hint, since some files grow or say 0. Read
    /// straight into the result, a byte larger than `size` so that a read
    /// of nothing tells the end; a file that grew is read on in parts.
    private func readAll(_ descriptor: Int32, size: Int, path: String) throws -> [UInt8] {
        var result = [UInt8]()
        var capacity = max(size, 0) + 1
        while true {
            var (ended, failure): (Bool, Int32?) = (false, nil)
            let part = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                guard let base = buffer.baseAddress else { return }
                while count < buffer.count && !ended && failure == nil {
                    let got = read(descriptor, base + count, buffer.count - count)
                    if got > 0 { count += got } else if got == 0 { ended = true } else if errno != EINTR { failure = errno }
                }
            }
            if let failure { errno = failure; throw error(path) }
            if result.isEmpty { result = part } else { result += part }
            if ended { return result }
            capacity = max(capacity, 1 << 16)
        }
    }

    /// Writes a new file beside `path` and renames it over the old one, which
    /// stays whole for whoever has it open or mapped.
    public func replaceFile(at path: String, with bytes: [UInt8]) throws {
        let fresh = temporaryName(beside: path)
        try write(bytes, to: fresh)
        guard rename(fresh, path) == 0 else {
            let failure = error(path)
            unlink(fresh)
            throw failure
        }
    }

    public func lock(at path: String, waiting: Bool) throws -> FileLock? {
        try lockFile(at: path, waiting: waiting)
    }

    public func write(_ bytes: [UInt8], to path: String) throws {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        var descriptor = open(path, flags, 0o644)
        if descriptor < 0 && errno == ENOENT {
            // The folder is missing: made only then, so a build of
            // thousands of files does not ask for each one's folder first.
            let parent = parentPath(path)
            if !parent.isEmpty, parent != path { try createDirectory(at: parent) }
            descriptor = open(path, flags, 0o644)
        }
        guard descriptor >= 0 else { throw error(path) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw error(path)
            }
            offset += written
        }
    }

    public func entries(of path: String) throws -> [DirectoryEntry] {
        guard let directory = opendir(path) else { throw error(path) }
        defer { closedir(directory) }
        var result: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            // Linux names are bytes: one that is not UTF-8 keeps its bytes
            // beside the repaired name, for a message that names it.
            let decoded = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.withMemoryRebound(to: CChar.self) { $0.baseAddress.flatMap { String(validatingCString: $0) } }
            }
            let bytes = decoded == nil
                ? withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) } : []
            let name = decoded ?? String(decoding: bytes, as: UTF8.self)
            if name == "." || name == ".." { continue }
            // The directory entry says what it is on most file systems; ask
            // the file itself only when it does not.
            let kind: FileKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_FIFO): kind = .special(.namedPipe)
            case Int32(DT_SOCK): kind = .special(.socket)
            case Int32(DT_CHR): kind = .special(.characterDevice)
            case Int32(DT_BLK): kind = .special(.blockDevice)
            case Int32(DT_UNKNOWN) where decoded != nil: kind = info(at: joinPath(path, name))?.kind ?? .special(.unknown)
            default: kind = .special(.unknown)
            }
            result.append(DirectoryEntry(name: name, kind: kind, undecodableName: decoded == nil ? bytes : nil))
        }
        return byteOrder(of: result.map(\.name)).map { result[$0] }
    }

    public func info(at path: String) -> FileInfo? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        let kind: FileKind
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .special(.namedPipe)
        case S_IFSOCK: kind = .special(.socket)
        case S_IFCHR: kind = .special(.characterDevice)
        case S_IFBLK: kind = .special(.blockDevice)
        default: kind = .special(.unknown)
        }
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        return FileInfo(kind: kind, size: Int(status.st_size), modified: modified)
    }

    public func createDirectory(at path: String) throws {
        // The folder first, its missing parents only if it cannot be made;
        // folders that exist or that another thread makes at the same
        // moment are fine.
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw error(path) }
        let parent = parentPath(path)
        guard !parent.isEmpty, parent != path else { throw error(path) }
        try createDirectory(at: parent)
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw error(path) }
    }

    public func removeItem(at path: String) throws {
        guard let info = info(at: path) else { return }
        if info.kind == .directory {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { throw error(path) }
            try removeContents(ofDirectory: descriptor, path: path)
            guard rmdir(path) == 0 else { throw error(path) }
        } else {
            guard unlink(path) == 0 else { throw error(path) }
        }
    }

    /// Empties the directory open at `descriptor` (and closes it), with
    /// `unlinkat` relative to open folders: no path is built twice, and a
    /// link inside is removed, never followed.
    private func removeContents(ofDirectory descriptor: Int32, path: String) throws {
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            throw error(path)
        }
        defer { closedir(directory) }
        // Names are kept as their bytes (with the NUL that ends them): one
        // that is not UTF-8 is removed as surely as any other.
        var folders: [[CChar]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
            }
            if name == [46, 0] || name == [46, 46, 0] { continue }
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
                folders.append(name)
            } else if unlinkat(descriptor, name, 0) != 0 {
                if errno == EISDIR { folders.append(name) } else { throw error(path + "/" + Self.shown(name)) }
            }
        }
        for name in folders {
            let childPath = path + "/" + Self.shown(name)
            let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else { throw error(childPath) }
            try removeContents(ofDirectory: child, path: childPath)
            guard unlinkat(descriptor, name, AT_REMOVEDIR) == 0 else { throw error(childPath) }
        }
    }

    public func move(_ source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else { throw error(source) }
    }

    public func exchange(_ first: String, _ second: String) throws {
        // renameat2(RENAME_EXCHANGE) swaps both names in one step. Glibc's
        // header hides its wrapper from Swift, so it is looked up by name.
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
            throw FileSystemError(path: first, reason: "atomic exchange is not supported on this system")
        }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1
        let result = renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange)
        guard result == 0 else { throw error(first) }
    }

    public func hardLink(_ source: String, to destination: String) throws {
        if link(source, destination) == 0 { return }
        var failure = errno
        // The folder is made only when missing: the link can also fail
        // because the source is.
        let parent = parentPath(destination)
        if failure == ENOENT, !parent.isEmpty, info(at: parent) == nil {
            try createDirectory(at: parent)
            if link(source, destination) == 0 { return }
            failure = errno
        }
        throw FileSystemError(path: destination, reason: String(cString: strerror(failure)))
    }

    public func resolvingSymbolicLinks(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A name from `readdir` (ending in NUL) as text for a message.
    private static func shown(_ name: [CChar]) -> String {
        escapedFileName(name.dropLast().map { UInt8(bitPattern: $0) })
    }

    private func error(_ path: String) -> FileSystemError {
        FileSystemError(path: path, reason: String(cString: strerror(errno)))
    }
}

import Glibc

/// What `stat(2)` says about a path, reduced to what serving needs.
struct FileStatus: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case regular, directory, other
    }

    var kind: Kind
    var size: Int
    var modificationSeconds: Int
    var modificationNanoseconds: Int
    var inode: UInt64

    /// The status of the file at `path`, following symbolic links; `nil` when
    /// it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The status of an open file.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        size = Int(info.st_size)
        modificationSeconds = Int(info.st_mtim.tv_sec)
        modificationNanoseconds = Int(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}

/// The canonical absolute path of `path` (symbolic links, `.` and `..`
/// resolved), or `nil` when it does not exist.
func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

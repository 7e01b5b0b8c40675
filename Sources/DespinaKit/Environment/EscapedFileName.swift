/// A file name's bytes as text a person can read and type back: valid
/// UTF-8 as it is, every other byte as `\xE9`, so `caf\xE9.md` shows which
/// byte of a Latin-1 name is wrong instead of a replacement character that
/// names no file.
func escapedFileName(_ bytes: [UInt8]) -> String {
    var result = ""
    var start = 0
    scanning: while start < bytes.count {
        // The shortest run from `start` that is valid UTF-8 is one
        // character: a lead byte alone never is, so no longer run is tried.
        for length in 1...4 where start + length <= bytes.count {
            if let character = String(validating: bytes[start..<(start + length)], as: UTF8.self) {
                result += character
                start += length
                continue scanning
            }
        }
        let byte = bytes[start]
        result += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        start += 1
    }
    return result
}

/// A name in a folder listing that is not valid UTF-8: no path made of
/// text opens it, so it is reported rather than read.
struct UndecodableFileName: Error, Sendable {
    /// The entry's path relative to the folder listed, its name escaped
    /// (`posts/caf\xE9.md`).
    var path: String
    /// Whether the entry is a folder.
    var isFolder: Bool

    /// The entry `bytes` in `folder` (relative to the folder listed).
    init(_ bytes: [UInt8], in folder: String, isFolder: Bool) {
        path = joinPath(folder, escapedFileName(bytes))
        self.isFolder = isFolder
    }

    /// The error at the entry, whose path starts with `root` (`Content`).
    func diagnostic(under root: String) -> Diagnostic {
        let what = isFolder ? "folder" : "file"
        return Diagnostic(
            path: joinPath(root, path),
            message: "the \(what) name is not valid UTF-8 (each \\xNN is a byte that is not); rename the \(what)")
    }
}

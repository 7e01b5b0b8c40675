/// Names that editors and tools give the short-lived files they make beside
/// the one being saved: a swap file, a backup, a file written whole and then
/// renamed over the original. The preview's watcher leaves them out of its
/// list of changes, so a save reports the post, not `sedkJd6xr`, and a
/// change that touched only such files triggers no rebuild.
///
/// Only the name is looked at, and each pattern is narrow: a real post or
/// image has an extension (`sedan.md`, `4913.jpg`), which none of these
/// names has where it matters.
enum EditorTemporaryFile {
    /// Whether `name` (the last component of a path) is such a file.
    static func matches(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return isSedInPlaceFile(name)
            || isVimWriteProbe(name)
            // Vim's swap files: `.post.md.swp`, then `.swo`, `.swn`, … when taken.
            || swapSuffixes.contains { lowercased.hasSuffix($0) }
            // Emacs: `post.md~` backups, `#post.md#` auto-saves, `.#post.md` locks.
            || name.hasSuffix("~")
            || (name.count > 2 && name.hasPrefix("#") && name.hasSuffix("#"))
            || name.hasPrefix(".#")
            // JetBrains' safe write: `post.md___jb_tmp___`, `post.md___jb_old___`.
            || name.hasSuffix("___jb_tmp___") || name.hasSuffix("___jb_old___")
            || lowercased.hasSuffix(".tmp")
            // Left by macOS's Finder and by Windows Explorer, never written by hand.
            || name == ".DS_Store" || name == "Thumbs.db"
    }

    private static let swapSuffixes = [".swp", ".swo", ".swn", ".swx"]

    /// `sed -i` writes the new text to `sed` and six random letters or
    /// digits (`mkstemp`'s `sedXXXXXX`) in the same folder, then renames it
    /// over the file.
    static func isSedInPlaceFile(_ name: String) -> Bool {
        name.count == 9 && name.hasPrefix("sed")
            && name.dropFirst(3).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// Before writing in place, Vim checks that it may make files in the
    /// folder by creating and deleting `4913` (then `5036`, `5159`, … when
    /// that name is taken: 4913 plus a multiple of 123).
    static func isVimWriteProbe(_ name: String) -> Bool {
        guard name.count <= 6, name.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(name) else { return false }
        return number >= 4913 && (number - 4913) % 123 == 0
    }
}

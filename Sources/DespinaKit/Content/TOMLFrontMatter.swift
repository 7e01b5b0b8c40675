/// Hugo's TOML front matter, a block between two `+++` lines. Despina reads
/// only YAML front matter; a file with a TOML block is still published (its
/// body, a title from its file name) with a warning, rather than showing
/// the block as text or stopping the build.
enum TOMLFrontMatter {
    /// The body after a TOML block at the start of `text` (after a byte
    /// order mark) and the file line it starts on; `nil` when `text` does
    /// not start with a closed `+++` block.
    static func skippingBlock(in text: String) -> (body: Substring, bodyFirstLine: Int)? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard let first = lines.next(), isFence(first.hasPrefix("\u{FEFF}") ? first.dropFirst() : first) else {
            return nil
        }
        var consumed = first.utf8.count + 1
        var lineNumber = 1
        while let line = lines.next() {
            lineNumber += 1
            consumed += line.utf8.count + 1
            if isFence(line) {
                let start = text.utf8.index(text.utf8.startIndex, offsetBy: min(consumed, text.utf8.count))
                return (text[start...], lineNumber + 1)
            }
        }
        return nil
    }

    private static func isFence(_ line: Substring) -> Bool {
        line == "+++" || line == "+++\r"
    }
}

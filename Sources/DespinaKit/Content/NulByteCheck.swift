/// Finds NUL bytes, which no text editor shows and cmark would silently
/// turn into U+FFFD: a file that has one was most likely damaged or saved
/// in a binary format, so the build names the place instead of guessing.
enum NulByteCheck {
    /// The 1-based line and column (in characters) of the first NUL byte
    /// of `bytes`, which must be valid UTF-8; `nil` when there is none.
    static func firstPosition(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        guard let nul = bytes.firstIndex(of: 0) else { return nil }
        var line = 1
        var column = 1
        for byte in bytes[..<nul] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Count the first byte of each character, not its continuation bytes.
                column += 1
            }
        }
        return (line, column)
    }
}

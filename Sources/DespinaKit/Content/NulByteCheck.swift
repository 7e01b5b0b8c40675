import Foundation

/// Finds NUL bytes, which no text editor shows and cmark would silently
/// turn into U+FFFD: a file that has one was most likely damaged or saved
/// in a binary format, so the build names the place instead of guessing.
enum NulByteCheck {
    /// The 1-based line and column (in characters) of the first NUL byte
    /// of `bytes`, which must be valid UTF-8; `nil` when there is none.
    static func firstPosition(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        // memchr looks at many bytes at a time; the file is checked whole.
        let found = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let hit = memchr(base, 0, buffer.count) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard let nul = found else { return nil }
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

/// Finds lines in Markdown source bytes; the line table is built on first
/// use.
struct SourceLineIndex {
    let source: UnsafeBufferPointer<UInt8>
    private var lineStarts: [Int] = []

    init(source: UnsafeBufferPointer<UInt8>) {
        self.source = source
    }

    /// The number of spaces and tabs on 1-based line `line` starting
    /// `offset` bytes into the line.
    mutating func indentation(ofLine line: Int, after offset: Int) -> Int {
        if lineStarts.isEmpty {
            lineStarts = [0]
            for (index, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
                lineStarts.append(index + 1)
            }
        }
        guard line >= 1, line <= lineStarts.count, offset >= 0 else { return 0 }
        let end = line < lineStarts.count ? lineStarts[line] : source.count
        var index = lineStarts[line - 1] + offset
        var count = 0
        while index < end, source[index] == 0x20 || source[index] == 0x09 {
            count += 1
            index += 1
        }
        return count
    }
}

import Bytes
import CCmark

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
        buildLineStarts()
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

    /// The 1-based byte column of the first character of line `line` that
    /// is not a space or tab, and that character; nil for a blank line.
    mutating func firstCharacter(ofLine line: Int) -> (column: Int, byte: UInt8)? {
        buildLineStarts()
        guard line >= 1, line <= lineStarts.count else { return nil }
        let end = line < lineStarts.count ? lineStarts[line] : source.count
        var index = lineStarts[line - 1]
        while index < end, source[index] == 0x20 || source[index] == 0x09 { index += 1 }
        guard index < end, source[index] != UInt8(ascii: "\n"), source[index] != UInt8(ascii: "\r") else { return nil }
        return (index - lineStarts[line - 1] + 1, source[index])
    }

    /// The byte at 1-based `line` and byte `column`, or nil past the
    /// line's end.
    mutating func byte(atLine line: Int, column: Int) -> UInt8? {
        buildLineStarts()
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let end = line < lineStarts.count ? lineStarts[line] : source.count
        let index = lineStarts[line - 1] + column - 1
        return index < end ? source[index] : nil
    }

    /// The 1-based byte column where `bytes` first occur on line `line`,
    /// or nil.
    mutating func firstColumn(of bytes: [UInt8], inLine line: Int) -> Int? {
        buildLineStarts()
        guard line >= 1, line <= lineStarts.count, !bytes.isEmpty else { return nil }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : source.count
        guard end - start >= bytes.count else { return nil }
        for index in start...(end - bytes.count) where source[index] == bytes[0] {
            if source[index..<(index + bytes.count)].elementsEqual(bytes) { return index - start + 1 }
        }
        return nil
    }

    /// Whether `node` is an indented code block, not a fenced one: what the
    /// indented continuation of a footnote or a definition becomes. cmark
    /// does not say; an indented block's text starts with the source line
    /// it starts on, a fenced block's text starts on the line after its
    /// fence.
    mutating func isIndentedCode(_ node: OpaquePointer) -> Bool {
        guard CmarkNode.isOfType(node, CMARK_NODE_CODE_BLOCK) else { return false }
        buildLineStarts()
        let line = Int(cmark_node_get_start_line(node))
        let column = Int(cmark_node_get_start_column(node))
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return false }
        var end = line < lineStarts.count ? lineStarts[line] : source.count
        while end > lineStarts[line - 1], source[end - 1] == UInt8(ascii: "\n") || source[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        let start = lineStarts[line - 1] + column - 1
        guard start <= end else { return false }
        let literal = CmarkNode.literalBytes(node)
        let firstLine = literal.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        return firstLine.elementsEqual(source[start..<end])
    }

    /// Built by `memchr`: a post asks for it for its first link, and a
    /// loop over every byte of the post cost more than the rest of it.
    private mutating func buildLineStarts() {
        guard lineStarts.isEmpty else { return }
        lineStarts = [0]
        let bytes = UnsafeRawBufferPointer(source)
        while let newline = ByteSearch.firstOffset(of: Self.newline, in: bytes, from: lineStarts[lineStarts.count - 1]) {
            lineStarts.append(newline + 1)
        }
    }

    private static let newline = [UInt8(ascii: "\n")]
}

import CCmark

/// The link reference definitions of a document (`[ref]: /url "Title"`),
/// as Markdown text, so that text parsed apart from the document (a table
/// cell) can resolve `[x][ref]` as the document does.
///
/// cmark keeps the definitions it finds in a map it does not expose, and
/// drops them from the tree. They can only be where the tree has no leaf
/// block (a paragraph of definitions alone is removed) or at the start of
/// a paragraph, so the text is made of those lines: lines under no leaf
/// block, with their block-quote and list markers removed, and the lines
/// of paragraphs whose first line starts with `[` and holds `]:`. Parsed after other text,
/// the definitions among them are read as cmark read them, in the same
/// order (the first of two definitions of one label wins); the rest
/// becomes paragraphs, which the caller ignores.
enum ReferenceDefinitions {
    /// The definitions' lines in `source`, whose tree is `root`, before any
    /// change to the tree; empty when the source cannot hold one.
    static func text(in source: UnsafeBufferPointer<UInt8>, root: OpaquePointer) -> [UInt8] {
        guard containsPair(source, UInt8(ascii: "]"), UInt8(ascii: ":")) else { return [] }
        var lineStarts = [0]
        for (index, byte) in source.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        let lineCount = lineStarts.count

        // Lines each leaf block covers, and the paragraphs that may start
        // with definitions.
        var covered = [Bool](repeating: false, count: lineCount + 1)
        var wanted = [Bool](repeating: false, count: lineCount + 1)
        var startsParagraph = [Bool](repeating: false, count: lineCount + 1)
        CmarkNode.forEachNode(below: root) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_CODE_BLOCK
                || type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_THEMATIC_BREAK else { return }
            let first = max(1, Int(cmark_node_get_start_line(node)))
            let last = min(lineCount, Int(cmark_node_get_end_line(node)))
            guard first <= last else { return }
            for line in first...last { covered[line] = true }
            if type == CMARK_NODE_PARAGRAPH {
                let offset = lineStarts[first - 1] + Int(cmark_node_get_start_column(node)) - 1
                let lineEnd = first < lineCount ? lineStarts[first] : source.count
                if offset < lineEnd, source[offset] == UInt8(ascii: "["),
                   containsPair(UnsafeBufferPointer(rebasing: source[offset..<lineEnd]), UInt8(ascii: "]"), UInt8(ascii: ":")) {
                    for line in first...last { wanted[line] = true }
                    startsParagraph[first] = true
                }
            }
        }

        var text: [UInt8] = []
        var previous = 0
        for line in 1...lineCount where !covered[line] || wanted[line] {
            let start = lineStarts[line - 1]
            var end = line < lineCount ? lineStarts[line] : source.count
            while end > start, source[end - 1] == UInt8(ascii: "\n") || source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let content = withoutContainerMarkers(source[start..<end])
            guard !content.isEmpty else { continue }
            // A gap in the lines or a new paragraph ends the block before.
            if !text.isEmpty, previous != line - 1 || startsParagraph[line] { text.append(UInt8(ascii: "\n")) }
            text.append(contentsOf: content)
            text.append(UInt8(ascii: "\n"))
            previous = line
        }
        return text
    }

    /// `line` without its leading spaces, block-quote markers and a list
    /// item's marker (`- `, `1. `) before a `[`.
    private static func withoutContainerMarkers(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> ArraySlice<UInt8> {
        var index = line.startIndex
        func skipSpaces() {
            while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        }
        skipSpaces()
        while index < line.endIndex, line[index] == UInt8(ascii: ">") {
            index += 1
            skipSpaces()
        }
        var marker = index
        while marker < line.endIndex, line[marker] >= 0x30 && line[marker] <= 0x39 { marker += 1 }
        if marker < line.endIndex {
            let byte = line[marker]
            let isBullet = marker == index && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*"))
            let isNumber = marker > index && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")"))
            if isBullet || isNumber {
                var after = marker + 1
                while after < line.endIndex, line[after] == 0x20 || line[after] == 0x09 { after += 1 }
                if after > marker + 1, after < line.endIndex, line[after] == UInt8(ascii: "[") { index = after }
            }
        }
        return Array(line[index...])[...]
    }
}

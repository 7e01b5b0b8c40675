import CCmark

/// Turns GitHub-style pipe tables into table nodes, over cmark's tree.
///
/// cmark reads a table as a paragraph. For each paragraph of two or more
/// lines, the source lines are split into cells; a line with pipes followed
/// by a delimiter row with as many cells starts a table, which runs to the
/// end of the paragraph. Lines before the header stay a paragraph. Each
/// cell's text is parsed by cmark on its own (followed by the document's
/// link reference definitions, when it has any) and its inlines become the
/// cell's content.
///
/// The table is made of custom nodes that render as GitHub does:
/// `<table>`, `<thead>`, `<tbody>`, `<tr>` and `<th>`/`<td>`, one per line.
struct PipeTableTransform {
    let source: UnsafeBufferPointer<UInt8>
    let parseOptions: Int32
    /// The file positions of links and images inside cells, which cmark
    /// cannot know as it parses each cell on its own.
    private(set) var cellLinkPositions: [OpaquePointer: (line: Int, column: Int)] = [:]
    private var lineStarts: [Int] = []
    /// The document's link reference definitions, parsed after a cell's
    /// text so that `[x][ref]` in a cell finds `[ref]: /url`.
    private var definitions: [UInt8] = []

    init(source: UnsafeBufferPointer<UInt8>, parseOptions: Int32) {
        self.source = source
        self.parseOptions = parseOptions
    }

    /// Replaces the tables found in paragraphs under `root`.
    mutating func apply(to root: OpaquePointer) {
        var candidates: [OpaquePointer] = []
        CmarkNode.forEachNode(below: root) { node in
            if CmarkNode.isOfType(node, CMARK_NODE_PARAGRAPH),
               cmark_node_get_end_line(node) > cmark_node_get_start_line(node) {
                candidates.append(node)
            }
        }
        guard !candidates.isEmpty else { return }
        definitions = ReferenceDefinitions.text(in: source, root: root)
        lineStarts = [0]
        for (index, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
            lineStarts.append(index + 1)
        }
        for paragraph in candidates { transform(paragraph) }
    }

    // MARK: - Finding the table

    private struct SourceLine {
        var number: Int
        var bytes: ArraySlice<UInt8>
        /// The byte offset in the file's line where `bytes` starts.
        var offset: Int
    }

    private mutating func transform(_ paragraph: OpaquePointer) {
        let lines = sourceLines(of: paragraph)
        guard lines.count >= 2 else { return }
        for headerIndex in 0..<(lines.count - 1) {
            let header = PipeTableRow(lines[headerIndex].bytes)
            guard header.hasPipe else { continue }
            let delimiter = PipeTableRow(lines[headerIndex + 1].bytes)
            guard let alignments = delimiter.delimiterAlignments,
                  alignments.count == header.cells.count else { continue }
            if headerIndex > 0 && !truncate(paragraph, beforeLine: lines[headerIndex].number) { return }
            let body = lines[(headerIndex + 2)...].map { ($0, PipeTableRow($0.bytes)) }
            guard let table = makeTable(
                header: (lines[headerIndex], header), body: body, alignments: alignments) else { return }
            if headerIndex > 0 {
                cmark_node_insert_after(paragraph, table)
            } else {
                CmarkNode.replace(paragraph, with: table)
            }
            return
        }
    }

    /// The paragraph's lines from the source, without the block-quote
    /// markers and indentation of their containers.
    private func sourceLines(of paragraph: OpaquePointer) -> [SourceLine] {
        let first = Int(cmark_node_get_start_line(paragraph))
        let last = Int(cmark_node_get_end_line(paragraph))
        var quoteDepth = 0
        var ancestor = cmark_node_parent(paragraph)
        while let current = ancestor {
            if CmarkNode.isOfType(current, CMARK_NODE_BLOCK_QUOTE) { quoteDepth += 1 }
            ancestor = cmark_node_parent(current)
        }
        var lines: [SourceLine] = []
        guard first >= 1, last <= lineStarts.count else { return lines }
        let bytes = source
        for number in first...last {
            let start = lineStarts[number - 1]
            var end = number < lineStarts.count ? lineStarts[number] : bytes.count
            while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
                end -= 1
            }
            var contentStart = start
            if number == first {
                contentStart = min(end, start + Int(cmark_node_get_start_column(paragraph)) - 1)
            } else {
                for _ in 0..<quoteDepth {
                    while contentStart < end, bytes[contentStart] == 0x20 || bytes[contentStart] == 0x09 {
                        contentStart += 1
                    }
                    if contentStart < end, bytes[contentStart] == UInt8(ascii: ">") { contentStart += 1 }
                }
            }
            lines.append(SourceLine(
                number: number, bytes: Array(bytes[contentStart..<end])[...], offset: contentStart - start))
        }
        return lines
    }

    /// Removes the paragraph's inlines from the line `line` on, with the
    /// line break before them; `false` when no inline starts that line.
    private func truncate(_ paragraph: OpaquePointer, beforeLine line: Int) -> Bool {
        var child = cmark_node_first_child(paragraph)
        while let current = child {
            let type = cmark_node_get_type(current)
            if type != CMARK_NODE_SOFTBREAK && type != CMARK_NODE_LINEBREAK,
               Int(cmark_node_get_start_line(current)) >= line {
                guard let previous = cmark_node_previous(current),
                      cmark_node_get_type(previous) == CMARK_NODE_SOFTBREAK
                        || cmark_node_get_type(previous) == CMARK_NODE_LINEBREAK else { return false }
                var doomed: OpaquePointer? = previous
                while let node = doomed {
                    doomed = cmark_node_next(node)
                    CmarkNode.discard(node)
                }
                return true
            }
            child = cmark_node_next(current)
        }
        return false
    }

    // MARK: - Building the table

    private mutating func makeTable(
        header: (SourceLine, PipeTableRow), body: [(SourceLine, PipeTableRow)], alignments: [TableAlignment]
    ) -> OpaquePointer? {
        guard let table = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_BLOCK, enter: "<table>", exit: "</table>"),
              let head = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_BLOCK, enter: "<thead>", exit: "</thead>")
        else { return nil }
        cmark_node_append_child(table, head)
        if let row = makeRow(header.1, line: header.0, cellTag: "th", alignments: alignments) {
            cmark_node_append_child(head, row)
        }
        if !body.isEmpty,
           let tableBody = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_BLOCK, enter: "<tbody>", exit: "</tbody>") {
            cmark_node_append_child(table, tableBody)
            for (line, cells) in body {
                if let row = makeRow(cells, line: line, cellTag: "td", alignments: alignments) {
                    cmark_node_append_child(tableBody, row)
                }
            }
        }
        return table
    }

    /// A `<tr>` with one cell per column: missing cells are empty, extra
    /// cells are dropped.
    private mutating func makeRow(
        _ row: PipeTableRow, line: SourceLine, cellTag: String, alignments: [TableAlignment]
    ) -> OpaquePointer? {
        guard let tableRow = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_BLOCK, enter: "<tr>", exit: "</tr>")
        else { return nil }
        for (column, alignment) in alignments.enumerated() {
            guard let cell = CmarkNode.makeCustom(
                CMARK_NODE_CUSTOM_INLINE,
                enter: "<\(cellTag)\(alignment.attribute)>", exit: "</\(cellTag)>\n") else { continue }
            cmark_node_append_child(tableRow, cell)
            if column < row.cells.count {
                let content = row.cells[column]
                fill(cell, with: content.text, line: line.number, column: line.offset + content.offset + 1)
            }
        }
        return tableRow
    }

    /// Parses `text` with cmark and moves its inlines into `cell`.
    private mutating func fill(_ cell: OpaquePointer, with text: [UInt8], line: Int, column: Int) {
        guard !text.isEmpty else { return }
        if moveInlines(of: text, into: cell, line: line, column: column) { return }
        // The text starts a block (`# x`, `- x`, `1. x`, `> x`, a fence or
        // a link definition): escape its first marker and try again.
        if moveInlines(of: Self.escapingBlockStart(text), into: cell, line: line, column: column) { return }
        if let plain = CmarkNode.make(CMARK_NODE_TEXT, literalBytes: text) {
            cmark_node_append_child(cell, plain)
        }
    }

    private mutating func moveInlines(of text: [UInt8], into cell: OpaquePointer, line: Int, column: Int) -> Bool {
        if !definitions.isEmpty, text.contains(UInt8(ascii: "[")),
           moveReferencingInlines(of: text, into: cell, line: line, column: column) {
            return true
        }
        let parsed = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                CmarkNode.parseDocument($0.baseAddress, $0.count, options: parseOptions)
            }
        }
        guard let document = parsed else { return false }
        defer { cmark_node_free(document) }
        guard let block = cmark_node_first_child(document), cmark_node_next(block) == nil else { return false }
        switch cmark_node_get_type(block) {
        case CMARK_NODE_PARAGRAPH:
            recordLinkPositions(in: block, line: line, column: column)
            CmarkNode.moveChildren(of: block, to: cell)
            return true
        case CMARK_NODE_HTML_BLOCK:
            var literal = Array(CmarkNode.literalBytes(block))
            while literal.last == UInt8(ascii: "\n") { literal.removeLast() }
            guard let inline = CmarkNode.make(CMARK_NODE_HTML_INLINE, literalBytes: literal) else { return false }
            cmark_node_append_child(cell, inline)
            return true
        default:
            return false
        }
    }

    /// Parses `text` followed by the document's definitions and moves the
    /// inlines into `cell` when the text alone is one paragraph; `false`
    /// (and nothing moved) otherwise.
    private mutating func moveReferencingInlines(
        of text: [UInt8], into cell: OpaquePointer, line: Int, column: Int
    ) -> Bool {
        let combined = text + [UInt8(ascii: "\n"), UInt8(ascii: "\n")] + definitions
        let parsed = combined.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                CmarkNode.parseDocument($0.baseAddress, $0.count, options: parseOptions)
            }
        }
        guard let document = parsed else { return false }
        defer { cmark_node_free(document) }
        guard let block = cmark_node_first_child(document), CmarkNode.isOfType(block, CMARK_NODE_PARAGRAPH),
              cmark_node_get_start_line(block) == 1, cmark_node_get_end_line(block) == 1 else { return false }
        recordLinkPositions(in: block, line: line, column: column)
        CmarkNode.moveChildren(of: block, to: cell)
        return true
    }

    private mutating func recordLinkPositions(in block: OpaquePointer, line: Int, column: Int) {
        CmarkNode.forEachNode(below: block) { node in
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                cellLinkPositions[node] = (line, column + Int(cmark_node_get_start_column(node)) - 1)
            }
        }
    }

    /// `text` with a backslash before the character that makes it a block:
    /// the first character, or the `.` or `)` after leading digits.
    private static func escapingBlockStart(_ text: [UInt8]) -> [UInt8] {
        var index = 0
        while index < text.count, text[index] >= 0x30 && text[index] <= 0x39 { index += 1 }
        if index == text.count { return text }
        var escaped = text
        escaped.insert(UInt8(ascii: "\\"), at: index)
        return escaped
    }
}

import CCmark

/// Finds kramdown attribute lists in cmark's tree and gives their
/// attributes to the element they follow.
///
/// cmark reads `![x](a.png){: width="300"}` as an image and the text
/// `{: width="300"}`, and a list on the line after a block as a last line
/// of text (in the block's paragraph, or a paragraph of its own). The text
/// is taken out here, before anything reads the tree, and the attributes
/// are kept by node; ``render(in:)`` then writes the elements with them
/// once every other change is made. A list on a line of its own belongs to
/// the block it follows: the paragraph, or, when the line is not indented
/// into it (`* item` then `{: .x}`), the list or quotation around it.
struct AttributeListTransform {
    /// The attributes of each element, by node.
    private(set) var attributes: [OpaquePointer: AttributeList] = [:]
    /// The first attribute that was not kept, with the line and column of
    /// its list, for a warning.
    private(set) var firstDropped: (key: String, line: Int, column: Int)?

    /// Finds the lists below `root`; `position` gives a text node's line
    /// and column, `lineStart` the first character of a source line.
    mutating func apply(
        to root: OpaquePointer,
        position: (OpaquePointer) -> (line: Int, column: Int),
        lineStart: (Int) -> (column: Int, byte: UInt8)?
    ) {
        var candidates: [OpaquePointer] = []
        CmarkNode.forEachNode(below: root) { node in
            guard CmarkNode.isOfType(node, CMARK_NODE_TEXT) else { return }
            let bytes = CmarkNode.literalBytes(node)
            if bytes.count >= 3, bytes[0] == UInt8(ascii: "{"), bytes[1] == UInt8(ascii: ":") { candidates.append(node) }
        }
        var discarded = Set<OpaquePointer>()
        for node in candidates where !discarded.contains(node) {
            let place = position(node)
            if let previous = cmark_node_previous(node),
               CmarkNode.isOfType(previous, CMARK_NODE_LINK) || CmarkNode.isOfType(previous, CMARK_NODE_IMAGE) {
                guard let list = takeList(startingAt: node, discarded: &discarded, wholeLine: false) else { continue }
                add(list, to: previous, at: place)
                continue
            }
            if let table = Self.tableEndedByRow(of: node) {
                // GitHub's tables read the line after the last row as one more row.
                guard let row = cmark_node_parent(node).flatMap(cmark_node_parent),
                      let list = takeList(startingAt: node, discarded: &discarded, wholeLine: true)
                else { continue }
                CmarkNode.discard(row)
                add(list, to: table, at: place)
                continue
            }
            guard let paragraph = cmark_node_parent(node), CmarkNode.isOfType(paragraph, CMARK_NODE_PARAGRAPH) else {
                continue
            }
            let before = cmark_node_previous(node)
            if let before, !CmarkNode.isOfType(before, CMARK_NODE_SOFTBREAK) && !CmarkNode.isOfType(before, CMARK_NODE_LINEBREAK) {
                continue
            }
            guard let list = takeList(startingAt: node, discarded: &discarded, wholeLine: true) else { continue }
            if let before {
                CmarkNode.discard(before)
                add(list, to: owner(ofLineAt: place, after: paragraph, lineStart: lineStart), at: place)
            } else {
                // A paragraph of its own: the list is for the block before it.
                let target = cmark_node_previous(paragraph)
                CmarkNode.discard(paragraph)
                if let target, Self.canCarry(target) { add(list, to: target, at: place) }
                else { noteDropped(list, at: place) }
            }
        }
    }

    /// The block a list on the last line of `paragraph` belongs to: the
    /// paragraph when the line is indented as far as its text (or starts
    /// with a quotation's `>`), else the list or quotation it lies in.
    private func owner(
        ofLineAt place: (line: Int, column: Int), after paragraph: OpaquePointer,
        lineStart: (Int) -> (column: Int, byte: UInt8)?
    ) -> OpaquePointer {
        guard let first = lineStart(place.line), first.byte == UInt8(ascii: "{") else { return paragraph }
        var node = paragraph
        while Int(cmark_node_get_start_column(node)) > first.column, let parent = cmark_node_parent(node),
              !CmarkNode.isOfType(parent, CMARK_NODE_DOCUMENT) {
            node = parent
            if CmarkNode.isOfType(node, CMARK_NODE_ITEM), let list = cmark_node_parent(node) { node = list }
        }
        return node
    }

    /// The table whose last row has `text` alone in its first cell and
    /// nothing in the others, or nil.
    private static func tableEndedByRow(of text: OpaquePointer) -> OpaquePointer? {
        func enter(_ node: OpaquePointer) -> String { CmarkNode.string(cmark_node_get_on_enter(node)) }
        guard cmark_node_previous(text) == nil, let cell = cmark_node_parent(text),
              CmarkNode.isOfType(cell, CMARK_NODE_CUSTOM_INLINE), enter(cell).hasPrefix("<td"),
              cmark_node_previous(cell) == nil, let row = cmark_node_parent(cell), cmark_node_next(row) == nil,
              let body = cmark_node_parent(row), enter(body) == "<tbody>", cmark_node_previous(row) != nil,
              let table = cmark_node_parent(body), enter(table).hasPrefix("<table")
        else { return nil }
        var other = cmark_node_next(cell)
        while let current = other {
            if cmark_node_first_child(current) != nil { return nil }
            other = cmark_node_next(current)
        }
        return table
    }

    /// Whether `node` is an element a list can give attributes to.
    private static func canCarry(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_LIST, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_CODE_BLOCK:
            true
        case CMARK_NODE_CUSTOM_BLOCK:
            CmarkNode.string(cmark_node_get_on_enter(node)).hasPrefix("<table")
        default:
            false
        }
    }

    private mutating func add(_ list: AttributeList, to node: OpaquePointer, at place: (line: Int, column: Int)) {
        attributes[node] = attributes[node].map { $0.merging(list) } ?? list
        noteDropped(list, at: place)
    }

    private mutating func noteDropped(_ list: AttributeList, at place: (line: Int, column: Int)) {
        if firstDropped == nil, let key = list.droppedKeys.first { firstDropped = (key, place.line, place.column) }
    }

    /// Reads a list from `node` and the text nodes after it (cmark splits
    /// text at quotes and escapes), and takes it out of the tree; with
    /// `wholeLine`, the list must be all the rest of its paragraph.
    private func takeList(
        startingAt node: OpaquePointer, discarded: inout Set<OpaquePointer>, wholeLine: Bool
    ) -> AttributeList? {
        var run: [OpaquePointer] = []
        var bytes: [UInt8] = []
        var current: OpaquePointer? = node
        var closeAt: Int?
        while let text = current, CmarkNode.isOfType(text, CMARK_NODE_TEXT) {
            run.append(text)
            bytes += CmarkNode.literalBytes(text)
            if !wholeLine, let close = bytes.firstIndex(of: UInt8(ascii: "}")) {
                closeAt = close
                break
            }
            current = cmark_node_next(text)
        }
        if wholeLine {
            guard current == nil, let last = bytes.lastIndex(where: { $0 != UInt8(ascii: " ") }),
                  bytes[last] == UInt8(ascii: "}")
            else { return nil }
            closeAt = last
        }
        guard let closeAt, let list = AttributeList.parse(String(decoding: bytes[...closeAt], as: UTF8.self)) else {
            return nil
        }
        let remainder = bytes[(closeAt + 1)...]
        if !remainder.isEmpty, let last = run.last, let text = CmarkNode.make(CMARK_NODE_TEXT, literalBytes: remainder) {
            cmark_node_insert_after(last, text)
        }
        for text in run {
            discarded.insert(text)
            CmarkNode.discard(text)
        }
        return list
    }

    /// Forgets the attributes of `nodes`, which were taken out of the tree.
    mutating func forget(_ nodes: Set<OpaquePointer>) {
        for node in nodes { attributes.removeValue(forKey: node) }
    }

    /// Forgets the attributes of `node` and returns them (an element
    /// written elsewhere: headings, code blocks).
    mutating func take(_ node: OpaquePointer) -> AttributeList? {
        attributes.removeValue(forKey: node)
    }

    /// Writes every element that has attributes with them: each is
    /// rendered by cmark and put back as HTML with the attributes in its
    /// start tag (a table, a custom block, has them put into its start
    /// tag), innermost first.
    ///
    /// - Returns: The blocks replaced, each with its replacement.
    mutating func render(renderOptions: Int32) -> [OpaquePointer: OpaquePointer] {
        var replaced: [OpaquePointer: OpaquePointer] = [:]
        let ordered = attributes.keys.sorted { Self.depth(of: $0) > Self.depth(of: $1) }
        for node in ordered {
            guard let list = attributes[node] else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_IMAGE, CMARK_NODE_LINK:
                // cmark writes the element (its URL escaped as for any link),
                // with the list's alt and title in place of the written ones.
                var list = list
                if let title = list.value("title") { cmark_node_set_title(node, title) }
                if CmarkNode.isOfType(node, CMARK_NODE_IMAGE), let alt = list.value("alt"),
                   let text = CmarkNode.make(CMARK_NODE_TEXT, literal: alt) {
                    while let child = cmark_node_first_child(node) { CmarkNode.discard(child) }
                    cmark_node_append_child(node, text)
                }
                list.values.removeAll { $0.key == "title" || $0.key == "alt" }
                let rendered = CmarkNode.renderHTML(node, options: renderOptions)
                guard let html = list.inserted(into: rendered),
                      let inline = CmarkNode.make(CMARK_NODE_HTML_INLINE, literal: html)
                else { continue }
                CmarkNode.replace(node, with: inline)
            case CMARK_NODE_CUSTOM_BLOCK:
                let enter = CmarkNode.string(cmark_node_get_on_enter(node))
                if let changed = list.inserted(into: enter) { cmark_node_set_on_enter(node, changed) }
            default:
                let rendered = CmarkNode.renderHTML(node, options: renderOptions)
                // A paragraph of a tight list has no `<p>` to carry them.
                if CmarkNode.isOfType(node, CMARK_NODE_PARAGRAPH) && !rendered.hasPrefix("<p>") { continue }
                guard let html = list.inserted(into: rendered),
                      let block = CmarkNode.make(CMARK_NODE_HTML_BLOCK, literal: html)
                else { continue }
                CmarkNode.replace(node, with: block)
                replaced[node] = block
            }
        }
        attributes.removeAll()
        return replaced
    }

    private static func depth(of node: OpaquePointer) -> Int {
        var depth = 0
        var current = cmark_node_parent(node)
        while let parent = current {
            depth += 1
            current = cmark_node_parent(parent)
        }
        return depth
    }
}

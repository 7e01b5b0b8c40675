import Bytes
import CCmark

/// Definition lists (PHP Markdown Extra, Goldmark, kramdown), over cmark's
/// tree.
///
/// cmark reads `Term` followed by `: definition` as one paragraph. A
/// paragraph with a line starting with `:` and a space after its first
/// line becomes a `<dl>`: each line before that is a `<dt>`, each `:` line
/// starts a `<dd>`, and lines after a `:` line that do not start with one
/// continue its definition. A paragraph of `:` lines right after a
/// paragraph (a blank line between term and definition) makes that
/// paragraph's lines the terms and its definitions loose: `<dd><p>…</p></dd>`.
/// Terms and tight definitions are custom inlines (one line each, as
/// GitHub-style renderers print them); loose definitions are custom blocks.
/// Indented code blocks right after a list are the indented continuation of
/// its last definition: their text is parsed as Markdown. Lists next to
/// each other become one.
struct DefinitionLists {
    let parseOptions: Int32
    /// Positions of links inside re-parsed continuation blocks.
    private(set) var linkPositions: [OpaquePointer: (line: Int, column: Int)] = [:]
    private var lists: Set<OpaquePointer> = []
    /// The last definition of each list, which continuation blocks join.
    private var lastDefinition: [OpaquePointer: (node: OpaquePointer, isTight: Bool)] = [:]

    init(parseOptions: Int32) {
        self.parseOptions = parseOptions
    }

    /// Whether a line of `source` starts, after spaces, tabs and quote
    /// markers, with `:` and a space or tab: every definition line does,
    /// and without one no paragraph is looked at. Found from each colon,
    /// which prose has few of.
    static func mayHaveDefinitions(in source: UnsafeBufferPointer<UInt8>) -> Bool {
        let (bytes, colonByte) = (UnsafeRawBufferPointer(source), [UInt8(ascii: ":")])
        var from = 0
        while let colon = ByteSearch.firstOffset(of: colonByte, in: bytes, from: from) {
            var start = colon
            while start > 0, source[start - 1] == 0x20 || source[start - 1] == 0x09 || source[start - 1] == 0x3E { start -= 1 }
            let startsLine = start == 0 || source[start - 1] == 0x0A || source[start - 1] == 0x0D
            if startsLine, colon + 1 < source.count, source[colon + 1] == 0x20 || source[colon + 1] == 0x09 { return true }
            from = colon + 1
        }
        return false
    }

    /// Turns the definition-list paragraphs under `root` into lists.
    mutating func apply(below root: OpaquePointer, lines: inout SourceLineIndex) {
        var paragraphs: [OpaquePointer] = []
        CmarkNode.forEachNode(below: root) { node in
            if CmarkNode.isOfType(node, CMARK_NODE_PARAGRAPH) { paragraphs.append(node) }
        }
        for paragraph in paragraphs {
            let paragraphLines = Self.lines(of: paragraph)
            guard let firstDefinition = paragraphLines.firstIndex(where: Self.startsDefinition) else { continue }
            var list: OpaquePointer?
            var loose = false
            var terms = Array(paragraphLines[..<firstDefinition])
            var anchor = paragraph
            if firstDefinition == 0 {
                // Loose: the terms are the paragraph before, or the list
                // before goes on.
                guard let previous = cmark_node_previous(paragraph) else { continue }
                if lists.contains(previous) {
                    list = previous
                } else if CmarkNode.isOfType(previous, CMARK_NODE_PARAGRAPH) {
                    terms = Self.lines(of: previous)
                    anchor = previous
                } else {
                    continue
                }
                loose = true
            } else if let previous = cmark_node_previous(paragraph), lists.contains(previous) {
                list = previous
            }
            if list == nil {
                guard let made = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_BLOCK, enter: "<dl>\n", exit: "</dl>")
                else { continue }
                cmark_node_insert_before(anchor, made)
                lists.insert(made)
                list = made
            }
            guard let list else { continue }
            for term in terms {
                guard let dt = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_INLINE, enter: "<dt>", exit: "</dt>\n") else { continue }
                Self.move(term, to: dt)
                cmark_node_append_child(list, dt)
            }
            var definition: OpaquePointer?
            for line in paragraphLines[firstDefinition...] {
                if Self.startsDefinition(line) {
                    let content = Self.withoutMarker(line)
                    guard let dd = loose
                        ? CmarkNode.makeCustom(CMARK_NODE_CUSTOM_BLOCK, enter: "<dd>\n", exit: "</dd>")
                        : CmarkNode.makeCustom(CMARK_NODE_CUSTOM_INLINE, enter: "<dd>", exit: "</dd>\n") else { continue }
                    cmark_node_append_child(list, dd)
                    if loose, let inner = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, CmarkMemory.current) {
                        cmark_node_append_child(dd, inner)
                        definition = inner
                    } else {
                        definition = dd
                    }
                    lastDefinition[list] = (dd, !loose)
                    Self.move(content, to: definition)
                } else if let definition {
                    // A continuation line: its break goes along.
                    Self.move(line, to: definition, keepingBreakBefore: true)
                }
            }
            if anchor != paragraph { CmarkNode.discard(anchor) }
            CmarkNode.discard(paragraph)
            takeContinuation(after: list, lines: &lines)
        }
    }

    /// Moves the indented code blocks after `list` into its last definition.
    private mutating func takeContinuation(after list: OpaquePointer, lines: inout SourceLineIndex) {
        guard let last = lastDefinition[list] else { return }
        var definition = last.node
        var isTight = last.isTight
        while let code = cmark_node_next(list), lines.isIndentedCode(code) {
            // A tight definition (an inline) becomes a block of paragraphs.
            if isTight, let block = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_BLOCK, enter: "<dd>\n", exit: "</dd>"),
               let paragraph = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, CmarkMemory.current) {
                CmarkNode.moveChildren(of: definition, to: paragraph)
                cmark_node_append_child(block, paragraph)
                CmarkNode.replace(definition, with: block)
                definition = block
                isTight = false
            }
            let reparsed = ReparsedBlocks(takingIndentedCode: code, parseOptions: parseOptions)
            for block in reparsed.blocks { cmark_node_append_child(definition, block) }
            linkPositions.merge(reparsed.linkPositions) { first, _ in first }
            CmarkNode.joinAdjacentText(below: definition)
        }
        lastDefinition[list] = (definition, isTight)
    }

    /// The paragraph's inlines line by line; each line after the first
    /// starts with the break before it.
    private static func lines(of paragraph: OpaquePointer) -> [[OpaquePointer]] {
        var lines: [[OpaquePointer]] = [[]]
        for child in CmarkNode.children(of: paragraph) {
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                lines.append([child])
            } else {
                lines[lines.count - 1].append(child)
            }
        }
        return lines.filter { !$0.isEmpty }
    }

    /// The first inline of `line` after its break, if any.
    private static func content(_ line: [OpaquePointer]) -> ArraySlice<OpaquePointer> {
        guard let first = line.first else { return [] }
        let type = cmark_node_get_type(first)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK ? line.dropFirst() : line[...]
    }

    /// Whether `line` starts with `:` and a space or tab.
    private static func startsDefinition(_ line: [OpaquePointer]) -> Bool {
        guard let first = content(line).first, CmarkNode.isOfType(first, CMARK_NODE_TEXT) else { return false }
        let bytes = CmarkNode.literalBytes(first)
        return bytes.count >= 2 && bytes[0] == UInt8(ascii: ":") && (bytes[1] == 0x20 || bytes[1] == 0x09)
    }

    /// `line` without its break and the `:` and spaces that start it.
    private static func withoutMarker(_ line: [OpaquePointer]) -> [OpaquePointer] {
        var nodes = line
        if let first = nodes.first, cmark_node_get_type(first) == CMARK_NODE_SOFTBREAK
            || cmark_node_get_type(first) == CMARK_NODE_LINEBREAK {
            CmarkNode.discard(first)
            nodes.removeFirst()
        }
        guard let text = nodes.first else { return nodes }
        let bytes = CmarkNode.literalBytes(text)
        var length = 1
        while length < bytes.count, bytes[length] == 0x20 || bytes[length] == 0x09 { length += 1 }
        if length == bytes.count {
            CmarkNode.discard(text)
            nodes.removeFirst()
        } else {
            CmarkNode.setLiteral(text, Array(bytes[length...]))
        }
        return nodes
    }

    /// Moves `line`'s inlines (without its leading break unless kept) to
    /// the end of `container`, taking the `: ` marker off a definition line.
    private static func move(_ line: [OpaquePointer], to container: OpaquePointer?, keepingBreakBefore: Bool = false) {
        guard let container else { return }
        var nodes = line[...]
        if let first = nodes.first, !keepingBreakBefore,
           cmark_node_get_type(first) == CMARK_NODE_SOFTBREAK || cmark_node_get_type(first) == CMARK_NODE_LINEBREAK {
            CmarkNode.discard(first)
            nodes = nodes.dropFirst()
        }
        for node in nodes {
            cmark_node_unlink(node)
            cmark_node_append_child(container, node)
        }
    }
}

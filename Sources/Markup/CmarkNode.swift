import Bytes
import CCmark
import Glibc

/// Small, safe helpers over cmark's C node API.
///
/// A node is an `OpaquePointer` owned by its tree. Nodes created here and
/// inserted into the tree become owned by it; a node unlinked from the tree
/// must be freed with ``discard(_:)``.
enum CmarkNode {
    /// The node's literal (text, code, HTML) as bytes, without copying.
    static func literalBytes(_ node: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
        guard let literal = cmark_node_get_literal(node) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        let count = strlen(literal)
        return literal.withMemoryRebound(to: UInt8.self, capacity: count) {
            UnsafeBufferPointer(start: $0, count: count)
        }
    }

    /// The node's literal as a string; empty when it has none.
    static func literal(_ node: OpaquePointer) -> String {
        guard let literal = cmark_node_get_literal(node) else { return "" }
        return String(cString: literal)
    }

    /// A string from a C string that may be null.
    static func string(_ cString: UnsafePointer<CChar>?) -> String {
        guard let cString else { return "" }
        return String(cString: cString)
    }

    /// Calls `body` with `root` and every node below it, in document order
    /// (each node once, as the walk enters it).
    static func forEachNode(below root: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            body(node)
        }
    }

    /// A new node of `type` with `literal` set; not yet in any tree.
    static func make(_ type: cmark_node_type, literal: String) -> OpaquePointer? {
        guard let node = cmark_node_new_with_mem(type, CmarkMemory.current) else { return nil }
        cmark_node_set_literal(node, literal)
        return node
    }

    /// A new node of `type` with `literal` bytes set; not yet in any tree.
    static func make(_ type: cmark_node_type, literalBytes bytes: some Collection<UInt8>) -> OpaquePointer? {
        guard let node = cmark_node_new_with_mem(type, CmarkMemory.current) else { return nil }
        var terminated = [UInt8]()
        terminated.reserveCapacity(bytes.count + 1)
        terminated.append(contentsOf: bytes)
        terminated.append(0)
        terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = cmark_node_set_literal(node, chars.baseAddress)
            }
        }
        return node
    }

    /// A new custom block or inline that renders `enter` before its children
    /// and `exit` after them.
    static func makeCustom(_ type: cmark_node_type, enter: String, exit: String) -> OpaquePointer? {
        guard let node = cmark_node_new_with_mem(type, CmarkMemory.current) else { return nil }
        cmark_node_set_on_enter(node, enter)
        cmark_node_set_on_exit(node, exit)
        return node
    }

    /// Puts `replacement` where `node` is and frees `node` with its children.
    static func replace(_ node: OpaquePointer, with replacement: OpaquePointer) {
        cmark_node_insert_before(node, replacement)
        discard(node)
    }

    /// Unlinks `node` from its tree and frees it with its children.
    static func discard(_ node: OpaquePointer) {
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// Moves every child of `source` to the end of `destination`'s children.
    static func moveChildren(of source: OpaquePointer, to destination: OpaquePointer) {
        while let child = cmark_node_first_child(source) {
            cmark_node_unlink(child)
            cmark_node_append_child(destination, child)
        }
    }

    /// The HTML of `node` and its children.
    static func renderHTML(_ node: OpaquePointer, options: Int32) -> String {
        guard let rendered = cmark_render_html(node, options) else { return "" }
        defer { CmarkMemory.release(rendered) }
        return String(cString: rendered)
    }

    /// The HTML of `node` and its children as UTF-8 bytes: copied, not
    /// checked again, since cmark writes only valid UTF-8 from the valid
    /// UTF-8 it is given.
    static func renderHTMLBytes(_ node: OpaquePointer, options: Int32) -> [UInt8] {
        guard let rendered = cmark_render_html(node, options) else { return [] }
        defer { CmarkMemory.release(rendered) }
        let count = strlen(rendered)
        return rendered.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// Whether `node` is of `type`.
    static func isOfType(_ node: OpaquePointer, _ type: cmark_node_type) -> Bool {
        cmark_node_get_type(node) == type
    }
}

/// Whether `haystack` contains the two bytes `first`, `second` in a row:
/// asked of every post's whole source for each extension's syntax, so the
/// search skips from one `first` to the next.
func containsPair(_ haystack: UnsafeBufferPointer<UInt8>, _ first: UInt8, _ second: UInt8) -> Bool {
    ByteSearch.firstOffset(of: [first, second], in: UnsafeRawBufferPointer(haystack)) != nil
}

extension CmarkNode {
    /// Joins every run of adjacent text nodes under `root` into its first
    /// node. cmark leaves text split where a bracket, `!` or `_` was not
    /// markup (`[ ] task` is three nodes); the extensions read a node's
    /// text whole. The HTML is the same; the first node keeps its position.
    static func joinAdjacentText(below root: OpaquePointer) {
        var runStarts: [OpaquePointer] = []
        forEachNode(below: root) { node in
            guard isOfType(node, CMARK_NODE_TEXT), let next = cmark_node_next(node),
                  isOfType(next, CMARK_NODE_TEXT) else { return }
            if let previous = cmark_node_previous(node), isOfType(previous, CMARK_NODE_TEXT) { return }
            runStarts.append(node)
        }
        for start in runStarts {
            var bytes = Array(literalBytes(start))
            while let next = cmark_node_next(start), isOfType(next, CMARK_NODE_TEXT) {
                bytes.append(contentsOf: literalBytes(next))
                discard(next)
            }
            setLiteral(start, bytes)
        }
    }

    /// Sets `node`'s literal to `bytes`.
    static func setLiteral(_ node: OpaquePointer, _ bytes: some Collection<UInt8>) {
        var terminated = [UInt8]()
        terminated.reserveCapacity(bytes.count + 1)
        terminated.append(contentsOf: bytes)
        terminated.append(0)
        terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = cmark_node_set_literal(node, chars.baseAddress)
            }
        }
    }

    /// The direct children of `parent`, in order.
    static func children(of parent: OpaquePointer) -> [OpaquePointer] {
        var children: [OpaquePointer] = []
        var child = cmark_node_first_child(parent)
        while let current = child {
            children.append(current)
            child = cmark_node_next(current)
        }
        return children
    }

    /// Parses `count` bytes at `text` as a document, its nodes made with
    /// `CmarkMemory.current` (`cmark_parse_document` uses cmark's own
    /// allocator); the caller frees it.
    static func parseDocument(_ text: UnsafePointer<CChar>?, _ count: Int, options: Int32) -> OpaquePointer? {
        guard let parser = cmark_parser_new_with_mem(options, CmarkMemory.current) else { return nil }
        defer { cmark_parser_free(parser) }
        cmark_parser_feed(parser, text, count)
        return cmark_parser_finish(parser)
    }

    /// Parses `bytes` as a Markdown document on its own; the caller frees it.
    static func parse(_ bytes: [UInt8], options: Int32) -> OpaquePointer? {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                CmarkNode.parseDocument($0.baseAddress, $0.count, options: options)
            }
        }
    }
}

/// Blocks re-parsed from an indented code block's text (the continuation
/// of a footnote or a definition) and the file positions of their links,
/// which cmark counts from the code block's text.
struct ReparsedBlocks {
    var blocks: [OpaquePointer] = []
    var linkPositions: [OpaquePointer: (line: Int, column: Int)] = [:]

    /// Parses the text of the indented code block `code`, moves the blocks
    /// out of the parsed document and frees it and `code`.
    init(takingIndentedCode code: OpaquePointer, parseOptions: Int32) {
        let line = Int(cmark_node_get_start_line(code))
        let column = Int(cmark_node_get_start_column(code))
        let literal = Array(CmarkNode.literalBytes(code))
        CmarkNode.discard(code)
        guard let document = CmarkNode.parse(literal, options: parseOptions) else { return }
        defer { cmark_node_free(document) }
        CmarkNode.forEachNode(below: document) { node in
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                linkPositions[node] = (
                    line + Int(cmark_node_get_start_line(node)) - 1,
                    column + Int(cmark_node_get_start_column(node)) - 1)
            }
        }
        for block in CmarkNode.children(of: document) {
            cmark_node_unlink(block)
            blocks.append(block)
        }
    }
}

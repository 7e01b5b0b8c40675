import Bytes
import CCmark
import Glibc

/// Footnotes as GitHub renders them, over cmark's tree.
///
/// cmark knows no footnotes: it would read `[^1]: https://x` as a link
/// definition (the note would vanish and every `[^1]` become a link) and
/// split `[^1]` over several text nodes. So before cmark parses, the `[` of
/// every `[^` that is not backslash-escaped is replaced by a control byte
/// that is not in the source (the *mask*), one byte for one so every source
/// position stays right. After parsing:
///
/// - A top-level paragraph whose text starts with `MASK^label]:` is a
///   definition; a line starting so inside a paragraph starts a new one.
///   Indented code blocks right after it are its indented continuation:
///   their text is parsed as Markdown and becomes the note's further
///   blocks.
/// - `MASK^label]` in text, with a definition of that label (in any letter
///   case), is a reference: a numbered superscript link. Notes are numbered
///   in the order of their first reference; notes never referenced are
///   dropped, as on GitHub.
/// - The notes go at the end of the document in
///   `<section class="footnotes">`, each with a link back to every
///   reference to it.
/// - Every mask left (a reference without definition, code, HTML, URLs)
///   becomes `[` again.
struct Footnotes {
    /// The byte standing for `[` before `^`.
    let mask: UInt8
    let parseOptions: Int32
    let idPrefix: String
    /// The references and back links, which have no text of their own: the
    /// plain text puts no space after them.
    private(set) var markers: Set<OpaquePointer> = []
    /// The references alone, which the summary leaves out.
    private(set) var references: [OpaquePointer] = []
    /// The ids given to notes and references, which headings must avoid.
    private(set) var ids: [String] = []
    /// Positions of links inside the notes' re-parsed continuation blocks.
    private(set) var linkPositions: [OpaquePointer: (line: Int, column: Int)] = [:]

    private struct Note {
        var container: OpaquePointer
        var number = 0
        var referenceIDs: [String] = []
    }

    private var notes: [String: Note] = [:]
    private var order: [String] = []

    init(mask: UInt8, parseOptions: Int32, idPrefix: String) {
        self.mask = mask
        self.parseOptions = parseOptions
        self.idPrefix = idPrefix
    }

    // MARK: - Masking

    /// A byte that does not occur in `source` to stand for `[` before `^`,
    /// or `nil` when `source` has no `[^` (or, absurdly, every candidate).
    static func mask(for source: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard containsPair(source, UInt8(ascii: "["), UInt8(ascii: "^")) else { return nil }
        var present = [Bool](repeating: false, count: 32)
        for byte in source where byte < 32 { present[Int(byte)] = true }
        let candidates: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
        return candidates.first { !present[Int($0)] }
    }

    /// `source` with the `[` of every `[^` not escaped by a backslash
    /// replaced by `mask`.
    static func masking(_ source: UnsafeBufferPointer<UInt8>, with mask: UInt8) -> [UInt8] {
        var bytes = Array(source)
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "^") {
                var backslashes = 0
                while index - backslashes > 0, bytes[index - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 0 { bytes[index] = mask }
            }
            index += 1
        }
        return bytes
    }

    // MARK: - The transform

    /// Finds the definitions and references under `root`, appends the notes
    /// and unmasks what is left.
    mutating func apply(to root: OpaquePointer, lines: inout SourceLineIndex) {
        collectDefinitions(in: root, lines: &lines)
        if !notes.isEmpty {
            linkReferences(below: root)
            var numbered = 0
            while numbered < order.count {
                // A note may refer to a note not numbered yet: it joins the end.
                if let container = notes[order[numbered]]?.container { linkReferences(below: container) }
                numbered += 1
            }
            appendSection(to: root)
        }
        unmask(below: root)
    }

    /// The label of the definition that `text` starts with and the length
    /// of its marker with the spaces after it.
    private func definitionStart(_ text: UnsafeBufferPointer<UInt8>) -> (label: String, length: Int)? {
        guard let (label, end) = reference(in: text, at: 0), end < text.count,
              text[end] == UInt8(ascii: ":") else { return nil }
        var length = end + 1
        while length < text.count, text[length] == 0x20 || text[length] == 0x09 { length += 1 }
        return (label, length)
    }

    /// The label of a `MASK^label]` at `start` of `text` and the index after
    /// its `]`. A label is 1 to 999 bytes without spaces or brackets.
    private func reference(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> (label: String, end: Int)? {
        guard start + 3 < text.count, text[start] == mask, text[start + 1] == UInt8(ascii: "^") else { return nil }
        var index = start + 2
        while index < text.count, index - start - 2 < 1000 {
            let byte = text[index]
            if byte == UInt8(ascii: "]") {
                guard index > start + 2, index - start - 2 <= 999 else { return nil }
                let label = String(decoding: UnsafeBufferPointer(rebasing: text[(start + 2)..<index]), as: UTF8.self)
                return (label.lowercased(), index + 1)
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == UInt8(ascii: "[") || byte == mask { return nil }
            index += 1
        }
        return nil
    }

    private mutating func collectDefinitions(in root: OpaquePointer, lines: inout SourceLineIndex) {
        var block = cmark_node_first_child(root)
        while let current = block {
            guard CmarkNode.isOfType(current, CMARK_NODE_PARAGRAPH) else {
                block = cmark_node_next(current)
                continue
            }
            splitAtDefinitions(current)
            guard let first = cmark_node_first_child(current), CmarkNode.isOfType(first, CMARK_NODE_TEXT),
                  let (label, length) = definitionStart(CmarkNode.literalBytes(first)) else {
                block = cmark_node_next(current)
                continue
            }
            let rest = Array(CmarkNode.literalBytes(first).dropFirst(length))
            if rest.isEmpty {
                CmarkNode.discard(first)
                if let next = cmark_node_first_child(current), cmark_node_get_type(next) == CMARK_NODE_SOFTBREAK {
                    CmarkNode.discard(next)
                }
            } else {
                CmarkNode.setLiteral(first, rest)
            }
            guard let container = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, CmarkMemory.current) else { return }
            var continuation = cmark_node_next(current)
            cmark_node_unlink(current)
            if cmark_node_first_child(current) != nil {
                cmark_node_append_child(container, current)
            } else {
                cmark_node_free(current)
            }
            while let code = continuation, lines.isIndentedCode(code) {
                continuation = cmark_node_next(code)
                let reparsed = ReparsedBlocks(takingIndentedCode: code, parseOptions: parseOptions)
                for block in reparsed.blocks { cmark_node_append_child(container, block) }
                linkPositions.merge(reparsed.linkPositions) { first, _ in first }
            }
            CmarkNode.joinAdjacentText(below: container)
            if notes[label] == nil {
                notes[label] = Note(container: container)
            } else {
                // The first of two definitions wins, as with link definitions.
                cmark_node_free(container)
            }
            block = continuation
        }
    }

    /// Splits `paragraph` before each line that starts a definition.
    private func splitAtDefinitions(_ paragraph: OpaquePointer) {
        var child = cmark_node_first_child(paragraph)
        while let current = child {
            child = cmark_node_next(current)
            guard cmark_node_get_type(current) == CMARK_NODE_SOFTBREAK
                    || cmark_node_get_type(current) == CMARK_NODE_LINEBREAK,
                  let next = child, CmarkNode.isOfType(next, CMARK_NODE_TEXT),
                  definitionStart(CmarkNode.literalBytes(next)) != nil,
                  let newParagraph = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, CmarkMemory.current) else { continue }
            cmark_node_insert_after(paragraph, newParagraph)
            var moving: OpaquePointer? = next
            while let node = moving {
                moving = cmark_node_next(node)
                cmark_node_unlink(node)
                cmark_node_append_child(newParagraph, node)
            }
            CmarkNode.discard(current)
            return
        }
    }

    /// Replaces each `MASK^label]` with a definition under `root` by a
    /// reference.
    private mutating func linkReferences(below root: OpaquePointer) {
        var texts: [OpaquePointer] = []
        CmarkNode.forEachNode(below: root) { node in
            if CmarkNode.isOfType(node, CMARK_NODE_TEXT), CmarkNode.literalBytes(node).contains(mask) {
                texts.append(node)
            }
        }
        for text in texts { linkReferences(in: text) }
    }

    private mutating func linkReferences(in text: OpaquePointer) {
        let bytes = Array(CmarkNode.literalBytes(text))
        var start = 0
        var index = 0
        var changed = false
        bytes.withUnsafeBufferPointer { buffer in
            while index < buffer.count {
                guard buffer[index] == mask, let (label, end) = reference(in: buffer, at: index),
                      notes[label] != nil else {
                    index += 1
                    continue
                }
                if start < index, let before = CmarkNode.make(CMARK_NODE_TEXT, literalBytes: buffer[start..<index]) {
                    cmark_node_insert_before(text, before)
                }
                if let marker = makeReference(label) { cmark_node_insert_before(text, marker) }
                changed = true
                index = end
                start = end
            }
        }
        guard changed else { return }
        if start < bytes.count {
            CmarkNode.setLiteral(text, bytes[start...])
        } else {
            CmarkNode.discard(text)
        }
    }

    private mutating func makeReference(_ label: String) -> OpaquePointer? {
        guard var note = notes[label] else { return nil }
        if note.number == 0 {
            order.append(label)
            note.number = order.count
            ids.append(idPrefix + "fn-\(note.number)")
        }
        let count = note.referenceIDs.count + 1
        let referenceID = idPrefix + "fnref-\(note.number)" + (count > 1 ? "-\(count)" : "")
        note.referenceIDs.append(referenceID)
        ids.append(referenceID)
        notes[label] = note
        let html = "<sup class=\"footnote-ref\"><a href=\"#\(HTMLEscaping.text(idPrefix))fn-\(note.number)\" id=\"\(HTMLEscaping.text(referenceID))\" data-footnote-ref>\(note.number)</a></sup>"
        guard let marker = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_INLINE, enter: html, exit: "") else { return nil }
        markers.insert(marker)
        references.append(marker)
        return marker
    }

    /// Appends `<section class="footnotes">` with the referenced notes and
    /// frees the others.
    private mutating func appendSection(to root: OpaquePointer) {
        defer {
            for note in notes.values where note.number == 0 { cmark_node_free(note.container) }
        }
        guard !order.isEmpty, let section = CmarkNode.makeCustom(
            CMARK_NODE_CUSTOM_BLOCK,
            enter: "<section class=\"footnotes\" data-footnotes>\n<ol>\n", exit: "</ol>\n</section>") else { return }
        cmark_node_append_child(root, section)
        for label in order {
            guard let note = notes[label] else { continue }
            let item = note.container
            let id = HTMLEscaping.text(idPrefix) + "fn-\(note.number)"
            cmark_node_set_on_enter(item, "<li id=\"\(id)\">\n")
            cmark_node_set_on_exit(item, "</li>")
            cmark_node_append_child(section, item)
            var paragraph = cmark_node_last_child(item)
            if paragraph.map({ CmarkNode.isOfType($0, CMARK_NODE_PARAGRAPH) }) != true,
               let added = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, CmarkMemory.current) {
                cmark_node_append_child(item, added)
                paragraph = added
            }
            guard let paragraph else { continue }
            for (index, referenceID) in note.referenceIDs.enumerated() {
                let suffix = index == 0 ? "" : "-\(index + 1)"
                let superscript = index == 0 ? "" : "<sup class=\"footnote-ref\">\(index + 1)</sup>"
                let space = cmark_node_first_child(paragraph) == nil ? "" : " "
                let html = space + "<a href=\"#\(HTMLEscaping.text(referenceID))\" class=\"footnote-backref\" "
                    + "data-footnote-backref data-footnote-backref-idx=\"\(note.number)\(suffix)\" "
                    + "aria-label=\"Back to reference \(note.number)\(suffix)\">↩\(superscript)</a>"
                if let link = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_INLINE, enter: html, exit: "") {
                    cmark_node_append_child(paragraph, link)
                    markers.insert(link)
                }
            }
        }
    }

    /// Puts `[` back for every mask left under `root`.
    private func unmask(below root: OpaquePointer) {
        let mask = self.mask
        func unmasked(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            guard bytes.contains(mask) else { return nil }
            return bytes.map { $0 == mask ? UInt8(ascii: "[") : $0 }
        }
        func unmasked(_ string: UnsafePointer<CChar>?) -> [UInt8]? {
            guard let string else { return nil }
            return string.withMemoryRebound(to: UInt8.self, capacity: strlen(string)) {
                unmasked(UnsafeBufferPointer(start: $0, count: strlen(string)))
            }
        }
        func setting(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>?) -> Void) {
            (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress) }
            }
        }
        CmarkNode.forEachNode(below: root) { node in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                if let bytes = unmasked(CmarkNode.literalBytes(node)) { CmarkNode.setLiteral(node, bytes) }
            case CMARK_NODE_CODE_BLOCK:
                if let bytes = unmasked(CmarkNode.literalBytes(node)) { CmarkNode.setLiteral(node, bytes) }
                if let info = unmasked(cmark_node_get_fence_info(node)) {
                    setting(info) { _ = cmark_node_set_fence_info(node, $0) }
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let url = unmasked(cmark_node_get_url(node)) { setting(url) { _ = cmark_node_set_url(node, $0) } }
                if let title = unmasked(cmark_node_get_title(node)) {
                    setting(title) { _ = cmark_node_set_title(node, $0) }
                }
            default:
                break
            }
        }
    }
}

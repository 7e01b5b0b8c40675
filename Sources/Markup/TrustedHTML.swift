import CCmark

/// HTML that the program made (a figure, a video frame), put into a
/// document through a placeholder, so that it reaches the page even when
/// the author's own raw HTML is escaped.
///
/// The caller writes ``placeholder(_:)`` into the Markdown where fragment
/// `index` of the `trustedHTML` array given to ``Document`` belongs; cmark
/// reads the placeholder as plain text (two private-use characters around
/// a number), which no Markdown rule changes. After parsing, each one
/// becomes an HTML node with the fragment: a placeholder alone on the
/// first or last line of a paragraph becomes a block of its own before or
/// after the paragraph (a `<figure>` is not inside a `<p>`), any other an
/// inline HTML node. The fragments are trusted as they are, so whoever
/// makes them escapes every value they carry. A placeholder whose number is
/// not a fragment stays text, and placeholders are left out of the plain
/// text used for search.
public enum TrustedHTML {
    /// The text that stands for fragment `index` in the Markdown.
    public static func placeholder(_ index: Int) -> String {
        "\u{E000}\(index)\u{E001}"
    }

    /// The first byte of the UTF-8 of both marker characters.
    static let markerLead: UInt8 = 0xEE

    /// Whether `bytes` may hold a placeholder (the opening marker's bytes).
    static func mayContainPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 7 else { return false }
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0xEE && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 { return true }
            index += 1
        }
        return false
    }

    /// A piece of a text node: text, or a placeholder with its number.
    enum Piece: Equatable {
        case text(ArraySlice<UInt8>)
        case fragment(Int)
    }

    /// `bytes` cut into text and placeholders; a placeholder whose number
    /// is not below `count` stays text.
    static func pieces(of bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Piece] {
        let all = Array(bytes)
        var pieces: [Piece] = []
        var textStart = 0
        var index = 0
        while index + 2 < all.count {
            guard all[index] == 0xEE, all[index + 1] == 0x80, all[index + 2] == 0x80 else {
                index += 1
                continue
            }
            var end = index + 3
            var number = 0
            var digits = 0
            while end < all.count, all[end] >= UInt8(ascii: "0"), all[end] <= UInt8(ascii: "9"), digits < 9 {
                number = number * 10 + Int(all[end] - UInt8(ascii: "0"))
                end += 1
                digits += 1
            }
            guard digits > 0, end + 2 < all.count, all[end] == 0xEE, all[end + 1] == 0x80, all[end + 2] == 0x81,
                  number < count
            else {
                index += 1
                continue
            }
            if textStart < index { pieces.append(.text(all[textStart..<index])) }
            pieces.append(.fragment(number))
            index = end + 3
            textStart = index
        }
        if textStart < all.count { pieces.append(.text(all[textStart...])) }
        return pieces
    }

    /// `bytes` without its placeholders (for the plain text).
    static func removingPlaceholders(from bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [UInt8] {
        pieces(of: bytes, count: count).flatMap { piece -> ArraySlice<UInt8> in
            if case .text(let text) = piece { return text }
            return []
        }
    }

    /// Replaces the placeholders in the text nodes `nodes` by their
    /// fragments, and moves those that stand alone on the first or last
    /// line of their paragraph out of it as blocks.
    ///
    /// - Returns: The paragraphs that were emptied and removed.
    static func apply(to nodes: [OpaquePointer], fragments: [String]) -> Set<OpaquePointer> {
        var inserted = Set<OpaquePointer>()
        var paragraphs: [OpaquePointer] = []
        var seen = Set<OpaquePointer>()
        for node in nodes {
            let pieces = pieces(of: CmarkNode.literalBytes(node), count: fragments.count)
            guard pieces.contains(where: { if case .fragment = $0 { return true } else { return false } }) else {
                continue
            }
            if let parent = cmark_node_parent(node), CmarkNode.isOfType(parent, CMARK_NODE_PARAGRAPH),
               seen.insert(parent).inserted {
                paragraphs.append(parent)
            }
            for piece in pieces {
                let made: OpaquePointer?
                switch piece {
                case .text(let bytes): made = CmarkNode.make(CMARK_NODE_TEXT, literalBytes: bytes)
                case .fragment(let index):
                    made = CmarkNode.make(CMARK_NODE_HTML_INLINE, literal: fragments[index])
                    if let made { inserted.insert(made) }
                }
                if let made { cmark_node_insert_before(node, made) }
            }
            CmarkNode.discard(node)
        }
        var removed = Set<OpaquePointer>()
        for paragraph in paragraphs {
            hoistLoneFragments(of: paragraph, inserted: inserted)
            if cmark_node_first_child(paragraph) == nil {
                removed.insert(paragraph)
                CmarkNode.discard(paragraph)
            }
        }
        return removed
    }

    /// Moves the fragments that make the whole first or last line of
    /// `paragraph` out of it, as HTML blocks before or after it.
    private static func hoistLoneFragments(of paragraph: OpaquePointer, inserted: Set<OpaquePointer>) {
        while let first = cmark_node_first_child(paragraph), inserted.contains(first) {
            let next = cmark_node_next(first)
            guard next == nil || next.map(isLineBreak) == true else { break }
            if let next { CmarkNode.discard(next) }
            guard let block = CmarkNode.make(CMARK_NODE_HTML_BLOCK, literal: CmarkNode.literal(first) + "\n") else { break }
            cmark_node_insert_before(paragraph, block)
            CmarkNode.discard(first)
        }
        while let last = cmark_node_last_child(paragraph), inserted.contains(last) {
            let previous = cmark_node_previous(last)
            guard previous == nil || previous.map(isLineBreak) == true else { break }
            if let previous { CmarkNode.discard(previous) }
            guard let block = CmarkNode.make(CMARK_NODE_HTML_BLOCK, literal: CmarkNode.literal(last) + "\n") else { break }
            // Each block goes right after the paragraph, before the ones moved already.
            cmark_node_insert_after(paragraph, block)
            CmarkNode.discard(last)
        }
    }

    private static func isLineBreak(_ node: OpaquePointer) -> Bool {
        CmarkNode.isOfType(node, CMARK_NODE_SOFTBREAK) || CmarkNode.isOfType(node, CMARK_NODE_LINEBREAK)
    }
}

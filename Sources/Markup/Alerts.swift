import CCmark

/// GitHub alerts, over cmark's tree: a block quote whose first line is
/// `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any
/// letter case, alone on the line) becomes
/// `<div class="alert alert-note">` with a `<p class="alert-title">Note</p>`
/// before the quote's blocks. The theme styles the classes.
enum Alerts {
    private static let kinds = ["note", "tip", "important", "warning", "caution"]

    /// Turns every alert block quote under `root` into an alert.
    static func apply(below root: OpaquePointer) {
        var quotes: [OpaquePointer] = []
        CmarkNode.forEachNode(below: root) { node in
            if CmarkNode.isOfType(node, CMARK_NODE_BLOCK_QUOTE) { quotes.append(node) }
        }
        for quote in quotes {
            guard let paragraph = cmark_node_first_child(quote), CmarkNode.isOfType(paragraph, CMARK_NODE_PARAGRAPH),
                  let text = cmark_node_first_child(paragraph), CmarkNode.isOfType(text, CMARK_NODE_TEXT),
                  let kind = kind(of: CmarkNode.literalBytes(text)) else { continue }
            if let next = cmark_node_next(text) {
                let type = cmark_node_get_type(next)
                guard type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK else { continue }
                CmarkNode.discard(next)
            }
            CmarkNode.discard(text)
            if cmark_node_first_child(paragraph) == nil { CmarkNode.discard(paragraph) }
            let title = kind.prefix(1).uppercased() + kind.dropFirst()
            guard let alert = CmarkNode.makeCustom(
                CMARK_NODE_CUSTOM_BLOCK,
                enter: "<div class=\"alert alert-\(kind)\">\n<p class=\"alert-title\">\(title)</p>\n",
                exit: "</div>") else { continue }
            CmarkNode.moveChildren(of: quote, to: alert)
            CmarkNode.replace(quote, with: alert)
        }
    }

    /// `note` for `[!NOTE]` and so on; `nil` for any other text.
    private static func kind(of text: UnsafeBufferPointer<UInt8>) -> String? {
        guard text.count > 3, text[0] == UInt8(ascii: "["), text[1] == UInt8(ascii: "!"),
              text[text.count - 1] == UInt8(ascii: "]") else { return nil }
        let word = String(decoding: UnsafeBufferPointer(rebasing: text[2..<(text.count - 1)]), as: UTF8.self).lowercased()
        return kinds.contains(word) ? word : nil
    }
}

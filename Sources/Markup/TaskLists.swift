import CCmark

/// GitHub task list items, over cmark's tree: a list item whose first
/// paragraph starts with `[ ]`, `[x]` or `[X]` and a space or tab starts with
/// a disabled checkbox, checked for `x`. The HTML is GitHub's:
/// `<input disabled="" type="checkbox">`, `checked=""` first when done.
enum TaskLists {
    /// Turns the task markers of every list item under `root` into
    /// checkboxes; returns the checkbox nodes (they have no text).
    static func apply(below root: OpaquePointer) -> [OpaquePointer] {
        var items: [OpaquePointer] = []
        CmarkNode.forEachNode(below: root) { node in
            if CmarkNode.isOfType(node, CMARK_NODE_ITEM) { items.append(node) }
        }
        var checkboxes: [OpaquePointer] = []
        for item in items {
            guard let paragraph = cmark_node_first_child(item), CmarkNode.isOfType(paragraph, CMARK_NODE_PARAGRAPH),
                  let text = cmark_node_first_child(paragraph), CmarkNode.isOfType(text, CMARK_NODE_TEXT) else { continue }
            let bytes = CmarkNode.literalBytes(text)
            guard bytes.count >= 4, bytes[0] == UInt8(ascii: "["), bytes[2] == UInt8(ascii: "]"),
                  bytes[3] == 0x20 || bytes[3] == 0x09 else { continue }
            let checked: Bool
            switch bytes[1] {
            case 0x20, 0x09: checked = false
            case UInt8(ascii: "x"), UInt8(ascii: "X"): checked = true
            default: continue
            }
            let html = checked ? "<input checked=\"\" disabled=\"\" type=\"checkbox\">"
                : "<input disabled=\"\" type=\"checkbox\">"
            guard let checkbox = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_INLINE, enter: html, exit: "") else { continue }
            CmarkNode.setLiteral(text, Array(bytes.dropFirst(3)))
            cmark_node_insert_before(text, checkbox)
            checkboxes.append(checkbox)
        }
        return checkboxes
    }
}

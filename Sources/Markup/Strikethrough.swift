import CCmark

/// Turns `~~text~~` into `<del>text</del>`, over cmark's tree.
///
/// cmark leaves tildes in text nodes. Within one parent, a run of exactly
/// two tildes opens when followed by a non-space and closes when preceded by
/// a non-space; a closer pairs with the nearest open opener. The nodes
/// between a pair move into a `<del>` custom inline; unpaired tildes stay
/// as text.
enum Strikethrough {
    private struct Delimiter {
        var child: Int
        var offset: Int
        var canOpen: Bool
        var canClose: Bool
        var partner: Int?
        var isOpener = false
    }

    /// Applies strikethrough to the direct children of `parent`.
    static func apply(in parent: OpaquePointer) {
        var children: [OpaquePointer] = []
        var child = cmark_node_first_child(parent)
        while let current = child {
            children.append(current)
            child = cmark_node_next(current)
        }
        var delimiters = findDelimiters(in: children)
        pair(&delimiters)
        guard delimiters.contains(where: { $0.partner != nil }) else { return }
        rebuild(parent, children: children, delimiters: delimiters)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func findDelimiters(in children: [OpaquePointer]) -> [Delimiter] {
        var delimiters: [Delimiter] = []
        for (index, node) in children.enumerated() where CmarkNode.isOfType(node, CMARK_NODE_TEXT) {
            let bytes = CmarkNode.literalBytes(node)
            var position = 0
            while position < bytes.count {
                guard bytes[position] == UInt8(ascii: "~") else {
                    position += 1
                    continue
                }
                var end = position
                while end < bytes.count, bytes[end] == UInt8(ascii: "~") { end += 1 }
                if end - position == 2 {
                    let followedBySpace = end < bytes.count
                        ? isSpace(bytes[end])
                        : !continuesInline(after: index, in: children)
                    let precededBySpace = position > 0
                        ? isSpace(bytes[position - 1])
                        : !continuesInline(before: index, in: children)
                    delimiters.append(Delimiter(
                        child: index, offset: position,
                        canOpen: !followedBySpace, canClose: !precededBySpace))
                }
                position = end
            }
        }
        return delimiters
    }

    /// Whether inline content other than a line break follows child `index`.
    private static func continuesInline(after index: Int, in children: [OpaquePointer]) -> Bool {
        guard index + 1 < children.count else { return false }
        return !isBreak(children[index + 1])
    }

    private static func continuesInline(before index: Int, in children: [OpaquePointer]) -> Bool {
        guard index > 0 else { return false }
        return !isBreak(children[index - 1])
    }

    private static func isBreak(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
    }

    private static func pair(_ delimiters: inout [Delimiter]) {
        var openers: [Int] = []
        for index in delimiters.indices {
            if delimiters[index].canClose, let opener = openers.popLast() {
                delimiters[index].partner = opener
                delimiters[opener].partner = index
                delimiters[opener].isOpener = true
            } else if delimiters[index].canOpen {
                openers.append(index)
            }
        }
    }

    /// Re-creates `parent`'s children with the paired delimiters turned
    /// into `<del>` nodes.
    private static func rebuild(_ parent: OpaquePointer, children: [OpaquePointer], delimiters: [Delimiter]) {
        var containers: [OpaquePointer] = [parent]
        var nextDelimiter = 0
        for (index, node) in children.enumerated() {
            cmark_node_unlink(node)
            var paired: [Delimiter] = []
            while nextDelimiter < delimiters.count, delimiters[nextDelimiter].child == index {
                if delimiters[nextDelimiter].partner != nil { paired.append(delimiters[nextDelimiter]) }
                nextDelimiter += 1
            }
            if paired.isEmpty {
                if let container = containers.last { cmark_node_append_child(container, node) }
                continue
            }
            let bytes = CmarkNode.literalBytes(node)
            var start = 0
            for delimiter in paired {
                appendText(bytes[start..<delimiter.offset], to: containers)
                if delimiter.isOpener {
                    if let del = CmarkNode.makeCustom(CMARK_NODE_CUSTOM_INLINE, enter: "<del>", exit: "</del>"),
                       let current = containers.last {
                        cmark_node_append_child(current, del)
                        containers.append(del)
                    }
                } else if containers.count > 1 {
                    containers.removeLast()
                }
                start = delimiter.offset + 2
            }
            appendText(bytes[start..<bytes.count], to: containers)
            cmark_node_free(node)
        }
    }

    private static func appendText(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to containers: [OpaquePointer]) {
        guard !bytes.isEmpty, let container = containers.last,
              let text = CmarkNode.make(CMARK_NODE_TEXT, literalBytes: bytes) else { return }
        cmark_node_append_child(container, text)
    }
}

import Bytes
import CCmark

/// The attributes written after a heading, `## Title {#id .class key=value}`
/// (Goldmark and kramdown): the braces leave the heading's text and the
/// attributes go on the `<hN>` tag.
struct HeadingAttributes {
    /// The id after `#`; `nil` when none is given.
    var id: String?
    /// The classes after `.`, in order.
    var classes: [String] = []
    /// Other `key=value` or `key="value"` pairs, in order; event
    /// handlers (`onclick`, any key starting with `on`) are left out,
    /// since Markdown with raw HTML off must not run script.
    var others: [(key: String, value: String)] = []

    /// The attribute text after the id (with a leading space each).
    var htmlAfterID: String {
        var html = ""
        if !classes.isEmpty { html += " class=\"" + HTMLEscaping.text(classes.joined(separator: " ")) + "\"" }
        for (key, value) in others where !Self.isEventHandler(key) {
            html += " " + HTMLEscaping.text(key) + "=\"" + HTMLEscaping.text(value) + "\""
        }
        return html
    }

    /// Whether `key` names an event handler attribute, whose value a
    /// browser runs as script.
    static func isEventHandler(_ key: String) -> Bool {
        key.utf8.count > 2 && key.lowercased().hasPrefix("on")
    }

    /// Takes a trailing `{…}` off `heading`'s last text node and returns
    /// its attributes; `nil` (and the heading unchanged) when the text does
    /// not end with a valid attribute block.
    static func take(from heading: OpaquePointer) -> HeadingAttributes? {
        guard let text = cmark_node_last_child(heading), CmarkNode.isOfType(text, CMARK_NODE_TEXT) else { return nil }
        let bytes = Array(CmarkNode.literalBytes(text))
        guard bytes.last == UInt8(ascii: "}"), let open = bytes.lastIndex(of: UInt8(ascii: "{")) else { return nil }
        guard open == 0 || bytes[open - 1] == 0x20 || bytes[open - 1] == 0x09,
              let attributes = parse(bytes[(open + 1)..<(bytes.count - 1)]) else { return nil }
        var end = open
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if end == 0 {
            CmarkNode.discard(text)
        } else {
            CmarkNode.setLiteral(text, bytes[..<end])
        }
        return attributes
    }

    /// The attributes between the braces, or `nil` when a word is none of
    /// `#id`, `.class`, `key=value`, `key="value"` (curly quotes too, as
    /// smart punctuation leaves them).
    static func parse(_ inside: ArraySlice<UInt8>) -> HeadingAttributes? {
        var attributes = HeadingAttributes()
        let text = String(decoding: inside, as: UTF8.self)
        var scalars = Substring(text).unicodeScalars[...]
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            !isSpace(scalar) && !"{}#.=\"“”".unicodeScalars.contains(scalar)
        }
        var found = false
        while true {
            scalars = scalars.drop(while: isSpace)
            guard let first = scalars.first else { break }
            found = true
            if first == "#" || first == "." {
                let name = scalars.dropFirst().prefix(while: { isNameScalar($0) || $0 == "." && first == "#" })
                guard !name.isEmpty else { return nil }
                scalars = scalars.dropFirst(1 + name.count)
                if first == "#" { attributes.id = String(Substring(name)) } else { attributes.classes.append(String(Substring(name))) }
            } else {
                let key = scalars.prefix(while: isNameScalar)
                guard !key.isEmpty else { return nil }
                scalars = scalars.dropFirst(key.count)
                guard scalars.first == "=" else { return nil }
                scalars = scalars.dropFirst()
                let value: Substring.UnicodeScalarView.SubSequence
                if let quote = scalars.first, quote == "\"" || quote == "“" {
                    let closing: Unicode.Scalar = quote == "\"" ? "\"" : "”"
                    let body = scalars.dropFirst()
                    guard let end = body.firstIndex(of: closing) else { return nil }
                    value = body[..<end]
                    scalars = body[body.index(after: end)...]
                } else {
                    value = scalars.prefix(while: { !isSpace($0) })
                    scalars = scalars.dropFirst(value.count)
                }
                attributes.others.append((String(Substring(key)), String(Substring(value))))
            }
            guard scalars.first.map(isSpace) ?? true else { return nil }
        }
        return found ? attributes : nil
    }
}

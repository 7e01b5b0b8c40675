import Bytes

/// Escapes text for XML and HTML content and attribute values, and drops
/// the characters XML 1.0 forbids: the C0 controls other than tab, line
/// feed and carriage return (a form feed or `\u{01}` pasted into a post),
/// and U+FFFE and U+FFFF. One of them makes a whole feed or sitemap fail to
/// parse, and a reader shows a feed that parses or none of it; they are
/// dropped rather than replaced by U+FFFD because they show nothing in a
/// page either. (Swift strings hold no lone surrogates, the other
/// characters XML forbids.) Every feed and the sitemap are written with it.
/// The five characters are escaped under the attribute policy of
/// `HTMLEscaping`, so the text is also safe in an attribute either way quoted.
func escapeXML(_ text: String) -> String {
    var contiguous = text
    // Over the contiguous bytes: `String.UTF8View` goes through its iterator a byte at a time.
    let needsWork = contiguous.withUTF8 { bytes in
        bytes.contains { byte in
            byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || mayBeForbiddenInXML(byte)
        }
    }
    guard needsWork else { return text }
    return HTMLEscaping.attribute(droppingCharactersXMLForbids(text))
}

/// A C0 control XML forbids, or the lead byte of U+FFFE and U+FFFF (and of their neighbours).
private func mayBeForbiddenInXML(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0xEF }

/// `text` without the C0 controls other than tab, line feed and carriage
/// return, and without U+FFFE and U+FFFF.
private func droppingCharactersXMLForbids(_ text: String) -> String {
    var contiguous = text
    return contiguous.withUTF8 { source in
        // Most text holds none of them (a post's whole HTML, in a feed): then it is not copied.
        guard source.contains(where: mayBeForbiddenInXML) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            let byte = source[index]
            index += 1
            switch byte {
            case 0x09, 0x0A, 0x0D: bytes.append(byte)
            case ..<0x20: break                                                           // a control XML forbids
            case 0xEF where index + 1 < source.count && source[index] == 0xBF && source[index + 1] >= 0xBE:
                index += 2                                                                // U+FFFE, U+FFFF
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Makes root-relative `href` and `src` attributes in rendered HTML absolute,
/// so feed readers, which have no page URL to resolve against, can follow them.
/// Protocol-relative ones (`//host/x.png`) name their host already.
func absolutizingLinks(in html: String, origin: String) -> String {
    guard !origin.isEmpty, ByteSearch.contains("=\"/", in: html) else { return html }
    return prefixingRootRelativeAttributes(in: html) { _ in origin }
}

/// Puts the site's root path (`/blog/`) in front of root-relative `href`
/// and `src` attributes of rendered Markdown (`/images/a.png` →
/// `/blog/images/a.png`), so a site published below a path keeps its images
/// and links working. Links that already start with the root are left alone.
func prefixingRootRelativeLinks(in html: String, root: String) -> String {
    guard root != "/", ByteSearch.contains("=\"/", in: html) else { return html }
    let base = String(root.dropLast())
    return prefixingRootRelativeAttributes(in: html) { $0.hasPrefix(root) ? nil : base }
}

/// The same for HTML as UTF-8 bytes, made a string only when a link needs the root.
func prefixingRootRelativeLinks(in html: [UInt8], root: String) -> [UInt8] {
    guard root != "/", ByteSearch.firstOffset(of: Array("=\"/".utf8), in: html) != nil else { return html }
    return Array(prefixingRootRelativeLinks(in: String(decoding: html, as: UTF8.self), root: root).utf8)
}

/// `html` with each link to a part of its own page (`href="#setup"`) made
/// a link to that part of the page at `path` (`href="/posts/x/#setup"`):
/// a post's summary is shown on list pages and in feeds, where the part
/// is not on the page.
func pointingFragmentLinks(in html: String, at path: String) -> String {
    guard ByteSearch.contains(" href=\"#", in: html) else { return html }
    return html.replacingOccurrences(of: " href=\"#", with: " href=\"\(escapeXML(path))#")
}

/// `html` with `prefix(value)` put in front of the value of each `href` and
/// `src` attribute that starts with a single `/` (protocol-relative
/// `//host/…` ones are left alone); `value` runs from that `/` to the end of
/// `html`, and a nil prefix leaves the attribute as it is.
private func prefixingRootRelativeAttributes(in html: String, with prefix: (Substring) -> String?) -> String {
    var result = ""
    result.reserveCapacity(html.utf8.count + 256)
    var rest = Substring(html)
    let markers = [" href=\"/", " src=\"/"]
    while let next = markers.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
        let value = rest[rest.index(before: next.upperBound)...]
        result += rest[..<value.startIndex]
        if !value.hasPrefix("//"), let prefix = prefix(value) { result += prefix }
        rest = value
    }
    result += rest
    return result
}

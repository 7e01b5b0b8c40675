import Markup

/// `html` with a link to itself at the end of each heading that has an id:
/// `<h2 id="setup">Setup <a class="heading-anchor" href="#setup"
/// aria-label="Link to this section">#</a></h2>`, for a reader to copy.
///
/// Only a post's or page's own page gets the links: feeds and the search
/// index take the content without them, so a feed reader shows no stray
/// `#` and a search for "link" does not find every heading. `headings` are
/// the document's, in order; a heading the HTML does not write as
/// `<hN id="…"` (an empty id, when anchors are off) gets no link.
func addingHeadingLinks(to html: String, headings: [Heading], label: String) -> String {
    guard headings.contains(where: { !$0.id.isEmpty }) else { return html }
    let source = Array(html.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(source.count + headings.count * 96)
    var position = 0
    let escapedLabel = escapeXML(label)
    for heading in headings where !heading.id.isEmpty {
        let id = escapeXML(heading.id)
        let opening = Array("<h\(heading.level) id=\"\(id)\"".utf8)
        guard let start = firstIndex(of: opening, in: source, from: position),
              let end = firstIndex(of: Array("</h\(heading.level)>".utf8), in: source, from: start + opening.count)
        else { continue }
        result += source[position..<end]
        result += Array(" <a class=\"heading-anchor\" href=\"#\(id)\" aria-label=\"\(escapedLabel)\">#</a>".utf8)
        position = end
    }
    result += source[position...]
    return String(decoding: result, as: UTF8.self)
}

/// Where `needle` first occurs in `bytes` at or after `start`.
private func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= bytes.count else { return nil }
    var index = start
    let last = bytes.count - needle.count
    while index <= last {
        if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
        index += 1
    }
    return nil
}

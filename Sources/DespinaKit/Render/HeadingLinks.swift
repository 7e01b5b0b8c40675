import Bytes
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
    addingHeadingLinks(to: UTF8Text(html), headings: headings, label: label)
}

/// `addingHeadingLinks(to:headings:label:)` over the bytes the text is
/// kept in (a post's HTML, read back from the build cache), so that the
/// page's HTML is made into a string once.
func addingHeadingLinks(to html: UTF8Text, headings: [Heading], label: String) -> String {
    guard headings.contains(where: { !$0.id.isEmpty }) else { return html.string }
    let escapedLabel = escapeXML(label)
    let result = html.withUTF8 { source -> [UInt8] in
        let bytes = UnsafeRawBufferPointer(source)
        var result: [UInt8] = []
        result.reserveCapacity(source.count + headings.count * 96)
        var position = 0
        for heading in headings where !heading.id.isEmpty {
            let id = escapeXML(heading.id)
            let opening = Array("<h\(heading.level) id=\"\(id)\"".utf8)
            guard let start = ByteSearch.firstOffset(of: opening, in: bytes, from: position),
                  let end = ByteSearch.firstOffset(of: Array("</h\(heading.level)>".utf8), in: bytes, from: start + opening.count)
            else { continue }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: source[position..<end]))
            result += Array(" <a class=\"heading-anchor\" href=\"#\(id)\" aria-label=\"\(escapedLabel)\">#</a>".utf8)
            position = end
        }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: source[position...]))
        return result
    }
    return String(decoding: result, as: UTF8.self)
}

import Bytes
import Markup
import Mustache

/// Appends the UTF-8 of `html` to `output`, straight from the bytes the
/// text is kept in, with a link to itself at the end of each heading that
/// has an id: `<h2 id="setup">Setup <a class="heading-anchor"
/// href="#setup" aria-label="Link to this section">#</a></h2>`, for a
/// reader to copy.
///
/// Only a post's or page's own page gets the links: feeds and the search
/// index take the content without them, so a feed reader shows no stray
/// `#` and a search for "link" does not find every heading. `headings` are
/// the document's, in order; a heading the HTML does not write as
/// `<hN id="…"` (an empty id, when anchors are off) gets no link.
func appendHeadingLinked(_ html: UTF8Text, headings: [Heading], label: String, to output: inout [UInt8]) {
    html.withUTF8 { source in
        let bytes = UnsafeRawBufferPointer(source)
        output.reserveCapacity(output.count + source.count + headings.count * 96)
        var position = 0
        let escapedLabel = escapeXML(label)
        // Made of bytes, not interpolated strings: every post page has them.
        for heading in headings where !heading.id.isEmpty {
            let (id, level) = (escapeXML(heading.id), UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: heading.level))
            let opening = [UInt8(ascii: "<"), UInt8(ascii: "h"), level] + #" id=""#.utf8 + id.utf8 + [UInt8(ascii: "\"")]
            guard let start = ByteSearch.firstOffset(of: opening, in: bytes, from: position),
                  let end = ByteSearch.firstOffset(of: Array("</h".utf8) + [level, UInt8(ascii: ">")], in: bytes, from: start + opening.count)
            else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: source[position..<end]))
            for part in [##" <a class="heading-anchor" href="#"##, id, #"" aria-label=""#, escapedLabel, ##"">#</a>"##] { output += part.utf8 }
            position = end
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[position...]))
    }
}

/// A post's or page's HTML with its heading links, as `{{{contentHTML}}}`
/// renders it: written into the page from the bytes the HTML is kept in
/// (often read back from the build cache), so the page's largest value is
/// neither copied into a string nor checked as UTF-8 again on its way.
final class HeadingLinkedHTML: MustacheObject {
    private let html: UTF8Text
    private let headings: [Heading]
    private let label: String

    init(_ html: UTF8Text, headings: [Heading], label: String) {
        self.html = html
        self.headings = headings
        self.label = label
    }

    func value(forKey key: String) -> Value? { nil }

    var interpolatedText: String {
        var result: [UInt8] = []
        appendInterpolatedText(to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    func appendInterpolatedText(to output: inout [UInt8]) {
        appendHeadingLinked(html, headings: headings, label: label, to: &output)
    }
}

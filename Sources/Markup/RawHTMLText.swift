/// The text a block of raw HTML shows a reader, for the plain text of a
/// document (what search indexes and reading time counts): tags left out,
/// a line ended where a block element starts or ends, the contents of
/// `script`, `style` and comments left out, character references decoded.
/// Whether the block is passed through or shown escaped, its words are on
/// the page.
enum RawHTMLText {
    /// Elements that start a line of their own.
    private static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "dialog", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
        "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "tr", "ul",
    ]
    /// Elements whose content the page does not show as text.
    private static let hiddenElements: Set<String> = ["script", "style", "template", "noscript"]

    /// Appends the text of `html` to `plain`, ending with a newline.
    static func append(_ html: UnsafeBufferPointer<UInt8>, to plain: inout [UInt8]) {
        var index = 0
        var hidden: String?
        func newline() {
            if let last = plain.last, last != UInt8(ascii: "\n") { plain.append(UInt8(ascii: "\n")) }
        }
        while index < html.count {
            let byte = html[index]
            if byte == UInt8(ascii: "<") {
                if startsWith(html, at: index, "<!--") {
                    index = find(html, "-->", from: index + 4).map { $0 + 3 } ?? html.count
                    continue
                }
                let end = find(html, ">", from: index + 1) ?? html.count
                let (name, isClosing) = tagName(html, from: index + 1, to: end)
                index = min(end + 1, html.count)
                if let open = hidden {
                    if isClosing && name == open { hidden = nil }
                    continue
                }
                if !isClosing && hiddenElements.contains(name) {
                    hidden = name
                } else if blockElements.contains(name) {
                    newline()
                }
                continue
            }
            if hidden != nil {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "&"), let (decoded, length) = reference(html, at: index) {
                plain += decoded
                index += length
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                newline()
            } else {
                plain.append(byte)
            }
            index += 1
        }
        newline()
    }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in (0..<count).allSatisfy { bytes[index + $0] == pattern[$0] } }
    }

    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if startsWith(bytes, at: index, text) { return index }
            index += 1
        }
        return nil
    }

    /// The lowercased name of the tag between `start` and `end`, and
    /// whether it closes an element.
    private static func tagName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (String, Bool) {
        var index = start
        let isClosing = index < end && bytes[index] == UInt8(ascii: "/")
        if isClosing { index += 1 }
        var name: [UInt8] = []
        while index < end {
            let byte = bytes[index]
            let isNameByte = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            guard isNameByte else { break }
            name.append(byte | 0x20)
            index += 1
        }
        return (String(decoding: name, as: UTF8.self), isClosing)
    }

    /// Named references a writer uses in running text.
    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "\u{2014}",
        "ndash": "\u{2013}", "hellip": "\u{2026}", "copy": "\u{A9}", "rsquo": "\u{2019}", "lsquo": "\u{2018}",
        "rdquo": "\u{201D}", "ldquo": "\u{201C}",
    ]

    /// The UTF-8 bytes of the character reference at `index` (`&amp;`,
    /// `&#233;`, `&#xE9;`) and its length, or nil when there is none.
    private static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> ([UInt8], Int)? {
        var end = index + 1
        while end < bytes.count, end - index <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > index + 1 else { return nil }
        let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
        var scalar: Unicode.Scalar?
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            scalar = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if body.hasPrefix("#") {
            scalar = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init)
        } else {
            scalar = named[body]
        }
        guard let scalar else { return nil }
        return (Array(String(Character(scalar)).utf8), end - index + 1)
    }
}

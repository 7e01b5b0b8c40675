import Bytes
import CCmark

/// GitHub's extended autolinks, over cmark's tree: `https://…`, `http://…`,
/// `ftp://…`, `www.…` (linked to `http://www.…`) and e-mail addresses (to
/// `mailto:`) in text become links.
///
/// As in GitHub's spec: a link starts at the start of the text, after a
/// space or after `*`, `_`, `~` or `(`; the domain is segments of letters,
/// digits, `_` and `-` between dots, with no `_` in its last two segments;
/// the link runs to the next space or `<`; trailing `?!.,:*_~` and `"'` are
/// left out, so is a trailing `)` that has no `(` in the link and a
/// trailing entity-like `&name;`. Text inside links, and between a raw
/// `<a …>` and `</a>`, is left alone; code and HTML are never text.
enum Autolinks {
    /// A link found in a text node: its byte range and URL.
    private struct Found {
        var range: Range<Int>
        var url: String
    }

    /// Links the addresses in the text under `root`; returns each new link
    /// with its file position (line, column of its first byte), which the
    /// walk reports as cmark would for a link it made.
    static func apply(below root: OpaquePointer) -> [OpaquePointer: (line: Int, column: Int)] {
        var texts: [OpaquePointer] = []
        // The parents whose raw `<a …>` is open at this point of the walk;
        // the walk meets siblings in order, so one pass finds them all.
        var openRawAnchors: Set<OpaquePointer> = []
        CmarkNode.forEachNode(below: root) { node in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HTML_INLINE:
                guard let parent = cmark_node_parent(node) else { return }
                let html = CmarkNode.literalBytes(node)
                if isTag(html, closing: true) {
                    openRawAnchors.remove(parent)
                } else if isTag(html, closing: false) {
                    openRawAnchors.insert(parent)
                }
            case CMARK_NODE_TEXT:
                guard let parent = cmark_node_parent(node), !openRawAnchors.contains(parent),
                      !isInsideLink(node), mayHoldLink(CmarkNode.literalBytes(node)) else { return }
                texts.append(node)
            default:
                break
            }
        }
        var positions: [OpaquePointer: (line: Int, column: Int)] = [:]
        for text in texts {
            let bytes = Array(CmarkNode.literalBytes(text))
            let found = scan(bytes)
            guard !found.isEmpty else { continue }
            let line = Int(cmark_node_get_start_line(text))
            let column = Int(cmark_node_get_start_column(text))
            var start = 0
            for link in found {
                if start < link.range.lowerBound,
                   let before = CmarkNode.make(CMARK_NODE_TEXT, literalBytes: bytes[start..<link.range.lowerBound]) {
                    cmark_node_insert_before(text, before)
                }
                if let node = cmark_node_new_with_mem(CMARK_NODE_LINK, CmarkMemory.current),
                   let label = CmarkNode.make(CMARK_NODE_TEXT, literalBytes: bytes[link.range]) {
                    cmark_node_set_url(node, link.url)
                    cmark_node_append_child(node, label)
                    cmark_node_insert_before(text, node)
                    positions[node] = (line, column + link.range.lowerBound)
                }
                start = link.range.upperBound
            }
            if start < bytes.count {
                CmarkNode.setLiteral(text, bytes[start...])
            } else {
                CmarkNode.discard(text)
            }
        }
        return positions
    }

    /// Whether `text` has what every link needs: `://` (a scheme's),
    /// `www.` or an `@` (an e-mail address); text with none is not
    /// scanned byte by byte (most paragraphs have a `.` but no link).
    private static func mayHoldLink(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytes = UnsafeRawBufferPointer(text)
        return linkMarks.contains { ByteSearch.firstOffset(of: $0, in: bytes) != nil }
    }

    private static let linkMarks = [Array("@".utf8), Array("://".utf8), Array("www.".utf8)]

    /// Whether `text` is inside a link or image.
    private static func isInsideLink(_ text: OpaquePointer) -> Bool {
        var ancestor = cmark_node_parent(text)
        while let current = ancestor {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { return true }
            if type.rawValue < CMARK_NODE_FIRST_INLINE.rawValue { break }
            ancestor = cmark_node_parent(current)
        }
        return false
    }

    /// Whether `html` is an `<a …>` tag, or with `closing` an `</a>` tag.
    private static func isTag(_ html: UnsafeBufferPointer<UInt8>, closing: Bool) -> Bool {
        let start = closing ? 2 : 1
        guard html.count > start + 1, html[0] == UInt8(ascii: "<"),
              !closing || html[1] == UInt8(ascii: "/"),
              html[start] | 0x20 == UInt8(ascii: "a") else { return false }
        let next = html[start + 1]
        return next == UInt8(ascii: ">") || isSpace(next)
    }

    // MARK: - Scanning

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The links in `bytes`, in order, not overlapping.
    private static func scan(_ bytes: [UInt8]) -> [Found] {
        var found: [Found] = []
        var index = 0
        var consumedUpTo = 0
        while index < bytes.count {
            let byte = bytes[index]
            let atBoundary = index == 0 || isBoundary(bytes[index - 1])
            if atBoundary, byte | 0x20 == UInt8(ascii: "w") || byte | 0x20 == UInt8(ascii: "h") || byte | 0x20 == UInt8(ascii: "f"),
               let link = urlOrWWW(bytes, at: index) {
                found.append(link)
                index = link.range.upperBound
                consumedUpTo = index
                continue
            }
            if byte == UInt8(ascii: "@"), let link = email(bytes, at: index, notBefore: consumedUpTo) {
                found.append(link)
                index = link.range.upperBound
                consumedUpTo = index
                continue
            }
            index += 1
        }
        return found
    }

    /// Whether a link may start after `byte`: a space, or `*`, `_`, `~`, `(`.
    private static func isBoundary(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "("): return true
        default: return isSpace(byte)
        }
    }

    /// Whether `bytes` has the lowercase ASCII `prefix` at `index`, in any
    /// letter case.
    private static func hasPrefix(_ bytes: [UInt8], _ prefix: StaticString, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { expected in
            for offset in 0..<count {
                let byte = bytes[index + offset]
                let wanted = expected[offset]
                let isLetter = wanted >= UInt8(ascii: "a") && wanted <= UInt8(ascii: "z")
                if isLetter ? byte | 0x20 != wanted : byte != wanted { return false }
            }
            return true
        }
    }

    private static func urlOrWWW(_ bytes: [UInt8], at start: Int) -> Found? {
        // `www.` in lowercase only, schemes in any case, as on GitHub.
        let isWWW = bytes[start...].starts(with: "www.".utf8)
        var domainStart = start
        if !isWWW {
            if hasPrefix(bytes, "https://", at: start) {
                domainStart = start + 8
            } else if hasPrefix(bytes, "http://", at: start) || hasPrefix(bytes, "ftp://", at: start) {
                domainStart = start + (bytes[start] | 0x20 == UInt8(ascii: "f") ? 6 : 7)
            } else {
                return nil
            }
            guard domainStart < bytes.count, isAlphanumeric(bytes[domainStart]) else { return nil }
        }
        guard let domainEnd = domain(bytes, from: domainStart, allowShort: !isWWW) else { return nil }
        var end = domainEnd
        while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "<") { end += 1 }
        end = trimmedEnd(bytes, start: start, end: end)
        guard end >= domainEnd else { return nil }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return Found(range: start..<end, url: isWWW ? "http://" + text : text)
    }

    /// The end of a valid domain starting at `start`, or `nil`.
    private static func domain(_ bytes: [UInt8], from start: Int, allowShort: Bool) -> Int? {
        var index = start
        var periods = 0
        var underscoreInSegment = [false]
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                // A period must be followed by another segment.
                guard index + 1 < bytes.count, isDomainByte(bytes[index + 1]) else { break }
                periods += 1
                underscoreInSegment.append(false)
            } else if byte == UInt8(ascii: "_") {
                underscoreInSegment[underscoreInSegment.count - 1] = true
            } else if !isDomainByte(byte) {
                break
            }
            index += 1
        }
        guard index > start, periods > 0 || allowShort else { return nil }
        if underscoreInSegment.suffix(2).contains(true) { return nil }
        return index
    }

    private static func isDomainByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// `end` with trailing punctuation, unbalanced `)` and an entity-like
    /// `&name;` left out.
    private static func trimmedEnd(_ bytes: [UInt8], start: Int, end: Int) -> Int {
        var end = end
        var opening = 0
        var closing = 0
        for byte in bytes[start..<end] {
            if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
        }
        while end > start {
            let last = bytes[end - 1]
            if "?!.,:*_~\"'".utf8.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ")") {
                guard closing > opening else { break }
                closing -= 1
                end -= 1
            } else if last == UInt8(ascii: ";") {
                var name = end - 1
                while name > start, isAlphanumeric(bytes[name - 1]) { name -= 1 }
                guard name > start, name < end - 1, bytes[name - 1] == UInt8(ascii: "&") else { break }
                end = name - 1
            } else {
                break
            }
        }
        return end
    }

    /// The e-mail address around the `@` at `at`, starting at or after
    /// `notBefore`.
    private static func email(_ bytes: [UInt8], at: Int, notBefore: Int) -> Found? {
        func isLocalByte(_ byte: UInt8) -> Bool {
            isAlphanumeric(byte) || ".-_+".utf8.contains(byte)
        }
        var start = at
        while start > notBefore, isLocalByte(bytes[start - 1]) { start -= 1 }
        guard start < at else { return nil }
        var end = at + 1
        var periods = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: ".") {
                guard end + 1 < bytes.count, isAlphanumeric(bytes[end + 1]) else { break }
                periods += 1
            } else if !(isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")) {
                break
            }
            end += 1
        }
        guard end > at + 1, periods > 0 else { return nil }
        // The address must end in a letter (`a@b.c-`, `a@b.c_`, `a@b.c1` are
        // none).
        let last = bytes[end - 1] | 0x20
        guard last >= UInt8(ascii: "a") && last <= UInt8(ascii: "z") else { return nil }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return Found(range: start..<end, url: "mailto:" + text)
    }
}

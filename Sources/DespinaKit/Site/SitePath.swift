import Foundation

/// Paths of pages below the site root (`/posts/closures/`), checked so that
/// nothing a writer types (slug, alias, permalink) leaves the output folder.
enum SitePath {
    /// Normalizes a path a writer wrote: percent-decoded, `.` removed, `..`
    /// applied, one leading `/`, a trailing `/` unless it names a file.
    /// Returns nil when the path would climb above the root or holds a
    /// backslash or a NUL.
    static func normalize(_ raw: String) -> String? {
        if let plain = plainPath(raw) { return plain }
        var text = raw
        if let schemeEnd = schemeSeparatorEnd(in: text) {
            // A full URL: keep its path only.
            let afterScheme = text[schemeEnd...]
            text = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
        }
        if let cut = text.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            text = String(text[..<cut])
        }
        let decoded = text.utf8.contains(UInt8(ascii: "%")) ? (text.removingPercentEncoding ?? text) : text
        if decoded.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0 }) { return nil }
        var components: [Substring] = []
        for component in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if components.isEmpty { return nil }
                components.removeLast()
                continue
            }
            components.append(component)
        }
        if components.isEmpty { return "/" }
        let joined = "/" + components.joined(separator: "/")
        let last = components[components.count - 1]
        let namesFile = last.utf8.contains(UInt8(ascii: ".")) && !decoded.hasSuffix("/")
        return namesFile ? joined : joined + "/"
    }

    /// The normal form of `raw` when it needs no decoding or resolving:
    /// one leading `/`, no empty, `.` or `..` segment, none of `?#%\\`
    /// or NUL (so no scheme either). Nil when the long way is needed.
    /// Most URLs made from slugs take this way.
    private static func plainPath(_ raw: String) -> String? {
        let utf8 = raw.utf8
        guard utf8.first == UInt8(ascii: "/") else { return nil }
        var length = 0  // bytes of the current segment
        var onlyDots = true
        var hasDot = false
        for byte in utf8.dropFirst() {
            switch byte {
            case UInt8(ascii: "/"):
                if length == 0 || (onlyDots && length <= 2) { return nil }
                length = 0
                onlyDots = true
                hasDot = false
            case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "\\"), 0:
                return nil
            case UInt8(ascii: "."):
                length += 1
                hasDot = true
            default:
                length += 1
                onlyDots = false
            }
        }
        if length == 0 { return raw }
        if onlyDots && length <= 2 { return nil }
        return hasDot ? raw : raw + "/"
    }

    /// Where the path of `text` starts when it is a full URL: just after
    /// the first `://`.
    static func schemeSeparatorEnd(in text: String) -> String.Index? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let colon = utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            let rest = utf8[utf8.index(after: colon)...]
            if rest.starts(with: "//".utf8) { return utf8.index(colon, offsetBy: 3) }
            index = utf8.index(after: colon)
        }
        return nil
    }

    /// The output file that serves `path`: `posts/x/index.html` for
    /// `/posts/x/`, the path itself for `/feed.xml`.
    static func outputFile(for path: String) -> String {
        // By byte when ASCII (every page of every build), copied once into a
        // string of its final size; in other text a slash may join the
        // character after it.
        let ascii = path.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            // All ASCII: no byte has its high bit (one OR over them, no branch a byte).
            guard bytes.reduce(0, |) < 0x80 else { return nil }
            let relative = UnsafeBufferPointer(rebasing: bytes.drop { $0 == UInt8(ascii: "/") })
            let index = relative.isEmpty || bytes.last == UInt8(ascii: "/") ? indexFile : []
            return String(unsafeUninitializedCapacity: relative.count + index.count) { buffer in
                UnsafeMutableBufferPointer(rebasing: buffer[buffer.initialize(fromContentsOf: relative)...])
                    .initialize(fromContentsOf: index) + relative.count
            }
        }
        if let ascii = ascii ?? nil { return ascii }
        let relative = String(path.drop { $0 == "/" })
        return relative.isEmpty || path.hasSuffix("/") ? relative + "index.html" : relative
    }

    private static let indexFile = Array("index.html".utf8)
}

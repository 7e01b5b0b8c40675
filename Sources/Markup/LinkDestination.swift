/// Classifies link destinations.
enum LinkDestination {
    /// Whether `destination` points to a Markdown file of the site: it has
    /// no URL scheme, is not protocol-relative, and its path (before `?` or
    /// `#`) ends in `.md` or `.markdown`, in any letter case.
    static func pointsToMarkdownFile(_ destination: String) -> Bool {
        let bytes = Array(destination.utf8)
        if bytes.starts(with: "//".utf8) { return false }
        let pathEnd = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        let path = bytes[..<pathEnd]
        if let colon = path.firstIndex(of: UInt8(ascii: ":")),
           !path[..<colon].contains(UInt8(ascii: "/")) {
            return false
        }
        let reversedLowercase = path.reversed().map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return reversedLowercase.starts(with: "dm.".utf8) || reversedLowercase.starts(with: "nwodkram.".utf8)
    }

    /// Whether `destination` is a path relative to the document it is
    /// written in (`photo.jpg`, `../images/a.png`): not empty, without a URL
    /// scheme, and not starting with `/` (root-relative or
    /// protocol-relative), `#` or `?`.
    static func isDocumentRelative(_ destination: String) -> Bool {
        guard let first = destination.utf8.first,
              first != UInt8(ascii: "/"), first != UInt8(ascii: "#"), first != UInt8(ascii: "?")
        else { return false }
        let path = destination.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        if let colon = path.firstIndex(of: UInt8(ascii: ":")), !path[..<colon].contains(UInt8(ascii: "/")) {
            return false
        }
        return true
    }
}

/// Classifies link destinations.
enum LinkDestination {
    /// Whether `destination` points to a Markdown file of the site: it has
    /// no URL scheme, is not protocol-relative, and its path (before `?` or
    /// `#`) ends in `.md` or `.markdown`, in any letter case.
    static func pointsToMarkdownFile(_ destination: String) -> Bool {
        if destination.utf8.starts(with: "//".utf8) { return false }
        let path = self.path(of: destination)
        if hasScheme(path) { return false }
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
        return !hasScheme(path(of: destination))
    }

    /// The UTF-8 bytes of `destination` before its query or fragment.
    private static func path(of destination: String) -> Substring.UTF8View {
        Substring(destination).utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    }

    /// Whether `path` starts with a URL scheme (`https:`, `mailto:`): a
    /// colon before any `/`.
    private static func hasScheme(_ path: Substring.UTF8View) -> Bool {
        guard let colon = path.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return !path[..<colon].contains(UInt8(ascii: "/"))
    }
}

/// Which URLs a link or an image of a document may point to: an allow-list
/// of schemes, because a `javascript:` (or `vbscript:`, `data:text/html`)
/// link runs script on the site's origin when it is clicked, whatever the
/// raw HTML setting.
///
/// cmark has a filter of its own, but it runs only without
/// `CMARK_OPT_UNSAFE`, which the renderer needs for the HTML it makes
/// (headings with ids, highlighted code); so the document checks each
/// link's and image's URL here, after cmark decoded its entities and
/// backslash escapes (`&#106;avascript:` is `javascript:` by then).
///
/// Allowed: URLs without a scheme (`/a/`, `../b.md`, `photo.jpg`,
/// `//host/x`, `?q`, `#part`, the empty URL), `http:`, `https:`, `mailto:`,
/// `tel:`, `sms:`, `ftp:` (GitHub's extended autolinks make `ftp://` links),
/// `irc:`, `ircs:` and `xmpp:`; for images also `data:image/png`, `data:image/gif`, `data:image/jpeg` and
/// `data:image/webp`, as cmark allows. Everything else with a scheme is
/// refused, `file:` and made-up schemes too: the list is short so that no
/// scheme a browser runs script for can slip through.
public enum LinkSchemes {
    /// The schemes a link or an image may have, in lowercase, in the order
    /// a message lists them. Each is handed to a program of its own, never
    /// run in the page; `irc:` and `xmpp:` links are common in project blogs.
    public static let allowedSchemes: [String] = ["http", "https", "mailto", "tel", "sms", "ftp", "irc", "ircs", "xmpp"]
    /// The `data:` media types an image may have, in lowercase.
    public static let allowedImageDataTypes: [String] = ["image/png", "image/gif", "image/jpeg", "image/webp"]

    /// Whether `url`, as cmark decoded it, may be the `href` of a link
    /// (`isImage` false) or the `src` of an image.
    ///
    /// A browser reads a scheme as the text before the first `:` when that
    /// text is a letter followed by letters, digits, `+`, `-` and `.`;
    /// otherwise (`foo):`, `/a:b`) the URL is a path. Before reading it,
    /// it removes the tabs and newlines anywhere in the URL and the controls
    /// and spaces at its ends (`java\tscript:` is `javascript:` to it);
    /// here every control and space is removed, wherever it is, so that a
    /// reader less careful than a browser is covered too (`java\u{0B}script:`
    /// is refused, though a browser takes it for a path).
    public static func isAllowed(_ url: String, isImage: Bool) -> Bool {
        let bytes = url.utf8.filter { $0 > 0x20 && $0 != 0x7F }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), isScheme(bytes[..<colon]) else { return true }
        let scheme = String(decoding: bytes[..<colon].map(lowercased), as: UTF8.self)
        if allowedSchemes.contains(scheme) { return true }
        guard isImage, scheme == "data" else { return false }
        let type = String(decoding: bytes[(colon + 1)...].prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ",") }
            .map(lowercased), as: UTF8.self)
        return allowedImageDataTypes.contains(type)
    }

    /// Whether `bytes` are a scheme's: an ASCII letter, then ASCII letters,
    /// digits, `+`, `-` and `.`.
    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy {
            isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}

/// Finds the ids a theme's templates give their elements (`<main
/// id="main">`), so that heading anchors in posts can keep clear of them.
///
/// Only literal values count: `id="{{slug}}"` depends on the page and is
/// skipped. This is a scan of attributes, not an HTML parser; an `id="…"`
/// inside a comment or a script counts too, which only reserves an id more.
enum TemplateElementIDs {
    /// The literal ids in `sources`.
    static func ids(in sources: some Sequence<String>) -> Set<String> {
        var ids = Set<String>()
        for source in sources { ids.formUnion(self.ids(in: source)) }
        return ids
    }

    /// The literal ids in one template source.
    static func ids(in source: String) -> Set<String> {
        var ids = Set<String>()
        let bytes = Array(source.utf8)
        var index = 0
        while index + 3 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "i"), bytes[index + 1] == UInt8(ascii: "d"),
                  index > 0, HTMLAttributeScanner.isSpace(bytes[index - 1]) else { continue }
            var cursor = index + 2
            while cursor < bytes.count, HTMLAttributeScanner.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            while cursor < bytes.count, HTMLAttributeScanner.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'")
            else { continue }
            let quote = bytes[cursor]
            let start = cursor + 1
            guard let end = bytes[start...].firstIndex(of: quote) else { break }
            let value = bytes[start..<end]
            if !value.isEmpty, !value.contains(where: HTMLAttributeScanner.isSpace), !value.contains(UInt8(ascii: "{")) {
                ids.insert(String(decoding: value, as: UTF8.self))
            }
            index = end
        }
        return ids
    }
}

import Bytes

/// A kramdown inline attribute list, `{: .note #intro width="300"}`, as
/// Jekyll sites write after an image or link, or on the line after a block,
/// to give that element attributes.
///
/// Only the attributes that describe the element are kept: `id`, `class`
/// (`.name` adds one), `width`, `height`, `alt` and `title`. Others
/// (`target="_blank"`, `style`, event handlers) are dropped and named in
/// ``droppedKeys``: a post's text should not be able to open windows or
/// run scripts when its raw HTML is off.
public struct AttributeList: Sendable, Hashable {
    public var id: String?
    public var classes: [String] = []
    /// `width`, `height`, `alt` and `title`, in the order written.
    public var values: [KeyValue] = []
    /// The keys that were written but are not kept, in the order written.
    public var droppedKeys: [String] = []

    /// One attribute and its value.
    public struct KeyValue: Sendable, Hashable {
        public var key: String
        public var value: String
    }

    static let keptKeys: Set<String> = ["width", "height", "alt", "title"]

    /// The value of a kept attribute (`alt`, `title`…), or nil.
    public func value(_ key: String) -> String? {
        values.last { $0.key == key }?.value
    }

    /// Reads `text`, which is the whole list from `{:` to `}`; nil when it
    /// is not one, or uses what is not an attribute (`{:toc}`, a reference
    /// to a named list, `{::options}`).
    public static func parse(_ text: some StringProtocol) -> AttributeList? {
        var scalars = Array(text.unicodeScalars)[...]
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        scalars = scalars.drop { $0 == " " || $0 == "\t" }
        guard scalars.count >= 3, scalars.first == "{", scalars.dropFirst().first == ":", scalars.last == "}" else {
            return nil
        }
        var rest = scalars.dropFirst(2).dropLast()
        guard rest.first != ":" else { return nil }
        var list = AttributeList()
        var sawAny = false
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { break }
            sawAny = true
            if first == "." || first == "#" {
                let name = rest.dropFirst().prefix { !isSeparator($0) }
                guard !name.isEmpty else { return nil }
                let text = String(String.UnicodeScalarView(name))
                if first == "." { list.classes.append(text) } else { list.id = text }
                rest = rest[name.endIndex...]
                continue
            }
            let key = rest.prefix { !isSeparator($0) && $0 != "=" }
            guard !key.isEmpty, key.endIndex < rest.endIndex, rest[key.endIndex] == "=" else { return nil }
            var valueStart = rest[rest.index(after: key.endIndex)...]
            let value: String
            if let open = valueStart.first, let close = closingQuote(for: open) {
                valueStart = valueStart.dropFirst()
                guard let end = valueStart.firstIndex(where: { $0 == close || (open == "“" && $0 == "”") }) else { return nil }
                value = String(String.UnicodeScalarView(valueStart[..<end]))
                rest = valueStart[valueStart.index(after: end)...]
            } else {
                let word = valueStart.prefix { !isSeparator($0) }
                value = String(String.UnicodeScalarView(word))
                rest = valueStart[word.endIndex...]
            }
            let name = String(String.UnicodeScalarView(key)).lowercased()
            switch name {
            case "id": list.id = value
            case "class": list.classes += value.split(separator: " ").map(String.init)
            case _ where keptKeys.contains(name): list.values.append(KeyValue(key: name, value: value))
            default: list.droppedKeys.append(name)
            }
        }
        return sawAny ? list : nil
    }

    /// The quote that ends a value opened by `open`: straight quotes, and
    /// the curly ones smart punctuation turns them into.
    private static func closingQuote(for open: Unicode.Scalar) -> Unicode.Scalar? {
        switch open {
        case "\"": "\""
        case "'": "'"
        case "“": "”"
        case "”": "”"
        case "‘": "’"
        case "’": "’"
        default: nil
        }
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// ` id="…" class="…" width="…"…`, escaped, for an element's start tag.
    func html() -> String {
        var html = ""
        if let id { html += " id=\"" + HTMLEscaping.text(id) + "\"" }
        if !classes.isEmpty { html += " class=\"" + HTMLEscaping.text(classes.joined(separator: " ")) + "\"" }
        for value in values {
            html += " " + value.key + "=\"" + HTMLEscaping.text(value.value) + "\""
        }
        return html
    }

    /// This list with `other`'s attributes added (a later one wins).
    func merging(_ other: AttributeList) -> AttributeList {
        var merged = self
        if let id = other.id { merged.id = id }
        merged.classes += other.classes
        merged.values += other.values
        merged.droppedKeys += other.droppedKeys
        return merged
    }

    /// `html` (an element's HTML) with these attributes added at the end of
    /// its first start tag (`<img src="a.png" alt="" />` → `<img src="a.png"
    /// alt="" class="x" />`); classes join a `class` the tag has already
    /// (`<pre class="code">`). Nil when `html` does not start with a tag.
    func inserted(into html: String) -> String? {
        guard html.hasPrefix("<"), html.dropFirst().first?.isLetter == true,
              var tagEnd = html.firstIndex(of: ">")
        else { return nil }
        if html[..<tagEnd].hasSuffix(" /") { tagEnd = html.index(tagEnd, offsetBy: -2) }
        var list = self
        var tag = String(html[..<tagEnd])
        if !classes.isEmpty, let existing = tag.range(of: " class=\"") {
            tag.insert(contentsOf: HTMLEscaping.text(classes.joined(separator: " ")) + " ", at: existing.upperBound)
            list.classes = []
        }
        return tag + list.html() + String(html[tagEnd...])
    }
}

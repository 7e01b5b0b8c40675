/// A heading of a document, with the anchor id it carries in the HTML.
public struct Heading: Sendable, Hashable {
    /// 1 for `#`, up to 6 for `######`.
    public var level: Int
    /// The heading's text, without markup.
    public var title: String
    /// The unique id in the HTML (`ky-thuat`, `ky-thuat-1`, ...), or the id
    /// written after the heading (`{#id}`); empty when heading anchors are
    /// off and no id is written.
    public var id: String

    /// Creates a heading.
    public init(level: Int, title: String, id: String) {
        self.level = level
        self.title = title
        self.id = id
    }
}

/// An entry of a nested table of contents: a heading and the headings below
/// it up to the next heading of its level or higher.
public struct TableOfContentsEntry: Sendable, Hashable {
    /// The heading itself.
    public var heading: Heading
    /// The headings nested under it.
    public var children: [TableOfContentsEntry]

    /// Creates an entry.
    public init(heading: Heading, children: [TableOfContentsEntry] = []) {
        self.heading = heading
        self.children = children
    }

    /// Nests `headings` by level: each heading contains the following
    /// deeper headings. A jump of several levels nests one step only.
    public static func nest(_ headings: [Heading]) -> [TableOfContentsEntry] {
        var index = 0
        return nestedEntries(headings, from: &index, deeperThan: 0)
    }

    private static func nestedEntries(
        _ headings: [Heading], from index: inout Int, deeperThan parentLevel: Int
    ) -> [TableOfContentsEntry] {
        var entries: [TableOfContentsEntry] = []
        while index < headings.count, headings[index].level > parentLevel {
            let heading = headings[index]
            index += 1
            let children = nestedEntries(headings, from: &index, deeperThan: heading.level)
            entries.append(TableOfContentsEntry(heading: heading, children: children))
        }
        return entries
    }
}

/// A link or image of a document and where it is written.
public struct LinkReference: Sendable, Hashable {
    /// The destination as written in the Markdown (entities and backslash
    /// escapes resolved), e.g. `../posts/closures.md#captures`.
    public var destination: String
    /// The URL in the HTML: the destination after the link resolver, or the
    /// destination itself when the resolver left it.
    public var url: String
    /// The 1-based line of the link's opening bracket, in the file's
    /// coordinates.
    public var line: Int
    /// The 1-based byte column of the link's opening bracket (`!` for
    /// images).
    public var column: Int

    /// Creates a link reference.
    public init(destination: String, url: String, line: Int, column: Int) {
        self.destination = destination
        self.url = url
        self.line = line
        self.column = column
    }
}

/// A link or image whose URL has a scheme ``LinkSchemes`` refuses
/// (`javascript:`, `vbscript:`, `data:text/html`): the document shows its
/// text in its place, without a link, and the caller warns at its place.
public struct RefusedLink: Sendable, Hashable {
    /// The URL as cmark decoded it (entities and backslash escapes
    /// resolved), e.g. `javascript:alert(1)`.
    public var url: String
    /// Whether it is an image (`![alt](url)`), whose alt text is shown.
    public var isImage: Bool
    /// The 1-based line of its opening bracket (`!` for an image, `<` for
    /// an autolink), in the file's coordinates.
    public var line: Int
    /// The 1-based byte column of its opening bracket.
    public var column: Int

    /// Creates a refused link.
    public init(url: String, isImage: Bool, line: Int, column: Int) {
        self.url = url
        self.isImage = isImage
        self.line = line
        self.column = column
    }
}

/// Where a document first has raw HTML that its options escape, for a
/// warning: a post written for a generator that passes HTML through would
/// otherwise show its tags as text without a word.
public struct RawHTMLPlace: Sendable, Hashable {
    /// The 1-based line, in the file's coordinates.
    public var line: Int
    /// The 1-based byte column.
    public var column: Int
    /// The start of the HTML as written, up to the end of its first tag
    /// (at most 40 bytes), e.g. `<div class="note">`.
    public var tag: String
}

/// The first attribute of a kramdown attribute list that was not kept
/// (`target="_blank"`), for a warning.
public struct DroppedAttribute: Sendable, Hashable {
    /// The attribute's name, in lowercase.
    public var key: String
    /// The 1-based line and byte column of its list, in the file's coordinates.
    public var line: Int
    public var column: Int
}

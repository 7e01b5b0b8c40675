/// A Markdown document parsed once by cmark, with everything a blog needs
/// from it: the HTML, the summary, the headings, the plain text for search,
/// the word count and the links and images.
///
///     let document = Document(markdown: "# Kỹ thuật\n\nHello *world*.\n")
///     document.html       // "<h1 id=\"ky-thuat\">Kỹ thuật</h1>\n<p>Hello <em>world</em>.</p>\n"
///     document.headings   // [Heading(level: 1, title: "Kỹ thuật", id: "ky-thuat")]
public struct Document: Sendable {
    /// The HTML of the whole document, as UTF-8 bytes: a site writes them
    /// as they are, without making a string of them.
    public let htmlBytes: [UInt8]
    /// The HTML of the whole document.
    public var html: String { String(decoding: htmlBytes, as: UTF8.self) }
    /// The HTML of the content before `<!--more-->`, or else of the first
    /// top-level paragraph; empty when there is neither.
    public let summaryHTML: String
    /// Whether the document has a `<!--more-->` marker.
    public let hasExplicitSummary: Bool
    /// The headings in document order.
    public let headings: [Heading]
    /// The text of the document without markup, for search: paragraphs and
    /// headings separated by newlines, code blocks left out; as UTF-8
    /// bytes, which a site analyses and writes without making a string.
    public let plainTextBytes: [UInt8]
    /// The text of the code blocks, one after the other, as UTF-8 bytes.
    public let codeTextBytes: [UInt8]
    /// ``plainTextBytes`` as a string.
    public var plainText: String { String(decoding: plainTextBytes, as: UTF8.self) }
    /// ``codeTextBytes`` as a string.
    public var codeText: String { String(decoding: codeTextBytes, as: UTF8.self) }
    /// The text of the headings, one per line.
    public let headingText: String
    /// The number of words in ``plainText``.
    public let wordCount: Int
    /// The minutes a reader needs at about 220 words a minute; at least 1.
    public let readingMinutes: Int
    /// The links, in document order.
    public let links: [LinkReference]
    /// The images, in document order.
    public let images: [LinkReference]
    /// The links and images whose URL ``LinkSchemes`` refuses, in document
    /// order: each is shown as its text (an image as its alt text), without
    /// a link, in ``html`` and ``summaryHTML``, and is left out of ``links``
    /// and ``images``.
    public let refusedLinks: [RefusedLink]
    /// The first raw HTML (not a comment) that the options escaped, or nil
    /// when there is none or raw HTML is allowed.
    public let firstRawHTML: RawHTMLPlace?
    /// The first attribute of a kramdown attribute list that was left out
    /// (one not in ``AttributeList``'s kept set), or nil.
    public let firstDroppedAttribute: DroppedAttribute?

    /// The headings nested by level, for a table of contents.
    public var tableOfContents: [TableOfContentsEntry] {
        TableOfContentsEntry.nest(headings)
    }

    /// Parses `markdown` and renders it.
    ///
    /// - Parameters:
    ///   - markdown: The body of a post (without its front matter).
    ///   - options: The Markdown options for this post.
    ///   - highlighter: Turns each code block into HTML.
    ///   - linkResolver: Given the destination of a link to a `.md` or
    ///     `.markdown` file without a URL scheme, as written (e.g.
    ///     `../posts/closures.md#captures`), or of a link or image relative
    ///     to the document (`photo.jpg`), returns the URL to use instead, or
    ///     `nil` to leave the destination as it is.
    ///   - firstLineNumber: The line of the file on which `markdown` starts,
    ///     so that link positions are in the file's coordinates (the
    ///     `bodyFirstLine` of ``FrontMatter/split(_:)``).
    ///   - trustedHTML: HTML fragments the caller made, each put where the
    ///     Markdown has ``TrustedHTML/placeholder(_:)`` of its index, even
    ///     when `options` escape raw HTML.
    public init(
        markdown: String,
        options: MarkdownOptions = MarkdownOptions(),
        highlighter: any CodeHighlighter = EscapingHighlighter(),
        linkResolver: (@Sendable (String) -> String?)? = nil,
        firstLineNumber: Int = 1,
        trustedHTML: [String] = []
    ) {
        var builder = DocumentBuilder(
            options: options, highlighter: highlighter,
            linkResolver: linkResolver, lineOffset: firstLineNumber - 1, trustedHTML: trustedHTML)
        var source = markdown
        let parts = source.withUTF8 { builder.build(source: $0) }
        htmlBytes = parts.html
        summaryHTML = parts.summaryHTML
        hasExplicitSummary = parts.hasExplicitSummary
        headings = parts.headings
        plainTextBytes = parts.plainText
        codeTextBytes = parts.codeText
        headingText = parts.headingText
        wordCount = parts.plainText.withUnsafeBufferPointer(TextStatistics.wordCount(ofUTF8:))
        readingMinutes = TextStatistics.readingMinutes(forWordCount: wordCount)
        links = parts.links
        images = parts.images
        refusedLinks = parts.refusedLinks
        firstRawHTML = parts.firstRawHTML
        firstDroppedAttribute = parts.firstDroppedAttribute
    }
}

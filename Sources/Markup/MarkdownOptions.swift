/// How Markdown is turned into HTML, set per site and overridden per post.
///
/// The extensions (tables, strikethrough, heading anchors, footnotes, task
/// lists, autolinks, heading attributes, alerts, definition lists) are on by
/// default, because posts moved from GitHub, Hugo or Jekyll use them, and
/// can be switched off one by one; ``commonMark`` switches them all off.
public struct MarkdownOptions: Sendable, Hashable {
    /// Straight quotes become curly, `--` an en dash, `---` an em dash and
    /// `...` an ellipsis.
    public var smartPunctuation: Bool
    /// Every line break in a paragraph becomes `<br />`, so poems keep their
    /// lines.
    public var hardLineBreaks: Bool
    /// Whether HTML written in the Markdown passes into the output. When off,
    /// HTML tags are shown as escaped text and HTML comments are dropped.
    public var allowsRawHTML: Bool
    /// GitHub-style pipe tables.
    public var tables: Bool
    /// `~~text~~` becomes `<del>text</del>`.
    public var strikethrough: Bool
    /// Headings carry an `id` attribute made from their text.
    public var headingAnchors: Bool
    /// kramdown's attribute lists (`![x](a.png){: width="300"}`, `{: .note}`
    /// on the line after a block) give the element before them attributes;
    /// see ``AttributeList``.
    public var attributeLists: Bool

    /// How a heading's text becomes its id; the style of the generator a
    /// blog comes from keeps old links to its headings working.
    public var headingIDStyle: HeadingIDStyle
    /// Ids the page around the document already uses (`main`, `search`):
    /// a heading whose id would be one of them gets a numbered id instead
    /// (`main-1`), as a repeated heading does, so no id is on the page twice.
    public var reservedIDs: Set<String>
    /// `[^1]` references and `[^1]: text` notes, rendered as GitHub renders
    /// them: numbered superscript links and a list of notes at the end.
    public var footnotes: Bool
    /// Put before every footnote id (`fn-1` becomes `PREFIXfn-1`), so that a
    /// page showing several documents has each note's id once.
    public var footnoteIDPrefix: String
    /// `- [ ] task` and `- [x] done` list items start with a disabled
    /// checkbox.
    public var taskLists: Bool
    /// Bare `https://…`, `http://…`, `www.…` and e-mail addresses become
    /// links, as on GitHub.
    public var autolinks: Bool
    /// `## Title {#id .class}` sets the heading's id and classes, as in
    /// Goldmark and kramdown.
    public var headingAttributes: Bool
    /// Block quotes starting with `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
    /// `[!WARNING]` or `[!CAUTION]` become GitHub-style alerts.
    public var alerts: Bool
    /// A line followed by `: definition` lines becomes a definition list,
    /// as in PHP Markdown Extra, Goldmark and kramdown.
    public var definitionLists: Bool

    /// Creates options; the defaults suit a blog post.
    public init(
        smartPunctuation: Bool = true,
        hardLineBreaks: Bool = false,
        allowsRawHTML: Bool = false,
        tables: Bool = true,
        strikethrough: Bool = true,
        headingAnchors: Bool = true,
        headingIDStyle: HeadingIDStyle = .despina,
        reservedIDs: Set<String> = [],
        footnotes: Bool = true,
        footnoteIDPrefix: String = "",
        taskLists: Bool = true,
        autolinks: Bool = true,
        headingAttributes: Bool = true,
        alerts: Bool = true,
        definitionLists: Bool = true,
        attributeLists: Bool = true
    ) {
        self.smartPunctuation = smartPunctuation
        self.hardLineBreaks = hardLineBreaks
        self.allowsRawHTML = allowsRawHTML
        self.tables = tables
        self.strikethrough = strikethrough
        self.headingAnchors = headingAnchors
        self.headingIDStyle = headingIDStyle
        self.reservedIDs = reservedIDs
        self.attributeLists = attributeLists
        self.footnotes = footnotes
        self.footnoteIDPrefix = footnoteIDPrefix
        self.taskLists = taskLists
        self.autolinks = autolinks
        self.headingAttributes = headingAttributes
        self.alerts = alerts
        self.definitionLists = definitionLists
    }

    /// Plain CommonMark 0.30: no extensions, raw HTML passed through, no
    /// smart punctuation.
    public static let commonMark = MarkdownOptions(
        smartPunctuation: false, allowsRawHTML: true,
        tables: false, strikethrough: false, headingAnchors: false,
        footnotes: false, taskLists: false, autolinks: false,
        headingAttributes: false, alerts: false, definitionLists: false, attributeLists: false)

    /// Whether any extension that reads the text of inlines is on; those
    /// first join the text nodes cmark leaves split at brackets and
    /// underscores.
    var readsInlineText: Bool {
        footnotes || taskLists || autolinks || headingAttributes || alerts || definitionLists
    }
}

import Bytes
import CCmark
import TextFolding

/// What a ``DocumentBuilder`` produces; ``Document`` adds the statistics.
struct DocumentParts {
    var html: [UInt8] = []
    var summaryHTML = ""
    var hasExplicitSummary = false
    var headings: [Heading] = []
    var plainText: [UInt8] = []
    var codeText: [UInt8] = []
    var headingText = ""
    var links: [LinkReference] = []
    var images: [LinkReference] = []
    var refusedLinks: [RefusedLink] = []
    var firstRawHTML: RawHTMLPlace?
    var firstDroppedAttribute: DroppedAttribute?
}

/// Parses Markdown with cmark, walks the tree once to collect what the
/// document needs and to find the nodes to change, changes them, and
/// renders.
///
/// cmark renders with raw HTML allowed; HTML written by the user is escaped
/// or dropped in the walk when the options forbid it, so only the HTML made
/// here (headings with ids, highlighted code, tables) goes out unescaped.
/// For the same reason cmark's filter of dangerous URLs does not run: links
/// and images are checked against ``LinkSchemes`` before the walk, whatever
/// the raw HTML setting.
struct DocumentBuilder {
    let options: MarkdownOptions
    let highlighter: any CodeHighlighter
    let linkResolver: (@Sendable (String) -> String?)?
    let lineOffset: Int
    /// Fragments of HTML made by the caller, by placeholder number.
    let trustedHTML: [String]

    private var parseOptions: Int32 { options.smartPunctuation ? CMARK_OPT_SMART : CMARK_OPT_DEFAULT }
    private var renderOptions: Int32 {
        CMARK_OPT_UNSAFE | (options.hardLineBreaks ? CMARK_OPT_HARDBREAKS : CMARK_OPT_DEFAULT)
    }

    // Collected by the walk.
    private var plain: [UInt8] = []
    private var code: [UInt8] = []
    private var headingLines: [UInt8] = []
    private var headingNodes: [OpaquePointer] = []
    private var codeBlocks: [OpaquePointer] = []
    private var userHTML: [OpaquePointer] = []
    private var placeholderTexts: [OpaquePointer] = []
    private var attributeLists = AttributeListTransform()
    private var summaryMarkers: [OpaquePointer] = []
    private var tildeParents: [OpaquePointer] = []
    private var firstParagraph: OpaquePointer?
    private var positionOverrides: [OpaquePointer: (line: Int, column: Int)] = [:]
    private var parts = DocumentParts()
    private var sourceLines: SourceLineIndex?
    /// Custom inlines without text (footnote references, checkboxes): no
    /// space follows them in the plain text.
    private var silentInlines: Set<OpaquePointer> = []
    /// Attributes written after headings (`{#id .class}`).
    private var headingAttributes: [OpaquePointer: HeadingAttributes] = [:]
    /// Ids the footnotes use, which headings avoid.
    private var footnoteIDs: [String] = []
    /// The footnote references, left out of the summary.
    private var footnoteReferences: [OpaquePointer] = []

    init(options: MarkdownOptions, highlighter: any CodeHighlighter,
         linkResolver: (@Sendable (String) -> String?)?, lineOffset: Int, trustedHTML: [String] = []) {
        self.options = options
        self.highlighter = highlighter
        self.linkResolver = linkResolver
        self.lineOffset = lineOffset
        self.trustedHTML = trustedHTML
    }

    /// Parses and renders `source`, the UTF-8 bytes of the Markdown.
    /// Every cmark tree of the build lives in one arena, freed at its end.
    mutating func build(source: UnsafeBufferPointer<UInt8>) -> DocumentParts {
        CmarkMemory.withArena {
            if options.footnotes, let mask = Footnotes.mask(for: source) {
                let masked = Footnotes.masking(source, with: mask)
                return masked.withUnsafeBufferPointer { build(source: $0, footnoteMask: mask) }
            }
            return build(source: source, footnoteMask: nil)
        }
    }

    /// Parses and renders `source`, in which footnote brackets are masked
    /// by `footnoteMask` when it is not `nil`.
    private mutating func build(source: UnsafeBufferPointer<UInt8>, footnoteMask: UInt8?) -> DocumentParts {
        let parsed = source.withMemoryRebound(to: CChar.self) {
            CmarkNode.parseDocument($0.baseAddress, $0.count, options: parseOptions)
        }
        guard let root = parsed else { return parts }
        defer { cmark_node_free(root) }

        if options.tables && source.contains(UInt8(ascii: "|")) {
            var tables = PipeTableTransform(source: source, parseOptions: parseOptions)
            tables.apply(to: root)
            for (node, position) in tables.cellLinkPositions {
                positionOverrides[node] = position
            }
        }
        sourceLines = SourceLineIndex(source: source)
        if options.readsInlineText {
            CmarkNode.joinAdjacentText(below: root)
            applyExtensions(to: root, footnoteMask: footnoteMask)
        }
        // After the extensions, which replace nodes: the lists keep the
        // nodes they give attributes to until the end.
        if options.attributeLists && containsPair(source, UInt8(ascii: "{"), UInt8(ascii: ":")) {
            findAttributeLists(root)
        }
        refuseUnsafeLinks(below: root)
        walk(root)
        sourceLines = nil
        handleUserHTML()
        if !placeholderTexts.isEmpty {
            let removed = TrustedHTML.apply(to: placeholderTexts, fragments: trustedHTML)
            if let first = firstParagraph, removed.contains(first) { firstParagraph = nil }
            attributeLists.forget(removed)
        }
        let summaryBlockCount = removeSummaryMarkers(root: root)
        if options.strikethrough {
            for parent in tildeParents { Strikethrough.apply(in: parent) }
        }
        finishHeadings()
        highlightCodeBlocks()
        let withAttributes = attributeLists.render(renderOptions: renderOptions)
        if let first = firstParagraph, let replacement = withAttributes[first] { firstParagraph = replacement }

        parts.html = CmarkNode.renderHTMLBytes(root, options: renderOptions)
        // A summary is shown on list pages, where the notes are not: its
        // references would link nowhere and repeat ids of other summaries.
        for reference in footnoteReferences { cmark_node_set_on_enter(reference, "") }
        if let summaryBlockCount {
            parts.hasExplicitSummary = true
            parts.summaryHTML = renderTopLevelBlocks(of: root, count: summaryBlockCount)
        } else if let firstParagraph {
            parts.summaryHTML = CmarkNode.renderHTML(firstParagraph, options: renderOptions)
        }
        parts.plainText = Self.trimmingNewlines(plain)
        parts.codeText = code
        parts.headingText = String(decoding: headingLines, as: UTF8.self)
        return parts
    }

    /// Takes kramdown attribute lists out of the tree, keeping their
    /// attributes for the elements they follow.
    private mutating func findAttributeLists(_ root: OpaquePointer) {
        var transform = AttributeListTransform()
        transform.apply(
            to: root, position: { sourcePosition(of: $0) },
            lineStart: { line in sourceLines?.firstCharacter(ofLine: line) })
        if let dropped = transform.firstDropped {
            parts.firstDroppedAttribute = DroppedAttribute(
                key: dropped.key, line: dropped.line + lineOffset, column: dropped.column)
        }
        attributeLists = transform
    }

    /// Replaces each link and image whose URL ``LinkSchemes`` refuses by
    /// its content (an image's is its alt text), noting it with its place.
    /// Done after every change that makes links (extensions, attribute
    /// lists) and before the walk, so that no pointer the walk keeps is to
    /// a node freed here.
    private mutating func refuseUnsafeLinks(below root: OpaquePointer) {
        var refused: [OpaquePointer] = []
        CmarkNode.forEachNode(below: root) { node in
            let isImage = CmarkNode.isOfType(node, CMARK_NODE_IMAGE)
            guard isImage || CmarkNode.isOfType(node, CMARK_NODE_LINK) else { return }
            if !LinkSchemes.isAllowed(CmarkNode.string(cmark_node_get_url(node)), isImage: isImage) {
                refused.append(node)
            }
        }
        guard !refused.isEmpty else { return }
        for node in refused {
            let position = linkPosition(of: node)
            parts.refusedLinks.append(RefusedLink(
                url: CmarkNode.string(cmark_node_get_url(node)), isImage: CmarkNode.isOfType(node, CMARK_NODE_IMAGE),
                line: position.line + lineOffset, column: position.column))
        }
        for node in refused {
            while let child = cmark_node_first_child(node) {
                cmark_node_unlink(child)
                cmark_node_insert_before(node, child)
            }
            CmarkNode.discard(node)
        }
        attributeLists.forget(Set(refused))
    }

    // MARK: - Extensions

    /// Applies the extensions that work on cmark's tree before the walk, so
    /// that the walk sees their text and links.
    private mutating func applyExtensions(to root: OpaquePointer, footnoteMask: UInt8?) {
        guard var lines = sourceLines else { return }
        defer { sourceLines = lines }
        if let footnoteMask {
            var footnotes = Footnotes(mask: footnoteMask, parseOptions: parseOptions, idPrefix: options.footnoteIDPrefix)
            footnotes.apply(to: root, lines: &lines)
            silentInlines.formUnion(footnotes.markers)
            footnoteIDs = footnotes.ids
            // Headings are replaced by HTML (freeing their nodes) before the
            // summary is rendered; their references stay in that HTML.
            footnoteReferences = footnotes.references.filter { !Self.isInsideHeading($0) }
            positionOverrides.merge(footnotes.linkPositions) { first, _ in first }
        }
        if options.alerts { Alerts.apply(below: root) }
        if options.taskLists { silentInlines.formUnion(TaskLists.apply(below: root)) }
        if options.definitionLists && DefinitionLists.mayHaveDefinitions(in: lines.source) {
            var lists = DefinitionLists(parseOptions: parseOptions)
            lists.apply(below: root, lines: &lines)
            positionOverrides.merge(lists.linkPositions) { first, _ in first }
        }
        if options.headingAttributes {
            var headings: [OpaquePointer] = []
            CmarkNode.forEachNode(below: root) { node in
                if CmarkNode.isOfType(node, CMARK_NODE_HEADING) { headings.append(node) }
            }
            for heading in headings {
                if let attributes = HeadingAttributes.take(from: heading) { headingAttributes[heading] = attributes }
            }
        }
        if options.autolinks {
            for (link, position) in Autolinks.apply(below: root) {
                positionOverrides[link] = sourcePosition(line: position.line, column: position.column, of: link)
            }
        }
    }

    // MARK: - The walk

    private mutating func walk(_ root: OpaquePointer) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        var seenTildeParents = Set<OpaquePointer>()
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT:
                let bytes = CmarkNode.literalBytes(node)
                if !trustedHTML.isEmpty, TrustedHTML.mayContainPlaceholder(bytes) {
                    placeholderTexts.append(node)
                    plain.append(contentsOf: TrustedHTML.removingPlaceholders(from: bytes, count: trustedHTML.count))
                } else {
                    appendText(bytes)
                }
                if options.strikethrough,
                   containsPair(bytes, UInt8(ascii: "~"), UInt8(ascii: "~")),
                   let parent = cmark_node_parent(node),
                   seenTildeParents.insert(parent).inserted {
                    tildeParents.append(parent)
                }
            case CMARK_NODE_CODE:
                appendText(CmarkNode.literalBytes(node))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                plain.append(UInt8(ascii: " "))
            case CMARK_NODE_CODE_BLOCK:
                let bytes = CmarkNode.literalBytes(node)
                code.append(contentsOf: bytes)
                if let last = bytes.last, last != UInt8(ascii: "\n") { code.append(UInt8(ascii: "\n")) }
                codeBlocks.append(node)
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if SummaryMarker.isMarker(CmarkNode.literalBytes(node)) {
                    summaryMarkers.append(node)
                    continue
                }
                // A block's words are shown, as HTML or escaped; an inline
                // tag's are text nodes of their own.
                if CmarkNode.isOfType(node, CMARK_NODE_HTML_BLOCK), !SummaryMarker.isComment(CmarkNode.literalBytes(node)) {
                    endBlock()
                    RawHTMLText.append(CmarkNode.literalBytes(node), to: &plain)
                }
                if !options.allowsRawHTML {
                    userHTML.append(node)
                    if parts.firstRawHTML == nil, !SummaryMarker.isComment(CmarkNode.literalBytes(node)) {
                        parts.firstRawHTML = rawHTMLPlace(of: node)
                    }
                }
            case CMARK_NODE_HEADING:
                if entering {
                    headingNodes.append(node)
                } else {
                    endBlock()
                }
            case CMARK_NODE_PARAGRAPH:
                if entering {
                    if firstParagraph == nil, let parent = cmark_node_parent(node),
                       CmarkNode.isOfType(parent, CMARK_NODE_DOCUMENT) {
                        firstParagraph = node
                    }
                } else {
                    endBlock()
                }
            case CMARK_NODE_LINK:
                if entering { recordLink(node, isImage: false) }
            case CMARK_NODE_IMAGE:
                if entering { recordLink(node, isImage: true) }
            case CMARK_NODE_CUSTOM_INLINE:
                if !entering && !silentInlines.contains(node) { plain.append(UInt8(ascii: " ")) }
            case CMARK_NODE_CUSTOM_BLOCK:
                if !entering { endBlock() }
            default:
                break
            }
        }
    }

    /// Where the raw HTML `node` starts, and its first tag.
    private mutating func rawHTMLPlace(of node: OpaquePointer) -> RawHTMLPlace {
        let position = CmarkNode.isOfType(node, CMARK_NODE_HTML_INLINE)
            ? sourcePosition(of: node)
            : (Int(cmark_node_get_start_line(node)), Int(cmark_node_get_start_column(node)))
        let bytes = CmarkNode.literalBytes(node)
        var tag = bytes.prefix { $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        if tag.count > 40 { tag = tag.prefix(40) } else if tag.count < bytes.count, bytes[tag.count] == UInt8(ascii: ">") {
            tag = bytes.prefix(tag.count + 1)
        }
        // cmark keeps an HTML block's indentation in its literal, and counts
        // its column from the first character after it.
        let indentation = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        let text = String(decoding: tag.dropFirst(indentation), as: UTF8.self)
        return RawHTMLPlace(
            line: position.0 + lineOffset, column: position.1, tag: text)
    }

    private mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        plain.append(contentsOf: bytes)
    }

    /// Ends a block of the plain text with one newline.
    private mutating func endBlock() {
        if let last = plain.last, last != UInt8(ascii: "\n") { plain.append(UInt8(ascii: "\n")) }
    }

    private mutating func recordLink(_ node: OpaquePointer, isImage: Bool) {
        let destination = CmarkNode.string(cmark_node_get_url(node))
        var url = destination
        if let linkResolver,
           (!isImage && LinkDestination.pointsToMarkdownFile(destination))
            || LinkDestination.isDocumentRelative(destination),
           let resolved = linkResolver(destination), LinkSchemes.isAllowed(resolved, isImage: isImage) {
            url = resolved
            cmark_node_set_url(node, resolved)
        }
        let position = linkPosition(of: node)
        let reference = LinkReference(
            destination: destination, url: url,
            line: position.line + lineOffset, column: position.column)
        if isImage { parts.images.append(reference) } else { parts.links.append(reference) }
    }

    /// The line and column of the link or image `node`: of its `[`, `![`
    /// or `<`.
    ///
    /// cmark counts an autolink's (`<https://x.org>`) column from the start
    /// of its paragraph's text, not of its line, so on a paragraph's second
    /// line or in a list it is wrong: when the column it gives is not at a
    /// `<`, the autolink is looked for on its line.
    private mutating func linkPosition(of node: OpaquePointer) -> (line: Int, column: Int) {
        if let position = positionOverrides[node] { return position }
        let position = sourcePosition(of: node)
        // The line table is used in place: a copy would build it anew for
        // every link whose column is right.
        guard CmarkNode.isOfType(node, CMARK_NODE_LINK), sourceLines != nil else { return position }
        let byte = sourceLines?.byte(atLine: position.line, column: position.column)
        guard byte != UInt8(ascii: "["), byte != UInt8(ascii: "<"),
              let text = cmark_node_first_child(node), CmarkNode.isOfType(text, CMARK_NODE_TEXT)
        else { return position }
        let written = [UInt8(ascii: "<")] + Array(CmarkNode.literalBytes(text)) + [UInt8(ascii: ">")]
        let column = sourceLines?.firstColumn(of: written, inLine: position.line)
        return (position.line, column ?? position.column)
    }

    /// The line and column of an inline `node`. cmark strips the
    /// indentation of a paragraph's continuation lines before it counts
    /// columns; this adds it back.
    private mutating func sourcePosition(of node: OpaquePointer) -> (line: Int, column: Int) {
        sourcePosition(
            line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)), of: node)
    }

    /// `line` and `column` as cmark counts them for the inline `node`,
    /// with the indentation of a continuation line added back.
    private mutating func sourcePosition(line: Int, column: Int, of node: OpaquePointer) -> (line: Int, column: Int) {
        var block = cmark_node_parent(node)
        while let current = block, cmark_node_get_type(current).rawValue >= CMARK_NODE_FIRST_INLINE.rawValue {
            block = cmark_node_parent(current)
        }
        guard let block, Int(cmark_node_get_start_line(block)) < line,
              let indentation = sourceLines?.indentation(
                  ofLine: line, after: Int(cmark_node_get_start_column(block)) - 1)
        else { return (line, column) }
        return (line, column + indentation)
    }

    // MARK: - Changes after the walk

    /// Escapes the user's HTML tags as text and drops HTML comments.
    private func handleUserHTML() {
        for node in userHTML {
            let bytes = CmarkNode.literalBytes(node)
            if SummaryMarker.isComment(bytes) {
                CmarkNode.discard(node)
                continue
            }
            if CmarkNode.isOfType(node, CMARK_NODE_HTML_INLINE) {
                if let text = CmarkNode.make(CMARK_NODE_TEXT, literalBytes: bytes) {
                    CmarkNode.replace(node, with: text)
                }
                continue
            }
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
                end -= 1
            }
            guard let paragraph = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, CmarkMemory.current),
                  let text = CmarkNode.make(CMARK_NODE_TEXT, literalBytes: bytes[0..<end]) else { continue }
            cmark_node_append_child(paragraph, text)
            CmarkNode.replace(node, with: paragraph)
        }
    }

    /// Removes every `<!--more-->` marker and returns how many top-level
    /// blocks make the summary, or `nil` when there is no marker.
    private mutating func removeSummaryMarkers(root: OpaquePointer) -> Int? {
        guard let first = summaryMarkers.first else { return nil }
        var topLevel = first
        while let parent = cmark_node_parent(topLevel), parent != root {
            topLevel = parent
        }
        var count = 0
        var sibling = cmark_node_first_child(root)
        while let current = sibling, current != topLevel {
            count += 1
            sibling = cmark_node_next(current)
        }
        if topLevel != first { count += 1 }
        for marker in summaryMarkers { CmarkNode.discard(marker) }
        summaryMarkers.removeAll()
        return count
    }

    /// Gives each heading its unique id and, with anchors on or attributes
    /// written after it, replaces the heading by its HTML carrying them.
    private mutating func finishHeadings() {
        var anchors = HeadingAnchors(style: options.headingIDStyle, reserved: options.reservedIDs)
        for id in footnoteIDs { anchors.reserve(id) }
        for attributes in headingAttributes.values {
            if let id = attributes.id { anchors.reserve(id) }
        }
        for node in headingNodes {
            let level = Int(cmark_node_get_heading_level(node))
            let title = Self.plainText(of: node)
            headingLines.append(contentsOf: title.utf8)
            headingLines.append(UInt8(ascii: "\n"))
            // A kramdown attribute list's id, else one written after the
            // heading, replaces the one made from the text.
            var listed = attributeLists.take(node)
            let attributes = headingAttributes[node]
            let id = listed?.id ?? attributes?.id ?? (options.headingAnchors ? anchors.uniqueID(for: title) : "")
            listed?.id = nil
            parts.headings.append(Heading(level: level, title: title, id: id))
            guard !id.isEmpty || attributes != nil || listed != nil else { continue }
            // cmark renders `<hN>…</hN>`: the attributes go after `<hN`.
            let rendered = CmarkNode.renderHTML(node, options: renderOptions)
            guard rendered.utf8.count > 3 else { continue }
            let tagEnd = rendered.utf8.index(rendered.utf8.startIndex, offsetBy: 3)
            let (after, listedHTML) = (attributes?.htmlAfterID ?? "", listed?.html() ?? "")
            // Made once at its size rather than through four partial strings.
            var html = ""
            html.reserveCapacity(rendered.utf8.count + id.utf8.count + after.utf8.count + listedHTML.utf8.count + 16)
            html += rendered[..<tagEnd]
            if !id.isEmpty {
                html += " id=\""
                html += HTMLEscaping.text(id)
                html += "\""
            }
            html += after
            html += listedHTML
            html += rendered[tagEnd...]
            if let block = CmarkNode.make(CMARK_NODE_HTML_BLOCK, literal: html) {
                CmarkNode.replace(node, with: block)
            }
        }
    }

    /// Replaces each code block by the highlighter's HTML.
    private mutating func highlightCodeBlocks() {
        for node in codeBlocks {
            let info = CmarkNode.string(cmark_node_get_fence_info(node))
            let language = info.utf8.split(
                maxSplits: 1, omittingEmptySubsequences: true,
                whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }
            ).first.map { String(decoding: $0, as: UTF8.self) }
            var html = highlighter.highlightedBlock(
                code: CmarkNode.literal(node), language: language, info: info)
            if let attributes = attributeLists.take(node), let changed = attributes.inserted(into: html) { html = changed }
            if let block = CmarkNode.make(CMARK_NODE_HTML_BLOCK, literal: html) {
                CmarkNode.replace(node, with: block)
            }
        }
    }

    /// Whether the inline `node` is part of a heading.
    private static func isInsideHeading(_ node: OpaquePointer) -> Bool {
        var ancestor = cmark_node_parent(node)
        while let current = ancestor, cmark_node_get_type(current).rawValue >= CMARK_NODE_FIRST_INLINE.rawValue {
            ancestor = cmark_node_parent(current)
        }
        return ancestor.map { CmarkNode.isOfType($0, CMARK_NODE_HEADING) } ?? false
    }

    /// The text of `node`'s inlines without markup, line breaks as spaces.
    private static func plainText(of node: OpaquePointer) -> String {
        var text: [UInt8] = []
        CmarkNode.forEachNode(below: node) { child in
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: text.append(contentsOf: CmarkNode.literalBytes(child))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text.append(UInt8(ascii: " "))
            default: break
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func renderTopLevelBlocks(of root: OpaquePointer, count: Int) -> String {
        var html = ""
        var node = cmark_node_first_child(root)
        var rendered = 0
        while let current = node, rendered < count {
            html += CmarkNode.renderHTML(current, options: renderOptions)
            rendered += 1
            node = cmark_node_next(current)
        }
        return html
    }

    private static func trimmingNewlines(_ bytes: [UInt8]) -> [UInt8] {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == UInt8(ascii: "\n") || bytes[start] == UInt8(ascii: " ") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return Array(bytes[start..<end])
    }
}

import Bytes
import Foundation
import Markup
import Synchronization
import TextFolding

/// Reads one Markdown file into an `Entry` (front matter decoded, body
/// kept), and later renders its body. Both steps are pure per file, so they
/// run in parallel over all files.
struct EntryLoader: Sendable {
    let config: SiteConfig
    /// Template names that a `layout` may name.
    let layouts: Set<String>
    let fileSystem: any FileSystem
    /// Ids of the theme's own elements, which heading anchors avoid.
    var reservedIDs: Set<String>
    /// The site's `params` by name in lowercase, for Liquid's `site.NAME`
    /// and Hugo's `param`: made once for all the posts.
    let siteParameters: [String: String]
    let termSlugs = TermSlugs()

    init(config: SiteConfig, layouts: Set<String>, fileSystem: any FileSystem, reservedIDs: Set<String> = Theme.builtin.elementIDs) {
        (self.config, self.layouts, self.fileSystem, self.reservedIDs) = (config, layouts, fileSystem, reservedIDs)
        siteParameters = Dictionary(config.params.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    struct Loaded: Sendable {
        var entry: Entry?
        var diagnostics: [Diagnostic]

        /// A file that could not be read.
        static func unreadable(_ file: SourceFile, error: any Error) -> Loaded {
            Loaded(entry: nil, diagnostics: [Diagnostic(path: file.relativePath, message: "cannot read the file: \(error)")])
        }
    }

    struct Rendered: Sendable {
        var entry: Entry
        var diagnostics: [Diagnostic]
        /// The links the body asked the site to resolve, with the answers.
        var lookups: [LinkLookup] = []
    }

    /// Reads and decodes `file`; errors name the file, line and column.
    func load(_ file: SourceFile) -> Loaded {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: file.absolutePath)
        } catch {
            return .unreadable(file, error: error)
        }
        return load(file, contents: bytes)
    }

    /// Decodes `file` from its bytes, already read.
    func load(_ file: SourceFile, contents bytes: [UInt8]) -> Loaded {
        let text: String
        switch UTF8Validation.string(from: bytes) {
        case .success(let decoded):
            text = decoded
        case .failure(let bad):
            return Loaded(entry: nil, diagnostics: [Diagnostic(
                path: file.relativePath, line: bad.line, column: bad.column,
                message: "the file is not valid UTF-8 (byte 0x\(String(bad.byte, radix: 16, uppercase: true))); save it as UTF-8")])
        }
        if let nul = NulByteCheck.firstPosition(in: bytes) {
            return Loaded(entry: nil, diagnostics: [Diagnostic(
                path: file.relativePath, line: nul.line, column: nul.column,
                message: "the file contains a NUL byte (0x00); remove it or save the file as plain text")])
        }
        do {
            return try decode(text, file: file)
        } catch let error as MarkupError {
            return Loaded(entry: nil, diagnostics: [Diagnostic(
                path: file.relativePath, line: error.line, column: error.column, message: error.message)])
        } catch {
            return Loaded(entry: nil, diagnostics: [Diagnostic(path: file.relativePath, message: "\(error)")])
        }
    }

    private func decode(_ text: String, file: SourceFile) throws -> Loaded {
        var diagnostics: [Diagnostic] = []
        if text.allSatisfy(\.isWhitespace) {
            diagnostics.append(.warning(
                "the file is empty; it is published as an empty page titled after its file name", path: file.relativePath))
        }
        let split: (frontMatter: FrontMatter?, body: Substring, bodyFirstLine: Int)
        if let toml = try TOMLFrontMatter.split(text) {
            split = toml
        } else {
            split = try FrontMatter.split(text)
        }
        let matter = split.frontMatter
        for warning in matter?.warnings ?? [] {
            diagnostics.append(.warning(warning.message, path: file.relativePath, line: warning.line, column: warning.column))
        }
        // A page bundle (`posts/trip/index.md`) is named after its folder.
        let baseName = file.bundle.map { lastPathComponent($0.folder) }
            ?? deletingPathExtension(lastPathComponent(file.contentPath))
        let (nameDate, nameSlug) = Self.datePrefix(of: baseName, zone: config.zone)

        let title = try matter?.text("title") ?? config.conventions.title(fromFileName: nameSlug)
        var date = try matter?.date("date", timeZone: config.zone) ?? nameDate
        if date == nil, let published = try matter?.date("published_at", timeZone: config.zone) { date = published }
        let updated = try matter?.date("lastmod", timeZone: config.zone)
            ?? matter?.date("updated", timeZone: config.zone)
            ?? matter?.date("last_modified_at", timeZone: config.zone)
        let categories = try categories(in: matter)
        let tags = publishableTerms(
            try (matter?.texts("tags") ?? []) + categories, kind: "tag", limit: Self.tagLimit,
            at: Self.position(of: "tags", in: matter) ?? Self.position(of: "categories", in: matter),
            file: file, diagnostics: &diagnostics)
        let series = publishableTerms(
            try matter?.text("series").map { [$0] } ?? [], kind: "series", limit: 1,
            at: Self.position(of: "series", in: matter), file: file, diagnostics: &diagnostics).first
        let description = try matter?.text("description") ?? matter?.text("summary")
        let language = try matter?.string("lang") ?? matter?.string("language") ?? config.language
        let isDraft = try (matter?.bool("draft") ?? false) || (matter?.bool("published").map { !$0 } ?? false)
        let writtenSlug = try matter?.string("slug")

        var layout = file.role == .page ? "page" : "post"
        if let requested = try matter?.string("layout"), !requested.isEmpty {
            if layouts.contains(requested) {
                layout = requested
            } else {
                let position = Self.position(of: "layout", in: matter)
                let known = layouts.filter { Self.pageLayouts.contains($0) || !Self.siteTemplates.contains($0) }
                    .sorted().joined(separator: ", ")
                var warning = Diagnostic.warning(
                    "unknown layout '\(requested)'; using '\(layout)' (layouts: \(known))",
                    path: file.relativePath, line: position?.line ?? 0, column: position?.column ?? 0)
                warning.isSiteWide = true
                diagnostics.append(warning)
            }
        }

        var aliases: [(path: String, line: Int, column: Int)] = []
        let aliasPosition = Self.position(of: "aliases", in: matter)
        for alias in try matter?.strings("aliases") ?? [] {
            aliases.append((alias, aliasPosition?.line ?? 0, aliasPosition?.column ?? 0))
        }
        let redirectPosition = Self.position(of: "redirect_from", in: matter)
        for alias in try matter?.strings("redirect_from") ?? [] {
            aliases.append((alias, redirectPosition?.line ?? 0, redirectPosition?.column ?? 0))
        }
        var explicitPermalink: (path: String, line: Int, column: Int)?
        // Hugo's `url` is what Despina and Jekyll call `permalink`.
        for key in ["permalink", "url"] {
            guard explicitPermalink == nil, let permalink = try matter?.string(key) else { continue }
            let position = Self.position(of: key, in: matter)
            explicitPermalink = (permalink, position?.line ?? 0, position?.column ?? 0)
        }
        let section: String
        let kind: Entry.Kind
        switch file.role {
        case .post(let name): (kind, section) = (.post, name)
        default: (kind, section) = (.page, "")
        }
        let dateZone = writtenZone(in: matter)
        let inputs = PermalinkInputs(
            section: section, sections: file.sections, folders: file.folders, fileName: baseName, fileSlug: nameSlug,
            slug: writtenSlug, title: title, date: date, writtenZone: dateZone, categories: categories)
        let isSectionIndex = ContentScanner.isListPage(lastPathComponent(file.contentPath))
        let pattern = explicitPermalink.map { PermalinkPattern.resolvingStyle($0.path) }
            ?? (isSectionIndex ? Self.sectionPath(of: file.folders)
                : kind == .page ? config.pagePermalink : config.permalinkPattern(forSection: section))
        if let explicit = explicitPermalink, let token = PermalinkPattern.unknownToken(in: pattern) {
            throw MarkupError(
                line: explicit.line, column: explicit.column, message: PermalinkPattern.unknownTokenMessage(token, in: explicit.path))
        }
        let requestedPath = PermalinkPattern.expand(pattern, inputs, conventions: config.conventions, zone: config.zone)
        let identifier = try matter?.text("id")
            ?? file.bundle?.folder ?? deletingPathExtension(file.contentPath)
        // A post can set the site's Markdown options for itself.
        var markdown = config.markdown
        markdown.hardLineBreaks = try layout == "poem" || (matter?.bool("hardLineBreaks") ?? markdown.hardLineBreaks)
        markdown.smartPunctuation = try matter?.bool("smartPunctuation") ?? markdown.smartPunctuation
        markdown.unsafeHTML = try matter?.bool("unsafeHTML") ?? markdown.unsafeHTML
        let entry = try Entry(Entry.Fields(
            sourcePath: file.relativePath, kind: kind, section: section, requestedPath: requestedPath, title: title,
            date: date, updated: updated, tags: tags, description: description, language: language,
            isDraft: isDraft, identifier: identifier,
            identifierPosition: Self.position(of: "id", in: matter), slugPosition: Self.position(of: "slug", in: matter), aliases: aliases,
            series: series,
            seriesPart: matter?.int("seriesPart", atLeast: 1) ?? matter?.int("series_part", atLeast: 1),
            layout: layout, isSearchable: matter?.bool("search") ?? true,
            keywords: matter?.texts("keywords") ?? [], image: matter?.string("image"),
            explicitPermalink: explicitPermalink, body: split.body, bodyFirstLine: split.bodyFirstLine,
            markdown: markdown))
        var loaded = entry
        // Only a body the shortcode scanner reads can call `param`.
        if let matter, ForeignSyntax.mayHoldTemplateSyntax(split.body), ByteSearch.contains("param", in: split.body) {
            loaded.parameters = Self.parameters(of: matter.values)
        }
        if let dateZone { loaded.dateZoneOffset = dateZone.secondsFromGMT() }
        if let matter { loaded.extra = ExtraFrontMatter.values(in: matter.values) }
        return Loaded(entry: loaded, diagnostics: diagnostics)
    }

    /// The scalar values of `mapping` by key in lowercase, with those of
    /// its nested mappings as `outer.inner`; a `params` mapping's values
    /// also under their own names, as Hugo's `.Param` finds them.
    static func parameters(of mapping: YAMLMapping, prefix: String = "") -> [String: String] {
        var found: [String: String] = [:]
        for key in mapping.keys {
            guard let value = mapping[key.name] else { continue }
            let name = prefix + key.name.lowercased()
            switch value.content {
            case .string(let text), .date(let text): found[name] = text
            case .bool(let flag): found[name] = flag ? "true" : "false"
            case .integer, .number: found[name] = value.sourceText
            case .mapping(let inner):
                let nested = parameters(of: inner, prefix: name + ".")
                found.merge(nested) { first, _ in first }
                if prefix.isEmpty, name == "params" {
                    found.merge(parameters(of: inner)) { first, _ in first }
                }
            case .null, .list: break
            }
        }
        return found
    }

    /// Renders the body of `entry` to HTML and text.
    func render(_ entry: Entry, highlighter: some CodeHighlighter, links: Routing) -> Rendered {
        var options = MarkdownOptions()
        options.smartPunctuation = entry.markdown.smartPunctuation
        options.allowsRawHTML = entry.markdown.unsafeHTML
        options.hardLineBreaks = entry.markdown.hardLineBreaks
        options.footnotes = entry.markdown.footnotes
        options.taskLists = entry.markdown.taskLists
        options.autolinks = entry.markdown.autolinks
        options.headingAttributes = entry.markdown.headingAttributes
        options.alerts = entry.markdown.alerts
        options.definitionLists = entry.markdown.definitionLists
        options.headingIDStyle = entry.markdown.headingIDs
        options.reservedIDs = reservedIDs
        let source = entry.sourcePath
        let lookups = Mutex<[LinkLookup]>([])
        let resolveLink: @Sendable (String) -> String? = { destination in
            let result = links.url(forLink: destination, from: source)
            lookups.withLock { $0.append(LinkLookup(destination: destination, result: result)) }
            return result
        }
        var context = ForeignSyntaxContext(root: config.rootPath, origin: config.origin, resolveLink: resolveLink)
        context.parameters = entry.parameters
        context.readsFootnotes = options.footnotes
        context.readsLiquidInCode = config.conventions == .jekyll
        context.siteParameters = siteParameters
        context.resolvePost = { name in
            let result = links.url(forPostNamed: name)
            lookups.withLock { $0.append(LinkLookup(destination: Routing.postNameLookup(name), result: result)) }
            return result
        }
        // A caption's links to other posts and files go where the post's own do.
        context.renderInline = { [options, highlighter] markdown in
            Self.inlineHTML(Document(markdown: markdown, options: options, highlighter: highlighter, linkResolver: resolveLink).html)
        }
        // Jekyll's and Hugo's template syntax becomes Markdown and trusted HTML.
        let foreign = ForeignSyntax.translating(entry.body, firstLine: entry.bodyFirstLine, path: source, context: context)
        let document = Document(
            markdown: String(foreign.markdown), options: options, highlighter: highlighter,
            linkResolver: resolveLink, firstLineNumber: entry.bodyFirstLine, trustedHTML: foreign.trustedHTML)
        var diagnostics = foreign.warnings
        if let dropped = document.firstDroppedAttribute {
            diagnostics.append(.warning(
                "the attribute '\(dropped.key)' of a kramdown attribute list is left out "
                    + "(only id, class, width, height, alt and title are kept); this warning is not repeated for this post",
                path: source, line: dropped.line, column: dropped.column))
        }
        if let html = document.firstRawHTML {
            diagnostics.append(.warning(
                "raw HTML (\(html.tag)) is shown as text, here and in the rest of the post, because unsafeHTML is off; "
                    + "set unsafeHTML: true in the front matter (or markdown.unsafeHTML in despina.yml) to pass it through",
                path: source, line: html.line, column: html.column))
        }
        diagnostics += Self.refusedLinks(in: document, source: source)
        var entry = entry
        let summary = document.hasExplicitSummary || entry.description == nil || entry.description?.isEmpty == true
            ? document.summaryHTML
            : "<p>" + escapeXML(entry.description ?? "") + "</p>"
        let root = config.rootPath
        // The HTML is held until the cache file that records it is written,
        // then read back from that file when a page needs it (`EntryCache.write`).
        entry.content = RenderedContent(
            htmlText: UTF8Text(movable: prefixingRootRelativeLinks(in: document.htmlBytes, root: root)),
            summaryHTML: prefixingRootRelativeLinks(in: pointingFragmentLinks(in: summary, at: entry.path), root: root),
            headings: document.headings,
            plainText: document.plainTextBytes, codeText: document.codeTextBytes,
            wordCount: document.wordCount, readingMinutes: document.readingMinutes,
            links: document.links, images: document.images)
        entry.body = ""
        return Rendered(
            entry: entry, diagnostics: diagnostics + Self.unresolvedLinks(in: document, source: source),
            lookups: lookups.withLock { $0 })
    }

    /// The HTML of a one-paragraph document without its `<p>` and `</p>`
    /// (Hugo's `markdownify`): a caption inside a figure.
    static func inlineHTML(_ html: String) -> String {
        var inner = Substring(html)
        while inner.last == "\n" { inner = inner.dropLast() }
        guard inner.hasPrefix("<p>"), inner.hasSuffix("</p>"), inner.dropFirst(3).range(of: "<p>") == nil else {
            return String(inner)
        }
        return String(inner.dropFirst(3).dropLast(4))
    }

    /// A warning for each link to a Markdown file that matches no post or
    /// page of this build (a typo, a deleted file, a draft or a future post):
    /// it would be a broken link in the site.
    static func unresolvedLinks(in document: Document, source: String) -> [Diagnostic] {
        document.links.compactMap { link in
            guard link.url == link.destination, !link.destination.contains("://"), !link.destination.hasPrefix("//")
            else { return nil }
            let path = link.destination.prefix { $0 != "#" && $0 != "?" }.lowercased()
            guard isMarkdownPath(path) else { return nil }
            return .warning(
                "the link '\(link.destination)' matches no post or page of this build (missing, a draft or dated in the future)",
                path: source, line: link.line, column: link.column)
        }
    }

    /// The most tags a post may have: each tag's page lists its posts with
    /// all their tags, so a post's tags cost the square of their number.
    static let tagLimit = 100

    /// The tag or series names of `names` that can have a page: blank ones
    /// name nothing; one with no letter or digit to make its URL from
    /// (`...`), a repeat, and those past `limit` are left out with a warning.
    func publishableTerms(
        _ names: [String], kind: String, limit: Int, at position: (line: Int, column: Int)?,
        file: SourceFile, diagnostics: inout [Diagnostic]
    ) -> [String] {
        var terms: [String] = []
        var slugs = Set<String>()
        for name in names {
            let slug = termSlugs.slug(name)
            guard !slug.isEmpty else {
                if name.allSatisfy(\.isWhitespace) { continue }
                diagnostics.append(.warning(
                    "the \(kind) '\(name)' has no letter or digit to make its page's address from; it is left out",
                    path: file.relativePath, line: position?.line ?? 0, column: position?.column ?? 0))
                continue
            }
            if slugs.insert(slug).inserted { terms.append(name) }
        }
        if terms.count > limit {
            diagnostics.append(.warning(
                "\(terms.count) tags; the first \(limit) are used and the rest left out "
                    + "(every tag's page lists the tags of its posts)",
                path: file.relativePath, line: position?.line ?? 0, column: position?.column ?? 0))
            terms.removeLast(terms.count - limit)
        }
        return terms
    }

    /// A warning for each link and image that the document shows as text
    /// because its scheme could run script (`javascript:`): the writer
    /// sees why a link does nothing.
    static func refusedLinks(in document: Document, source: String) -> [Diagnostic] {
        document.refusedLinks.map { link in
            let url = link.url.count > 80 ? link.url.prefix(80) + "…" : link.url
            let message = link.isImage
                ? "the image '\(url)' is shown as its alt text: \(refusedSchemeReason) "
                    + "(an image may also be data:image/png, gif, jpeg or webp)"
                : "the link '\(url)' is shown as its text, not as a link: \(refusedSchemeReason)"
            return .warning(message, path: source, line: link.line, column: link.column)
        }
    }

    /// Why a URL with a scheme ``LinkSchemes`` refuses is left out, for the
    /// warnings about links, images and shortcodes.
    static let refusedSchemeReason = "the only schemes linked are "
        + LinkSchemes.allowedSchemes.dropLast().joined(separator: ", ") + " and " + (LinkSchemes.allowedSchemes.last ?? "")
        + ", since others (such as javascript:) can run script"

    /// Where the value of `key` starts in the file.
    static func position(of key: String, in matter: FrontMatter?) -> (line: Int, column: Int)? {
        guard let value = matter?[key] else { return nil }
        return (value.line, value.column)
    }

    /// Layouts that render a post or page (the rest are the site's own pages).
    static let pageLayouts: Set<String> = ["post", "poem", "page"]
    /// Templates for the site's own pages and partials, not offered as layouts.
    static let siteTemplates = Set(PageKind.allCases.map(\.template)).subtracting(pageLayouts).union([
        "layout", "post-summary", "pagination", "post-meta", "post-nav", "series-box", "tag-list", "head-extra",
    ])

    /// Splits a `2015-06-08-title` file name into its date and the rest;
    /// like Jekyll, the month and day may have one digit (`2014-3-5-title`).
    static func datePrefix(of name: String, zone: TimeZone) -> (Date?, String) {
        // Most names have no date: four ASCII digits and a hyphen, bytes, say so first.
        let head = name.utf8.prefix(5)
        guard head.count == 5, head.last == UInt8(ascii: "-"), head.dropLast().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return (nil, name) }
        let parts = name.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts[0...2].allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let date = parseDate("\(parts[0])-\(padded(parts[1]))-\(padded(parts[2]))", timeZone: zone)
        else { return (nil, name) }
        return (date, String(parts[3]))
    }

    private static func padded(_ number: Substring) -> String {
        number.count == 1 ? "0" + number : String(number)
    }

    /// The zone the front matter's `date` is written in, when the site's
    /// conventions make URLs from the day as written: Hugo's do; Jekyll,
    /// like Despina, takes the day in the site's zone.
    private func writtenZone(in matter: FrontMatter?) -> TimeZone? {
        guard config.conventions == .hugo, let value = matter?["date"] else { return nil }
        switch value.content {
        case .date(let text), .string(let text): return Markup.writtenTimeZone(of: text)
        default: return nil
        }
    }

    /// The URL of the list page of the section in `folder` (`blog/2024`),
    /// as Hugo makes it: `/blog/2024/`, each folder lowercased.
    static func sectionPath(of folder: String) -> String {
        "/" + folder.split(separator: "/").map { SiteConventions.hugoPath(String($0)) }.joined(separator: "/") + "/"
    }

    /// The categories of the front matter: `categories` (a list, or with
    /// Jekyll's conventions a string of names separated by spaces) and
    /// Jekyll's `category` (one name, spaces and all).
    private func categories(in matter: FrontMatter?) throws -> [String] {
        guard let matter else { return [] }
        var names: [String] = []
        if config.conventions == .jekyll, case .string(let text)? = matter["categories"]?.content {
            names = text.split(whereSeparator: \.isWhitespace).map(String.init)
        } else {
            names = try matter.texts("categories") ?? []
        }
        if let single = try matter.text("category"), !names.contains(single) { names.insert(single, at: 0) }
        return names.filter { !$0.allSatisfy(\.isWhitespace) }
    }
}

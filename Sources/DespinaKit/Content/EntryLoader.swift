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
    var reservedIDs: Set<String> = Theme.builtin.elementIDs

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
        // A page bundle (`posts/trip/index.md`) is named after its folder.
        let baseName = file.bundle.map { lastPathComponent($0.folder) }
            ?? deletingPathExtension(lastPathComponent(file.contentPath))
        let (nameDate, nameSlug) = Self.datePrefix(of: baseName, zone: config.zone)

        let title = try matter?.text("title") ?? Self.title(fromFileName: nameSlug)
        var date = try matter?.date("date", timeZone: config.zone) ?? nameDate
        if date == nil, let published = try matter?.date("published_at", timeZone: config.zone) { date = published }
        let updated = try matter?.date("lastmod", timeZone: config.zone)
            ?? matter?.date("updated", timeZone: config.zone)
            ?? matter?.date("last_modified_at", timeZone: config.zone)
        var tags = try matter?.texts("tags") ?? []
        for category in try matter?.texts("categories") ?? [] where !tags.contains(category) {
            tags.append(category)
        }
        let description = try matter?.text("description") ?? matter?.text("summary")
        let language = try matter?.string("lang") ?? matter?.string("language") ?? config.language
        let isDraft = try (matter?.bool("draft") ?? false) || (matter?.bool("published").map { !$0 } ?? false)
        let slugSource = try matter?.string("slug") ?? nameSlug
        var slug = TextFolding.slug(slugSource)
        if slug.isEmpty { slug = TextFolding.slug(title) }
        if slug.isEmpty { slug = "untitled" }

        var layout = file.role == .page ? "page" : "post"
        if let requested = try matter?.string("layout"), !requested.isEmpty {
            if layouts.contains(requested) {
                layout = requested
            } else {
                let position = Self.position(of: "layout", in: matter)
                let known = layouts.filter { Self.pageLayouts.contains($0) || !Self.siteTemplates.contains($0) }
                    .sorted().joined(separator: ", ")
                diagnostics.append(.warning(
                    "unknown layout '\(requested)'; using '\(layout)' (layouts: \(known))",
                    path: file.relativePath, line: position?.line ?? 0, column: position?.column ?? 0))
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
        if let permalink = try matter?.string("permalink") {
            let position = Self.position(of: "permalink", in: matter)
            explicitPermalink = (permalink, position?.line ?? 0, position?.column ?? 0)
        }
        let section: String
        let kind: Entry.Kind
        switch file.role {
        case .post(let name): (kind, section) = (.post, name)
        default: (kind, section) = (.page, "")
        }
        let identifier = try matter?.text("id")
            ?? file.bundle?.folder ?? deletingPathExtension(file.contentPath)
        // A post can set the site's Markdown options for itself.
        var markdown = config.markdown
        markdown.hardLineBreaks = try layout == "poem" || (matter?.bool("hardLineBreaks") ?? markdown.hardLineBreaks)
        markdown.smartPunctuation = try matter?.bool("smartPunctuation") ?? markdown.smartPunctuation
        markdown.unsafeHTML = try matter?.bool("unsafeHTML") ?? markdown.unsafeHTML
        let entry = try Entry(Entry.Fields(
            sourcePath: file.relativePath, kind: kind, section: section, slug: slug, title: title,
            date: date, updated: updated, tags: tags, description: description, language: language,
            isDraft: isDraft, identifier: identifier,
            identifierPosition: Self.position(of: "id", in: matter), slugPosition: Self.position(of: "slug", in: matter), aliases: aliases,
            series: matter?.text("series"),
            seriesPart: matter?.int("seriesPart", atLeast: 1) ?? matter?.int("series_part", atLeast: 1),
            layout: layout, isSearchable: matter?.bool("search") ?? true,
            keywords: matter?.texts("keywords") ?? [], image: matter?.string("image"),
            explicitPermalink: explicitPermalink, body: split.body, bodyFirstLine: split.bodyFirstLine,
            markdown: markdown))
        return Loaded(entry: entry, diagnostics: diagnostics)
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
        // Jekyll's highlight and raw blocks become Markdown; other foreign syntax gets a warning.
        let (markdown, foreignSyntax) = ForeignSyntax.translating(entry.body, firstLine: entry.bodyFirstLine, path: source)
        let lookups = Mutex<[LinkLookup]>([])
        let document = Document(
            markdown: String(markdown), options: options, highlighter: highlighter,
            linkResolver: { destination in
                let result = links.url(forLink: destination, from: source)
                lookups.withLock { $0.append(LinkLookup(destination: destination, result: result)) }
                return result
            },
            firstLineNumber: entry.bodyFirstLine)
        var entry = entry
        let summary = document.hasExplicitSummary || entry.description == nil || entry.description?.isEmpty == true
            ? document.summaryHTML
            : "<p>" + escapeXML(entry.description ?? "") + "</p>"
        let root = config.rootPath
        entry.content = RenderedContent(
            html: prefixingRootRelativeLinks(in: document.html, root: root),
            summaryHTML: prefixingRootRelativeLinks(in: summary, root: root), headings: document.headings,
            plainText: document.plainText, codeText: document.codeText,
            wordCount: document.wordCount, readingMinutes: document.readingMinutes,
            links: document.links, images: document.images)
        entry.body = ""
        return Rendered(
            entry: entry, diagnostics: foreignSyntax + Self.unresolvedLinks(in: document, source: source),
            lookups: lookups.withLock { $0 })
    }

    /// A warning for each link to a Markdown file that matches no post or
    /// page of this build (a typo, a deleted file, a draft or a future post):
    /// it would be a broken link in the site.
    static func unresolvedLinks(in document: Document, source: String) -> [Diagnostic] {
        document.links.compactMap { link in
            guard link.url == link.destination, !link.destination.contains("://"), !link.destination.hasPrefix("//")
            else { return nil }
            let path = link.destination.prefix { $0 != "#" && $0 != "?" }.lowercased()
            guard path.hasSuffix(".md") || path.hasSuffix(".markdown") else { return nil }
            return .warning(
                "the link '\(link.destination)' matches no post or page of this build (missing, a draft or dated in the future)",
                path: source, line: link.line, column: link.column)
        }
    }

    /// Where the value of `key` starts in the file.
    static func position(of key: String, in matter: FrontMatter?) -> (line: Int, column: Int)? {
        guard let value = matter?[key] else { return nil }
        return (value.line, value.column)
    }

    /// Layouts that render a post or page (the rest are the site's own pages).
    static let pageLayouts: Set<String> = ["post", "poem", "page"]
    /// Templates for the site's own pages and partials, not offered as layouts.
    static let siteTemplates: Set<String> = [
        "layout", "list", "tags", "archive", "series", "series-index", "search", "404", "redirect",
        "post-summary", "pagination", "post-meta", "post-nav", "series-box", "tag-list",
    ]

    /// Splits a `2015-06-08-title` file name into its date and the rest;
    /// like Jekyll, the month and day may have one digit (`2014-3-5-title`).
    static func datePrefix(of name: String, zone: TimeZone) -> (Date?, String) {
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

    /// "swift-closures" → "Swift closures", for files without a title.
    static func title(fromFileName name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

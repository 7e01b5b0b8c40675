import Foundation
import Markup
import TextFolding

/// Reads a Hugo site into an import plan: its configuration (TOML or YAML)
/// into settings, the content folder into `Content/` with the same folders,
/// bundles and `_index.md` files, and `static/` into `Content/` beside it.
enum HugoImport {
    /// Where Hugo looks for its configuration, in the order it looks.
    static let configurationFiles = [
        "hugo.toml", "hugo.yaml", "hugo.yml", "config.toml", "config.yaml", "config.yml",
        "config/_default/hugo.toml", "config/_default/hugo.yaml", "config/_default/config.toml",
        "config/_default/config.yaml",
    ]

    /// Folders of a Hugo site that hold no content.
    static let folderReasons: [String: String] = [
        "layouts": "templates are not converted; the site uses Despina's theme (override it in Templates/)",
        "themes": "the theme is not imported; the site uses Despina's theme",
        "assets": "Hugo Pipes assets feed templates, which are not converted",
        "data": "data files feed templates, which are not converted",
        "i18n": "translations of template strings are not converted; Despina's theme has its own",
        "archetypes": "archetypes are templates for new posts; despina new makes posts",
        "resources": "Hugo's generated resources are made again by Despina where needed",
        "public": "the old generator's output",
        "config": "the configuration was read from here",
        "node_modules": "JavaScript packages of the theme",
    ]

    static func plan(_ source: ImportSource, files: [String], report: ImportReport) throws(Diagnostic) -> ImportPlan {
        var plan = ImportPlan(generator: .hugo)
        plan.report = report
        plan.settings.conventions = .hugo
        plan.settings.permalink = "/:folders/:slugorfilename/"
        plan.settings.pagePermalink = "/:slugorfilename/"
        plan.settings.headingIDs = "goldmark"
        var contentFolder = "content"
        var listsCategories = true
        if let configPath = configurationFiles.first(where: { files.contains($0) }) {
            (contentFolder, listsCategories) = try readConfiguration(source, path: configPath, into: &plan)
        } else {
            plan.report.leave("no hugo.toml or config.toml; the site's title, URL and permalinks are Despina's defaults", path: ".")
        }
        if plan.settings.unsafeHTML != true {
            plan.settings.unsafeHTML = false
            plan.report.carry("raw HTML in posts is left out, as Hugo leaves it out without markup.goldmark.renderer.unsafe")
        }
        var reportedFolders: Set<String> = []
        var destinations: [String: String] = [:]
        func add(_ copy: ImportPlan.Copy, from path: String) {
            if let earlier = destinations[copy.destination] {
                plan.report.leave("\(earlier) is imported to \(copy.destination) already; this file was not imported", path: path)
                return
            }
            destinations[copy.destination] = path
            plan.copies.append(copy)
        }
        for path in files {
            if path.hasPrefix(contentFolder + "/") {
                let inner = String(path.dropFirst(contentFolder.count + 1))
                let copy = ImportPlan.Copy(source: joinPath(source.root, path), destination: "Content/" + inner, kind: kind(of: inner))
                if inner.hasSuffix(".html") && source.hasFrontMatter(path) {
                    plan.report.leave("HTML content is not imported: Despina reads pages written in Markdown", path: path)
                    continue
                }
                add(copy, from: path)
                continue
            }
            if path.hasPrefix("static/") {
                let inner = String(path.dropFirst("static/".count))
                add(ImportPlan.Copy(source: joinPath(source.root, path), destination: "Content/" + inner, kind: .file), from: path)
                continue
            }
            let top = path.split(separator: "/").first.map(String.init) ?? path
            guard path.contains("/") else { continue }  // configuration, README, package.json
            if path.hasPrefix("layouts/shortcodes/"), let name = path.split(separator: "/").last, name.hasSuffix(".html") {
                plan.report.leave(
                    "the shortcode '\(name.dropLast(5))' cannot run in Despina; its calls keep their inner text and get a warning",
                    path: path)
                continue
            }
            if reportedFolders.insert(top).inserted, let reason = folderReasons[top] {
                plan.report.leave(reason, path: top)
            }
        }
        if listsCategories { plan.settings.redirects = categoryRedirects(source, posts: plan.copies.filter { $0.kind == .post }) }
        if !plan.settings.redirects.isEmpty {
            plan.report.carry("\(plan.settings.redirects.count - 1) category pages redirect to the tag pages that list their posts (redirects)")
        }
        return plan
    }

    /// Redirects from Hugo's category pages (`/categories/`, `/categories/news/`)
    /// to the tag pages that list the same posts, categories being tags in
    /// Despina; none when no post has a category.
    private static func categoryRedirects(_ source: ImportSource, posts: [ImportPlan.Copy]) -> [SiteRedirect] {
        var names: Set<String> = []
        for post in posts {
            guard let text = source.text(of: String(post.source.dropFirst(source.root.count + 1))),
                  let matter = (try? TOMLFrontMatter.split(text))??.frontMatter ?? (try? FrontMatter.split(text))?.frontMatter,
                  let categories = try? matter.texts("categories") else { continue }
            names.formUnion(categories)
        }
        var redirects: [String: String] = [:]
        for name in names {
            let slug = TextFolding.slug(name)
            let old = SiteConventions.hugoPath(name)
            guard !slug.isEmpty, !old.isEmpty else { continue }
            redirects["/categories/\(old)/"] = SiteModel.TagGroup.path(slug: slug)
        }
        guard !redirects.isEmpty else { return [] }
        redirects["/categories/"] = "/tags/"
        return redirects.map { SiteRedirect(from: $0.key, to: $0.value) }.sorted { $0.from < $1.from }
    }

    /// A Markdown file directly in the content folder is a page; one in a
    /// folder is a post of that section, the rest are files.
    private static func kind(of inner: String) -> ImportPlan.Copy.Kind {
        guard isMarkdownPath(inner) else { return .file }
        let name = inner.split(separator: "/").last ?? ""
        if name.hasPrefix("_index.") { return .page }
        if !inner.contains("/") { return .page }
        // A bundle directly in the content folder (`about/index.md`) is a page.
        let parts = inner.split(separator: "/")
        return parts.count == 2 && name.hasPrefix("index.") ? .page : .post
    }

    /// Reads the configuration file into `plan`; returns the content folder
    /// and whether the site has category pages.
    private static func readConfiguration(
        _ source: ImportSource, path: String, into plan: inout ImportPlan
    ) throws(Diagnostic) -> (contentFolder: String, listsCategories: Bool) {
        guard let text = source.text(of: path) else {
            throw Diagnostic(path: joinPath(source.root, path), message: "cannot read the file as UTF-8 text")
        }
        let mapping: YAMLMapping
        do throws(MarkupError) {
            if path.hasSuffix(".toml") {
                var reader = TOMLReader(text, firstLine: 1)
                mapping = try reader.read()
            } else {
                let parsed = try FrontMatter.parse(yaml: text, firstLine: 1)
                mapping = parsed.values
            }
        } catch {
            throw Diagnostic(path: joinPath(source.root, path), line: error.line, column: error.column, message: error.message)
        }
        let root = YAMLValue(content: .mapping(mapping), line: 1, column: 1)
        var settings = plan.settings
        settings.title = root.value(at: "title")?.scalarText
        plan.report.carry("title", settings.title, as: "title")
        settings.description = root.value(at: "params.description")?.scalarText
        plan.report.carry("params.description", settings.description, as: "description")
        settings.author = root.value(at: "params.author")?.scalarText ?? root.value(at: "author")?.scalarText
            ?? root.value(at: "params.author.name")?.scalarText ?? root.value(at: "author.name")?.scalarText
        plan.report.carry("author", settings.author, as: "author")
        if let url = root.value(at: "baseURL")?.scalarText, url.hasPrefix("http") {
            settings.baseURL = url.hasSuffix("/") ? url : url + "/"
            plan.report.carry("baseURL", settings.baseURL, as: "baseURL")
        } else {
            plan.report.leave("no absolute baseURL; set baseURL in despina.yml to the address the site is published at", path: path)
        }
        if let language = root.value(at: "defaultContentLanguage")?.scalarText ?? root.value(at: "languageCode")?.scalarText {
            settings.language = language
            plan.report.carry("language", language, as: "language")
        }
        settings.timeZone = root.value(at: "timeZone")?.scalarText
        plan.report.carry("timeZone", settings.timeZone, as: "timeZone")
        if let size = root.value(at: "pagination.pagerSize")?.integer ?? root.value(at: "paginate")?.integer, size > 0 {
            settings.postsPerPage = size
            plan.report.carry("pagination", String(size), as: "postsPerPage")
        }
        let ugly = root.value(at: "uglyURLs")?.content == .bool(true)
        if ugly {
            settings.permalink = "/:folders/:slugorfilename:output_ext"
            settings.pagePermalink = "/:slugorfilename:output_ext"
            plan.report.carry("uglyURLs: pages end in .html")
        }
        if let permalinks = root.value(at: "permalinks")?.mapping {
            readPermalinks(permalinks, path: path, into: &settings, report: &plan.report)
        }
        if let unsafe = root.value(at: "markup.goldmark.renderer.unsafe"), unsafe.content == .bool(true) {
            settings.unsafeHTML = true
            plan.report.carry("markup.goldmark.renderer.unsafe → markdown.unsafeHTML: true")
        }
        if let style = root.value(at: "markup.goldmark.parser.autoHeadingIDType"), let name = style.scalarText, name != "github" {
            plan.report.leave(
                "heading ids of the '\(name)' style are made in Goldmark's github style; ids of headings with punctuation may differ",
                path: path, line: style.line, column: style.column)
        }
        plan.report.carry("heading ids as Goldmark makes them (markdown.headingIDs: goldmark)")
        if let typographer = root.value(at: "markup.goldmark.extensions.typographer"),
           typographer.content == .bool(false) || typographer.value(at: "disable")?.content == .bool(true) {
            settings.smartPunctuation = false
            plan.report.carry("markup.goldmark.extensions.typographer = false → markdown.smartPunctuation: false")
        }
        var listsCategories = !(root.value(at: "disableKinds")?.texts.contains { ["term", "taxonomyterm"].contains($0.lowercased()) } ?? false)
        if let taxonomies = root.value(at: "taxonomies")?.mapping {
            listsCategories = listsCategories && taxonomies.keys.contains { taxonomies[$0.name]?.scalarText == "categories" }
            for key in taxonomies.keys {
                let plural = taxonomies[key.name]?.scalarText ?? key.name
                if plural == "tags" { continue }
                if plural == "categories" {
                    plan.report.carry("categories become tags")
                } else {
                    plan.report.leave(
                        "the taxonomy '\(plural)' is not imported: Despina lists tags (and categories as tags)",
                        path: path, line: key.line, column: key.column)
                }
            }
        }
        for key in ["theme", "languages"] {
            guard let value = root.value(at: key) else { continue }
            let message = key == "theme"
                ? "the theme is not imported; the site uses Despina's theme"
                : "only the content of the default language is imported"
            plan.report.leave(message, path: path, line: value.line, column: value.column)
        }
        if let params = root.value(at: "params")?.mapping {
            settings.params = scalarParameters(of: params)
            if !settings.params.isEmpty {
                plan.report.carry("\(settings.params.count) values of [params] → params, for {{< param >}} and templates")
            }
        }
        plan.settings = settings
        let folder = root.value(at: "contentDir")?.scalarText ?? "content"
        return (folder.trimmingCharacters(in: CharacterSet(charactersIn: "/")), listsCategories)
    }

    /// Hugo's `[permalinks]`: `posts = "…"` (every kind) or, by kind,
    /// `[permalinks.page] posts = "…"`; only the pattern of regular pages
    /// has a place in Despina.
    private static func readPermalinks(
        _ permalinks: YAMLMapping, path: String, into settings: inout ImportedSettings, report: inout ImportReport
    ) {
        var patterns: [(section: String, value: YAMLValue)] = []
        for key in permalinks.keys {
            guard let value = permalinks[key.name] else { continue }
            if let byKind = value.mapping {
                let kind = key.name.lowercased()
                for section in byKind.keys {
                    guard let pattern = byKind[section.name] else { continue }
                    if kind == "page" {
                        patterns.append((section.name, pattern))
                    } else {
                        report.leave(
                            "the \(kind) permalink of '\(section.name)' is not imported: Despina's list pages have fixed URLs",
                            path: path, line: pattern.line, column: pattern.column)
                    }
                }
            } else {
                patterns.append((key.name, value))
            }
        }
        for (section, value) in patterns {
            guard let pattern = value.scalarText else { continue }
            if let token = PermalinkPattern.unknownToken(in: pattern) {
                report.leave(
                    "the permalink '\(pattern)' uses \(token), which Despina does not know; the section keeps Hugo's default",
                    path: path, line: value.line, column: value.column)
                continue
            }
            settings.sectionPermalinks.append(SectionPermalink(section: section, pattern: pattern))
            report.carry("permalinks of \(section) → permalinks.\(section): \(pattern)")
        }
        settings.sectionPermalinks.sort { $0.section < $1.section }
    }
}

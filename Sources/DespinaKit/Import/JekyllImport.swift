import Foundation
import Markup

/// Reads a Jekyll site into an import plan: `_config.yml` into settings,
/// `_posts/` and `_drafts/` into `Content/posts/`, pages with front matter
/// at the top into `Content/`, and every other file into `Content/` as it is.
enum JekyllImport {
    /// Plugins whose work Despina does itself.
    static let pluginsDoneByDespina: [String: String] = [
        "jekyll-redirect-from": "redirect_from in front matter makes redirect pages",
        "jekyll-feed": "Despina writes RSS, Atom and JSON feeds",
        "jekyll-sitemap": "Despina writes sitemap.xml",
        "jekyll-paginate": "the home and tag pages are paginated (postsPerPage)",
        "jekyll-paginate-v2": "the home and tag pages are paginated (postsPerPage)",
    ]

    /// Files and folders Jekyll leaves out of a site unless told otherwise.
    static let excludedByDefault = ["Gemfile", "Gemfile.lock", "node_modules", "vendor", "_site"]

    static func plan(_ source: ImportSource, files: [String], report: ImportReport) throws(Diagnostic) -> ImportPlan {
        var plan = ImportPlan(generator: .jekyll)
        plan.report = report
        let configName = files.contains("_config.yml") ? "_config.yml" : files.contains("_config.yaml") ? "_config.yaml" : nil
        var excluded = excludedByDefault
        if let configName {
            excluded += try readConfiguration(source, path: configName, into: &plan)
        } else {
            plan.report.leave("no _config.yml; the site's title, URL and permalinks are Despina's defaults", path: ".")
            plan.settings.permalink = PermalinkPattern.resolvingStyle("date")
            plan.settings.pagePermalink = "/:filename:output_ext"
        }
        plan.settings.conventions = .jekyll
        plan.settings.unsafeHTML = true
        plan.report.carry("raw HTML in posts passes through, as Jekyll passes it (markdown.unsafeHTML)")
        var skippedFolders: Set<String> = []
        for path in files {
            let top = path.split(separator: "/").first.map(String.init) ?? path
            if path == configName { continue }
            if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
            if top == "_posts" || top == "_drafts" {
                let inner = String(path.dropFirst(top.count + 1))
                let destination = "Content/posts/" + inner
                if isMarkdownPath(path) {
                    plan.copies.append(.init(
                        source: joinPath(source.root, path), destination: destination, kind: .post, marksDraft: top == "_drafts"))
                } else if path.hasSuffix(".html") {
                    plan.report.leave("an HTML post is not imported: Despina reads posts written in Markdown", path: path)
                } else {
                    plan.copies.append(.init(source: joinPath(source.root, path), destination: destination, kind: .file))
                }
                continue
            }
            if top.hasPrefix("_") {
                if skippedFolders.insert(top).inserted { plan.report.leave(Self.reason(skipping: top), path: top) }
                continue
            }
            if isMarkdownPath(path) || path.hasSuffix(".html") {
                guard source.hasFrontMatter(path) else {
                    if isMarkdownPath(path) {
                        plan.report.leave("Markdown without front matter, which Jekyll copies as it is; not imported", path: path)
                    } else {
                        plan.copies.append(.init(source: joinPath(source.root, path), destination: "Content/" + path, kind: .file))
                    }
                    continue
                }
                if path.hasPrefix("index.") {
                    plan.report.leave("the home page: Despina makes its own list of posts; not imported", path: path)
                } else if path.hasSuffix(".html") {
                    plan.report.leave("an HTML page with front matter is a Liquid template; not imported", path: path)
                } else if path.contains("/") {
                    plan.report.leave("a page below the site's top folder; Despina's pages stand in Content/ itself, so it was not imported", path: path)
                } else {
                    plan.copies.append(.init(source: joinPath(source.root, path), destination: "Content/" + path, kind: .page))
                }
                continue
            }
            plan.copies.append(.init(source: joinPath(source.root, path), destination: "Content/" + path, kind: .file))
        }
        return plan
    }

    /// Why a folder whose name starts with `_` is not imported.
    private static func reason(skipping folder: String) -> String {
        switch folder {
        case "_layouts", "_includes":
            "Liquid templates are not converted; the site uses Despina's theme (override it in Templates/)"
        case "_sass": "the theme's styles are not converted; Despina's theme has its own"
        case "_data": "data files feed Liquid templates, which are not converted"
        case "_plugins": "Ruby plugins cannot run in Despina"
        default: "a Jekyll folder or collection that Despina has no place for; not imported"
        }
    }

    /// Reads `_config.yml` into `plan`'s settings and report; returns the
    /// paths it excludes.
    private static func readConfiguration(_ source: ImportSource, path: String, into plan: inout ImportPlan) throws(Diagnostic) -> [String] {
        guard let text = source.text(of: path) else {
            throw Diagnostic(path: joinPath(source.root, path), message: "cannot read the file as UTF-8 text")
        }
        let config: FrontMatter
        do {
            config = try FrontMatter.parse(yaml: text, firstLine: 1)
        } catch {
            throw Diagnostic(path: joinPath(source.root, path), line: error.line, column: error.column, message: error.message)
        }
        let root = YAMLValue(content: .mapping(config.values), line: 1, column: 1)
        var settings = plan.settings
        settings.title = root.value(at: "title")?.scalarText
        plan.report.carry("title", settings.title, as: "title")
        settings.description = root.value(at: "description")?.scalarText?.trimmingCharacters(in: .whitespacesAndNewlines)
        settings.author = root.value(at: "author")?.scalarText ?? root.value(at: "author.name")?.scalarText
        plan.report.carry("author", settings.author, as: "author")
        if let url = root.value(at: "url")?.scalarText, !url.isEmpty {
            let base = (root.value(at: "baseurl")?.scalarText ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let origin = url.hasSuffix("/") ? String(url.dropLast()) : url
            settings.baseURL = origin + "/" + (base.isEmpty ? "" : base + "/")
            plan.report.carry("url and baseurl", settings.baseURL, as: "baseURL")
        } else {
            plan.report.leave("no url here; set baseURL in despina.yml to the address the site is published at", path: path)
        }
        if let language = root.value(at: "lang")?.scalarText ?? root.value(at: "locale")?.scalarText {
            settings.language = language.replacingOccurrences(of: "_", with: "-")
            plan.report.carry("lang", settings.language, as: "language")
        }
        settings.timeZone = root.value(at: "timezone")?.scalarText
        plan.report.carry("timezone", settings.timeZone, as: "timeZone")
        if let size = root.value(at: "paginate")?.integer, size > 0 {
            settings.postsPerPage = size
            plan.report.carry("paginate", String(size), as: "postsPerPage")
        }
        let written = root.value(at: "collections.posts.permalink") ?? root.value(at: "permalink")
        let style = written?.scalarText ?? "date"
        let pattern = PermalinkPattern.resolvingStyle(style)
        if let token = PermalinkPattern.unknownToken(in: pattern) {
            plan.report.leave(
                "the permalink '\(style)' uses \(token), which Despina does not know; posts take Jekyll's default (date)",
                path: path, line: written?.line ?? 0, column: written?.column ?? 0)
            settings.permalink = PermalinkPattern.resolvingStyle("date")
        } else {
            settings.permalink = pattern
            plan.report.carry("permalink → permalink: \(pattern)")
        }
        let prettyPages = style == "pretty" || pattern.hasSuffix("/")
        settings.pagePermalink = prettyPages ? "/:filename/" : "/:filename:output_ext"
        settings.headingIDs = root.value(at: "kramdown.input")?.scalarText?.lowercased() == "gfm" ? "goldmark" : "kramdown"
        plan.report.carry("heading ids as kramdown\(settings.headingIDs == "goldmark" ? "'s GFM parser" : "") makes them (markdown.headingIDs: \(settings.headingIDs ?? ""))")
        if let future = root.value(at: "future"), future.content == .bool(true) {
            plan.report.leave(
                "future: true; Despina leaves posts dated in the future out unless the site is built with --future",
                path: path, line: future.line, column: future.column)
        }
        for key in ["plugins", "gems"] {
            guard let list = root.value(at: key), case .list(let items) = list.content else { continue }
            for item in items {
                guard let name = item.scalarText else { continue }
                if let done = pluginsDoneByDespina[name] {
                    plan.report.carry("plugin \(name): \(done)")
                } else {
                    plan.report.leave("the plugin \(name) cannot run in Despina", path: path, line: item.line, column: item.column)
                }
            }
        }
        if let collections = root.value(at: "collections")?.mapping {
            for key in collections.keys where key.name.lowercased() != "posts" {
                plan.report.leave(
                    "the collection '\(key.name)' is not imported: Despina has posts and pages only",
                    path: path, line: key.line, column: key.column)
            }
        }
        if let theme = root.value(at: "theme") {
            plan.report.leave("the theme is not imported; the site uses Despina's theme", path: path, line: theme.line, column: theme.column)
        }
        settings.params = scalarParameters(of: config.values)
        if !settings.params.isEmpty {
            plan.report.carry("\(settings.params.count) values of _config.yml → params, for {{ site.NAME }} in posts")
        }
        plan.settings = settings
        for warning in config.warnings {
            plan.report.leave(warning.message, path: path, line: warning.line, column: warning.column)
        }
        return (root.value(at: "exclude")?.texts ?? []).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }
}

/// The text, number and true/false values of `mapping`'s own keys, as
/// site parameters (lists and mappings have no place there).
func scalarParameters(of mapping: YAMLMapping) -> [SiteParameter] {
    mapping.keys.compactMap { key in
        mapping[key.name]?.scalarText.map { SiteParameter(name: key.name, value: $0) }
    }.sorted { $0.name < $1.name }
}

import Foundation
import Markup

/// Reads `despina.yml`. A missing file gives the defaults; an unknown key
/// gives a warning naming the nearest valid key; a value of the wrong type
/// is an error at its line and column; a link to a file outside the site
/// is an error (`SiteLinkCheck`): skipping it would build with the wrong
/// settings.
struct ConfigLoader: Sendable {
    let fileSystem: any FileSystem

    static let fileName = "despina.yml"

    static let topLevelKeys = [
        "title", "description", "author", "baseURL", "language", "timeZone", "postsPerPage",
        "permalink", "permalinks", "pagePermalink", "conventions", "redirects", "params", "markdown", "search", "feedLimit",
    ]
    static let markdownKeys = [
        "smartPunctuation", "hardLineBreaks", "unsafeHTML", "footnotes", "taskLists", "autolinks",
        "headingAttributes", "alerts", "definitionLists", "headingIDs",
    ]
    static let searchKeys = ["enabled", "indexCode"]

    func load(siteDirectory: String) throws(BuildFailure) -> (config: SiteConfig, warnings: [Diagnostic]) {
        let path = joinPath(siteDirectory, Self.fileName)
        var config = SiteConfig()
        guard let info = fileSystem.info(at: path) else { return (config, []) }
        // Its values are published (the title, the params); a link from a
        // site's repository must not make them the text of a file elsewhere.
        if info.kind == .symbolicLink,
           let target = SiteLinkCheck(siteDirectory: siteDirectory, fileSystem: fileSystem).targetOutsideSite(ofLink: path) {
            throw BuildFailure([Diagnostic(
                path: Self.fileName,
                message: "this link points outside the site folder, to \(target); settings are read only from "
                    + "inside the site, so copy the file here")])
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: path)
        } catch {
            throw BuildFailure([Diagnostic(path: Self.fileName, message: "cannot read the file: \(error)")])
        }
        let text: String
        switch UTF8Validation.string(from: bytes) {
        case .success(let decoded):
            text = decoded
        case .failure(let bad):
            throw BuildFailure([Diagnostic(
                path: Self.fileName, line: bad.line, column: bad.column, message: "the file is not valid UTF-8")])
        }
        var warnings: [Diagnostic] = []
        do {
            let yaml = try FrontMatter.parse(yaml: text, firstLine: 1)
            for warning in yaml.warnings {
                warnings.append(.warning(warning.message, path: Self.fileName, line: warning.line, column: warning.column))
            }
            warnings += unknownKeys(yaml.keys, valid: Self.topLevelKeys, prefix: "")
            config.title = try yaml.string("title") ?? config.title
            config.description = try yaml.string("description") ?? config.description
            config.author = try yaml.string("author") ?? config.author
            if let baseURL = try yaml.string("baseURL") {
                if let problem = SiteConfig.problem(withBaseURL: baseURL) {
                    let position = yaml["baseURL"]
                    throw MarkupError(line: position?.line ?? 0, column: position?.column ?? 0, message: "'baseURL' \(problem)")
                }
                config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            }
            config.language = try yaml.string("language") ?? config.language
            if let zone = try yaml.string("timeZone") {
                guard TimeZone(identifier: zone) != nil else {
                    let position = yaml["timeZone"]
                    throw MarkupError(
                        line: position?.line ?? 0, column: position?.column ?? 0,
                        message: "unknown time zone '\(zone)' for 'timeZone'; use a name like Europe/Istanbul or UTC")
                }
                config.timeZone = zone
            }
            config.postsPerPage = try yaml.values.int("postsPerPage", in: 1...1000) ?? config.postsPerPage
            config.feedLimit = try yaml.values.int("feedLimit", in: 0...10_000) ?? config.feedLimit
            if let permalink = try yaml.string("permalink") {
                config.permalink = try Self.pattern(permalink, at: yaml["permalink"])
            }
            if let pagePermalink = try yaml.string("pagePermalink") {
                config.pagePermalink = try Self.pattern(pagePermalink, at: yaml["pagePermalink"])
            }
            for entry in try Self.entries(of: "permalinks", in: yaml, expected: "a URL pattern such as /:section/:year/:slug/") {
                config.sectionPermalinks.append(
                    SectionPermalink(section: entry.key.name, pattern: try Self.pattern(entry.text, at: entry.value)))
            }
            config.sectionPermalinks.sort { $0.section < $1.section }
            for entry in try Self.entries(
                of: "params", in: yaml, expected: "a single value (text, a number or true/false)", takesNumbers: true) {
                config.params.append(SiteParameter(name: entry.key.name, value: entry.text))
            }
            config.params.sort { $0.name < $1.name }
            for entry in try Self.entries(
                of: "redirects", in: yaml, expected: "the path it redirects to, such as /tags/news/", takesEmpty: false) {
                config.redirects.append(
                    SiteRedirect(from: entry.key.name, to: entry.text, line: entry.key.line, column: entry.key.column))
            }
            config.redirects.sort { $0.from < $1.from }
            if let conventions = try yaml.string("conventions") {
                guard let known = SiteConventions(rawValue: conventions) else {
                    let position = yaml["conventions"]
                    let names = SiteConventions.allCases.map(\.rawValue).joined(separator: ", ")
                    throw MarkupError(
                        line: position?.line ?? 0, column: position?.column ?? 0,
                        message: "unknown conventions '\(conventions)'; use one of \(names)")
                }
                config.conventions = known
            }
            if let markdown = try yaml.mapping("markdown") {
                warnings += unknownKeys(markdown.keys, valid: Self.markdownKeys, prefix: "markdown.")
                config.markdown.smartPunctuation = try markdown.bool("smartPunctuation") ?? config.markdown.smartPunctuation
                config.markdown.hardLineBreaks = try markdown.bool("hardLineBreaks") ?? config.markdown.hardLineBreaks
                config.markdown.unsafeHTML = try markdown.bool("unsafeHTML") ?? config.markdown.unsafeHTML
                config.markdown.footnotes = try markdown.bool("footnotes") ?? config.markdown.footnotes
                config.markdown.taskLists = try markdown.bool("taskLists") ?? config.markdown.taskLists
                config.markdown.autolinks = try markdown.bool("autolinks") ?? config.markdown.autolinks
                config.markdown.headingAttributes = try markdown.bool("headingAttributes") ?? config.markdown.headingAttributes
                config.markdown.alerts = try markdown.bool("alerts") ?? config.markdown.alerts
                config.markdown.definitionLists = try markdown.bool("definitionLists") ?? config.markdown.definitionLists
                if let name = try markdown.string("headingIDs") {
                    guard let style = HeadingIDStyle(rawValue: name) else {
                        let position = markdown["headingIDs"]
                        throw MarkupError(
                            line: position?.line ?? 0, column: position?.column ?? 0,
                            message: "expected despina, goldmark or kramdown for 'headingIDs', found '\(name)'")
                    }
                    config.markdown.headingIDs = style
                }
            }
            if let search = try yaml.mapping("search") {
                warnings += unknownKeys(search.keys, valid: Self.searchKeys, prefix: "search.")
                config.search.enabled = try search.bool("enabled") ?? config.search.enabled
                config.search.indexCode = try search.bool("indexCode") ?? config.search.indexCode
            }
        } catch let error as MarkupError {
            throw BuildFailure([Diagnostic(
                path: Self.fileName, line: error.line, column: error.column, message: error.message)])
        } catch {
            throw BuildFailure([Diagnostic(path: Self.fileName, message: "\(error)")])
        }
        return (config, warnings)
    }

    /// The keys of the mapping `name` (`permalinks`, `redirects`), each with
    /// its text: a string (not empty unless `takesEmpty`), or with
    /// `takesNumbers` also a date, number or boolean as written; anything
    /// else is an error at the value saying what was `expected`.
    private static func entries(
        of name: String, in yaml: FrontMatter, expected: String, takesNumbers: Bool = false, takesEmpty: Bool = true
    ) throws(MarkupError) -> [(key: YAMLMapping.Key, text: String, value: YAMLValue)] {
        guard let mapping = try yaml.mapping(name) else { return [] }
        return try mapping.keys.map { key throws(MarkupError) in
            let value = mapping[key.name]
            var text = takesNumbers ? value?.scalarText : nil
            if case .string(let string)? = value?.content { text = string }
            guard let text, takesEmpty || !text.isEmpty, let value else {
                throw MarkupError(
                    line: value?.line ?? key.line, column: value?.column ?? key.column,
                    message: "'\(name).\(key.name)' must be \(expected)")
            }
            return (key, text, value)
        }
    }

    /// The pattern `written` stands for (a Jekyll style name is replaced
    /// by its pattern), checked for unknown tokens.
    private static func pattern(_ written: String, at position: YAMLValue?) throws(MarkupError) -> String {
        let pattern = PermalinkPattern.resolvingStyle(written)
        if let token = PermalinkPattern.unknownToken(in: pattern) {
            throw MarkupError(
                line: position?.line ?? 0, column: position?.column ?? 0,
                message: PermalinkPattern.unknownTokenMessage(token, in: written))
        }
        return pattern
    }

    private func unknownKeys(_ keys: [YAMLMapping.Key], valid: [String], prefix: String) -> [Diagnostic] {
        keys.compactMap { key in
            guard !valid.contains(where: { $0.lowercased() == key.name.lowercased() }) else { return nil }
            let name = key.name.lowercased()
            let distances = valid.map { ($0, editDistance(name, $0.lowercased())) }
            // Only a near key is a likely misspelling; for any other the
            // keys there are listed (a nearest far key, unsafeHTML for
            // 'tables', would send the writer the wrong way).
            let hint: String
            if let (nearest, distance) = distances.min(by: { $0.1 < $1.1 }), distance <= max(2, name.count / 3) {
                hint = "; did you mean '\(prefix)\(nearest)'?"
            } else {
                let place = prefix.isEmpty ? "at the top level" : "under \(prefix.dropLast())"
                hint = "; the keys \(place) are " + valid.sorted { $0.lowercased() < $1.lowercased() }.joined(separator: ", ")
            }
            return .warning("unknown key '\(prefix)\(key.name)'\(hint)", path: Self.fileName, line: key.line, column: key.column)
        }
    }
}

/// The number of single-letter insertions, deletions and substitutions
/// that turn `a` into `b`: how near a misspelt name is to a known one.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

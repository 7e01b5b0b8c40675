import Foundation
import Markup
import TextFolding

/// `despina new "Title"`: writes a post file with its front matter filled in.
public struct NewPost: Sendable {
    /// Files, clock and log.
    public let environment: BuildEnvironment

    /// Creates the command over `environment`.
    public init(environment: BuildEnvironment) {
        self.environment = environment
    }

    /// Creates `Content/SECTION/SLUG.md` in `siteDirectory`, or with
    /// `bundle` the page bundle `Content/SECTION/SLUG/index.md` (a folder
    /// for the post and its images), and returns its path relative to the
    /// site. Never overwrites a file.
    ///
    /// `date` is written as given, once ``problem(withDate:)`` finds
    /// nothing wrong with it (the same reading as front matter's); without
    /// it the post is dated now, in the site's time zone. `tags` are
    /// written quoted, so a tag such as `yes` or `2024` stays text.
    public func create(
        title: String, section: String = "posts", language: String?, date: String? = nil, tags: [String] = [],
        bundle: Bool = false, siteDirectory: String
    ) throws(Diagnostic) -> String {
        let slug = TextFolding.slug(title)
        guard !slug.isEmpty else {
            throw Diagnostic(path: siteDirectory, message: "the title '\(title)' has no letters or digits to make a file name from")
        }
        let sectionSlug = TextFolding.slug(section)
        guard !sectionSlug.isEmpty else {
            throw Diagnostic(path: siteDirectory, message: "'\(section)' is not a usable section name")
        }
        let fileSystem = environment.fileSystem
        // A second word of an unquoted title would otherwise make a site
        // folder of that name (`despina new Hello world`).
        guard fileSystem.exists(joinPath(siteDirectory, ConfigLoader.fileName))
                || fileSystem.isDirectory(joinPath(siteDirectory, "Content"))
        else {
            throw Diagnostic(
                path: siteDirectory,
                message: "no site here (no \(ConfigLoader.fileName) and no Content folder); make one with despina init, "
                    + "or put a title of several words in quotes")
        }
        let asFile = "Content/\(sectionSlug)/\(slug).md"
        let asBundle = "Content/\(sectionSlug)/\(slug)/index.md"
        let relative = bundle ? asBundle : asFile
        guard !fileSystem.exists(joinPath(siteDirectory, relative)) else {
            throw Diagnostic(path: relative, message: "a file with this name exists already; not overwriting it")
        }
        let other = bundle ? asFile : asBundle
        guard !fileSystem.exists(joinPath(siteDirectory, other)) else {
            throw Diagnostic(path: other, message: "a post of this name exists already; the new one would have its URL")
        }
        if let language, !Self.isLanguageTag(language) {
            throw Diagnostic(
                path: siteDirectory, message: "'\(language)' is not a language tag; write one like tr, vi or pt-BR")
        }
        if let date, let problem = Self.problem(withDate: date) {
            throw Diagnostic(path: siteDirectory, message: problem)
        }
        var config = SiteConfig()
        if let loaded = try? ConfigLoader(fileSystem: fileSystem).load(siteDirectory: siteDirectory) {
            config = loaded.config
        }
        let now = CalendarParts(environment.now(), zone: config.zone)
        let dateText = date?.trimmingCharacters(in: .whitespaces) ?? "\(now.isoDay) \(now.iso8601.dropFirst(11).prefix(5))"
        let tagList = tags.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var text = "---\n"
        text += "title: \(yamlQuoted(title))\n"
        text += "date: \(dateText)\n"
        text += "tags: [\(tagList.map(yamlQuoted).joined(separator: ", "))]\n"
        text += "description: \"\"\n"
        if let language, language != config.language { text += "lang: \(yamlQuoted(language))\n" }
        text += "draft: true\n"
        text += "---\n\n"
        do {
            try fileSystem.write(Array(text.utf8), to: joinPath(siteDirectory, relative))
        } catch {
            throw Diagnostic(path: relative, message: "cannot write the file: \(error)")
        }
        return relative
    }

    /// What is wrong with `date` as a post's date, or nil when front matter
    /// would read it (`2026-12-01`, `2026-12-01 10:00`, with seconds or a
    /// zone): checked before anything is written, so a mistyped date is
    /// not found only by the next build.
    public static func problem(withDate date: String) -> String? {
        // The zone does not change whether a date is one.
        guard parseDate(date, timeZone: .gmt) == nil else { return nil }
        return "expected a date like 2026-12-01 or 2026-12-01 10:00 for --date, found '\(date)'"
    }

    /// Whether `text` has the form of a BCP 47 language tag (`tr`, `pt-BR`,
    /// `zh-Hant-TW`): letters, then parts of letters and digits after
    /// hyphens. Anything else would not be a language, and a line break in
    /// it would write another front-matter key.
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

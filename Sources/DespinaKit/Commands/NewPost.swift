import Foundation
import TextFolding

/// `despina new "Title"`: writes a post file with its front matter filled in.
public struct NewPost: Sendable {
    /// Files, clock and log.
    public let environment: BuildEnvironment

    /// Creates the command over `environment`.
    public init(environment: BuildEnvironment) {
        self.environment = environment
    }

    /// Creates `Content/SECTION/SLUG.md` in `siteDirectory` and returns its
    /// path relative to the site. Never overwrites a file.
    public func create(title: String, section: String = "posts", language: String?, siteDirectory: String)
        throws(Diagnostic) -> String
    {
        let slug = TextFolding.slug(title)
        guard !slug.isEmpty else {
            throw Diagnostic(path: siteDirectory, message: "the title '\(title)' has no letters or digits to make a file name from")
        }
        let sectionSlug = TextFolding.slug(section)
        guard !sectionSlug.isEmpty else {
            throw Diagnostic(path: siteDirectory, message: "'\(section)' is not a usable section name")
        }
        let relative = "Content/\(sectionSlug)/\(slug).md"
        let path = joinPath(siteDirectory, relative)
        let fileSystem = environment.fileSystem
        guard !fileSystem.exists(path) else {
            throw Diagnostic(path: relative, message: "a file with this name exists already; not overwriting it")
        }
        if let language, !Self.isLanguageTag(language) {
            throw Diagnostic(
                path: siteDirectory, message: "'\(language)' is not a language tag; write one like tr, vi or pt-BR")
        }
        var config = SiteConfig()
        if let loaded = try? ConfigLoader(fileSystem: fileSystem).load(siteDirectory: siteDirectory) {
            config = loaded.config
        }
        let date = CalendarParts(environment.now(), zone: config.zone)
        let time = date.iso8601.dropFirst(11).prefix(5)
        var text = "---\n"
        text += "title: \(yamlQuoted(title))\n"
        text += "date: \(date.isoDay) \(time)\n"
        text += "tags: []\n"
        text += "description: \"\"\n"
        if let language, language != config.language { text += "lang: \(yamlQuoted(language))\n" }
        text += "draft: true\n"
        text += "---\n\n"
        do {
            try fileSystem.write(Array(text.utf8), to: path)
        } catch {
            throw Diagnostic(path: relative, message: "cannot write the file: \(error)")
        }
        return relative
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

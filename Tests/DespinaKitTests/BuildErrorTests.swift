import Foundation
import Testing
@testable import DespinaKit

/// A site on disk in a temporary folder, starting with one post.
struct TestSite {
    let temporaryDirectory: String
    let path: String
    var output: String { path + "/Output" }

    init(files: [String: String] = [:]) throws {
        temporaryDirectory = try makeTemporaryDirectory()
        path = temporaryDirectory + "/site"
        try write("---\ntitle: First\ndate: 2025-01-02\n---\nHello.\n", to: "Content/posts/first.md")
        for (relative, text) in files { try write(text, to: relative) }
    }

    func write(_ text: String, to relative: String) throws {
        try write(Data(text.utf8), to: relative)
    }

    func write(_ data: Data, to relative: String) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relative)
    }

    func remove() { try? FileManager.default.removeItem(atPath: temporaryDirectory) }

    func build(output: String? = nil, force: Bool = false, log: Logger = .silent) throws(BuildFailure) -> BuildSummary {
        let environment = BuildEnvironment(fileSystem: LocalFileSystem(), now: { fixedNow }, log: log)
        var options = BuildOptions(siteDirectory: path)
        options.outputDirectory = output
        options.force = force
        return try SiteBuilder(environment: environment).build(options)
    }

    /// The diagnostics of a build that must fail; empty (with a recorded
    /// issue) when it succeeds.
    func failedBuild(output: String? = nil) -> [String] {
        do {
            _ = try build(output: output)
            Issue.record("the build succeeded")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }
}

/// Bad input: each error names its file, line and column, and a failed
/// build leaves the previous output byte for byte as it was.
@Suite struct BuildErrorTests {
    /// Builds `site`, applies `change`, and expects the next build to fail
    /// with exactly `expected`, with the first build's output untouched.
    func expectFailure(
        _ site: TestSite, after change: () throws -> Void, output: String? = nil, diagnostics expected: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        _ = try site.build()
        let before = try snapshot(of: site.output)
        #expect(before["index.html"] != nil, sourceLocation: sourceLocation)
        try change()
        #expect(site.failedBuild(output: output) == expected, sourceLocation: sourceLocation)
        #expect(try snapshot(of: site.output) == before, "the failed build changed the output", sourceLocation: sourceLocation)
        #expect(!site.exists(".Output.staging"), "the staging folder was left behind", sourceLocation: sourceLocation)
    }

    @Test func duplicateSlugsNameBothFiles() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntitle: Second\ndate: 2025-01-03\nslug: first\n---\nHi.\n", to: "Content/posts/second.md")
        }, diagnostics: [
            "Content/posts/second.md:4:7: error: the URL '/posts/first/' is also the URL of Content/posts/first.md; "
                + "give one of them another slug",
        ])
    }

    @Test func aDuplicateURLIsBlamedOnTheFileWhoseSlugMadeIt() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntitle: Aa\nslug: zz\n---\nHi.\n", to: "Content/posts/aa.md")
            try site.write("---\ntitle: Zz\n---\nHi.\n", to: "Content/posts/zz.md")
        }, diagnostics: [
            "Content/posts/aa.md:3:7: error: the URL '/posts/zz/' is also the URL of Content/posts/zz.md; "
                + "give one of them another slug",
        ])
    }

    @Test func duplicateSlugsFromFileNamesHaveNoPosition() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntitle: Again\n---\nHi.\n", to: "Content/posts/2025-01-05-first.md")
        }, diagnostics: [
            "Content/posts/first.md: error: the URL '/posts/first/' is also the URL of Content/posts/2025-01-05-first.md; "
                + "give one of them another slug",
        ])
    }

    @Test func duplicatePageSlugPointsAtTheSlug() throws {
        let site = try TestSite(files: ["Content/about.md": "---\ntitle: About\n---\nMe.\n"])
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntitle: Me\nslug: About\n---\nHi.\n", to: "Content/me.md")
        }, diagnostics: [
            "Content/me.md:3:7: error: the URL '/about/' is also the URL of Content/about.md; give one of them another slug",
        ])
    }

    @Test func slugPositionOfACachedPost() throws {
        let site = try TestSite(files: ["Content/posts/zz.md": "---\ntitle: Zz\nslug: other\n---\nHi.\n"])
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntitle: Other\n---\nHi.\n", to: "Content/posts/other.md")
        }, diagnostics: [
            "Content/posts/zz.md:3:7: error: the URL '/posts/other/' is also the URL of Content/posts/other.md; "
                + "give one of them another slug",
        ])
    }

    @Test func bundlePageWhoseURLIsOneOfItsFiles() throws {
        let site = try TestSite(files: ["Content/posts/trip/index.md": "---\ntitle: Trip\n---\nHi.\n"])
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("<p>Old trip</p>\n", to: "Content/posts/trip/index.html")
        }, diagnostics: [
            "Content/posts/trip/index.md: error: the URL '/posts/trip/' is also the path of Content/posts/trip/index.html, "
                + "a file copied from Content/; move or rename the file, or give the page another slug",
        ])
    }

    @Test func pageURLThatIsACopiedFile() throws {
        let site = try TestSite(files: ["Content/about.md": "---\ntitle: About\n---\nMe.\n"])
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("<p>Old about page</p>\n", to: "Content/about/index.html")
        }, diagnostics: [
            "Content/about.md: error: the URL '/about/' is also the path of Content/about/index.html, "
                + "a file copied from Content/; move or rename the file, or give the page another slug",
        ])
    }

    @Test func slugAndAliasThatAreCopiedFiles() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntitle: Second\naliases: [/old/]\nslug: notes\n---\nHi.\n", to: "Content/posts/second.md")
            try site.write("old\n", to: "Content/old/index.html")
            try site.write("notes\n", to: "Content/posts/notes/index.html")
        }, diagnostics: [
            "Content/posts/second.md:3:10: error: the alias '/old/' is also the path of Content/old/index.html, "
                + "a file copied from Content/; move or rename the file, or choose another alias",
            "Content/posts/second.md:4:7: error: the URL '/posts/notes/' is also the path of Content/posts/notes/index.html, "
                + "a file copied from Content/; move or rename the file, or give the page another slug",
        ])
    }

    @Test func unclosedSectionInASiteTemplate() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("<article>\n  {{#page}}\n<p>{{title}}</p>\n", to: "Templates/post.mustache")
        }, diagnostics: [
            "Templates/post.mustache:2:3: error: section {{#page}} is never closed: expected {{/page}} before the end of the template",
        ])
    }

    @Test(arguments: [
        ("post.mustache", "<p>{{> byline}}</p>\n", "Templates/post.mustache:1:4: error: partial \"byline\" not found: no template has that name"),
        ("post.mustache", "{{#page}}\n  {{/post}}\n",
         "Templates/post.mustache:2:3: error: closing tag {{/post}} does not match the open section {{#page}}"),
        ("post.html", "{{#page}}\n",
         "Templates/post.html:1:1: error: section {{#page}} is never closed: expected {{/page}} before the end of the template"),
        ("gallery.mustache", "{{title}\n", "Templates/gallery.mustache:1:1: error: tag {{ is never closed: expected }}"),
    ])
    func templateErrorNamesTheTemplateFile(name: String, source: String, diagnostic: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: { try site.write(source, to: "Templates/" + name) }, diagnostics: [diagnostic])
    }

    @Test func missingContentFolder() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try FileManager.default.removeItem(atPath: site.path + "/Content")
        }, diagnostics: [
            "Content: error: no Content folder in \(site.path); a site needs Content/ with its posts",
        ])
    }

    @Test func permalinkThatLeavesTheOutputFolder() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntitle: Second\npermalink: /../../etc/\n---\nHi.\n", to: "Content/posts/second.md")
        }, diagnostics: [
            "Content/posts/second.md:3:12: error: the URL '/../../etc/' would leave the output folder",
        ])
        #expect(!FileManager.default.fileExists(atPath: site.temporaryDirectory + "/etc"))
    }

    @Test func frontMatterPermalinkUsesThePatternTokens() throws {
        let site = try TestSite(files: [
            "Content/posts/second.md": "---\ntitle: Second\ndate: 2025-01-03\npermalink: /notes/:year/:slug/\n---\nHi.\n",
        ])
        defer { site.remove() }
        _ = try site.build()
        #expect(site.exists("Output/notes/2025/second/index.html"))
    }

    @Test func slugWithDotsIsTurnedIntoAPlainSlug() throws {
        let site = try TestSite(files: ["Content/posts/second.md": "---\ntitle: Second\nslug: ../../x\n---\nHi.\n"])
        defer { site.remove() }
        _ = try site.build()
        #expect(site.exists("Output/posts/x/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site.temporaryDirectory + "/x"))
        #expect(!site.exists("x"))
    }

    @Test func aliasThatLeavesTheOutputFolder() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntitle: Second\naliases: [/old/, /../../x/]\n---\nHi.\n", to: "Content/posts/second.md")
        }, diagnostics: [
            "Content/posts/second.md:3:10: error: the alias '/../../x/' would leave the output folder",
        ])
        #expect(!FileManager.default.fileExists(atPath: site.temporaryDirectory + "/x"))
    }

    @Test(arguments: [
        ("aliases: [/index.html]", "3:10: error: the alias '/index.html' is used by the site itself; choose another alias"),
        ("aliases: [/tags/]", "3:10: error: the alias '/tags/' is used by the site itself; choose another alias"),
        ("aliases: [/sitemap.xml]", "3:10: error: the alias '/sitemap.xml' is used by the site itself; choose another alias"),
        ("aliases: [/posts/first/index.html]",
         "3:10: error: the alias '/posts/first/index.html' is already the URL of Content/posts/first.md"),
        ("permalink: /notes/:sulg/",
         "3:12: error: unknown token ':sulg' in the permalink '/notes/:sulg/'; did you mean ':slug'? the tokens are "
             + ":section, :sections, :folders, :slug, :title, :filename, :contentbasename, :name, :slugorfilename, "
             + ":slugorcontentbasename, :categories, :year, :short_year, :month, :i_month, :day, :i_day, :y_day, :hour, "
             + ":minute, :second, :output_ext"),
        ("permalink: /rss.xml", "3:12: error: the URL '/rss.xml' is used by the site itself; choose another slug or permalink"),
        ("permalink: /posts/first/index.html",
         "3:12: error: the URL '/posts/first/index.html' is also the URL of Content/posts/first.md; give one of them another slug"),
    ])
    func urlThatWouldOverwriteAnotherPage(line: String, diagnostic: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntitle: Second\n\(line)\n---\nHi.\n", to: "Content/posts/second.md")
        }, diagnostics: ["Content/posts/second.md:" + diagnostic])
    }

    @Test func outputFolderInsideContent() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {}, output: site.path + "/Content/site", diagnostics: [
            "\(site.path)/Content/site: error: the output folder is inside Content/; choose a folder outside it",
        ])
        #expect(!site.exists("Content/site"))
        #expect(!site.exists("Content/.site.staging"))
    }

    @Test func outputFolderThatIsTheContentFolder() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {}, output: site.path + "/Content", diagnostics: [
            "\(site.path)/Content: error: the output folder would replace \(site.path)/Content; choose another --output",
        ])
        #expect(site.exists("Content/posts/first.md"))
    }

    @Test func foreignOutputFolderNeedsForce() throws {
        let site = try TestSite(files: ["Output/notes.txt": "mine\n"])
        defer { site.remove() }
        #expect(site.failedBuild() == [
            "\(site.output): error: the output folder is not empty and was not made by Despina; "
                + "refusing to build into it (use --force to build into it; the files there are kept)",
        ])
        #expect(try snapshot(of: site.output) == ["notes.txt": Data("mine\n".utf8)])
        #expect(!site.exists(".Output.staging"))

        // Built into with --force: the file there is the writer's, and kept.
        let summary = try site.build(force: true)
        #expect(summary.warnings.map(\.description) == [
            "\(site.output): warning: kept 1 name this build did not make (notes.txt): "
                + "Despina keeps what it did not make; delete any that are pages of an earlier build",
        ])
        let output = try snapshot(of: site.output)
        #expect(output["notes.txt"] == Data("mine\n".utf8))
        #expect(output[".despina-output"] != nil)
        #expect(output["posts/first/index.html"] != nil)
    }

    @Test func unknownLayoutWarnsAndUsesThePostTemplate() throws {
        let site = try TestSite(files: [
            "Content/posts/second.md": "---\ntitle: Second\nlayout: default\n---\nHi.\n",
        ])
        let plain = try TestSite(files: ["Content/posts/second.md": "---\ntitle: Second\n---\nHi.\n"])
        defer {
            site.remove()
            plain.remove()
        }
        let recorder = LogRecorder()
        let summary = try site.build(log: recorder.logger)
        let expected = "Content/posts/second.md:3:9: warning: unknown layout 'default'; using 'post' (layouts: page, poem, post)"
        #expect(recorder.warnings == [expected])
        #expect(summary.warnings.map(\.description) == [expected])
        _ = try plain.build()
        let page = try snapshot(of: site.output)["posts/second/index.html"]
        #expect(page != nil)
        #expect(page == (try snapshot(of: plain.output))["posts/second/index.html"])
    }

    @Test func linkToAMissingPostWarnsWithItsPosition() throws {
        let site = try TestSite(files: [
            "Content/posts/second.md": "---\ntitle: Second\n---\nSee [one](first.md#top), [two](../posts/gone.md),\n"
                + "  and [ext](https://example.org/x.md) or [draft](draft.md).\n",
            "Content/posts/draft.md": "---\ntitle: Draft\ndraft: true\n---\nSoon.\n",
        ])
        defer { site.remove() }
        let recorder = LogRecorder()
        _ = try site.build(log: recorder.logger)
        let reason = "matches no post or page of this build (missing, a draft or dated in the future)"
        #expect(recorder.warnings == [
            "Content/posts/second.md:4:26: warning: the link '../posts/gone.md' \(reason)",
            "Content/posts/second.md:5:42: warning: the link 'draft.md' \(reason)",
        ])
        let page = try String(contentsOfFile: site.output + "/posts/second/index.html", encoding: .utf8)
        #expect(page.contains(#"<a href="/posts/first/#top">one</a>"#), "\(page)")
    }

    @Test(arguments: [
        ("tags: 5", "Content/posts/second.md:3:7: error: expected a list of strings for 'tags', found the number 5"),
        ("date: someday", "Content/posts/second.md:3:7: error: expected a date like 2015-06-08 or 2015-06-08 10:00 for 'date', found 'someday'"),
        ("draft: maybe", "Content/posts/second.md:3:8: error: expected true or false for 'draft', found 'maybe'"),
        ("title: [a, b]", "Content/posts/second.md:3:8: error: expected a string for 'title', found a list"),
    ])
    func frontMatterValueOfTheWrongType(line: String, diagnostic: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\nlayout: post\n\(line)\n---\nHi.\n", to: "Content/posts/second.md")
        }, diagnostics: [diagnostic])
    }

    @Test func invalidUTF8InAPost() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write(Data("---\ntitle: Second\n---\nKỹ ".utf8) + Data([0xFF]) + Data(" thuật\n".utf8),
                           to: "Content/posts/second.md")
        }, diagnostics: [
            "Content/posts/second.md:4:4: error: the file is not valid UTF-8 (byte 0xFF); save it as UTF-8",
        ])
    }

    @Test func everyBadFileIsReportedInPathOrder() throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("---\ntags: 5\n---\n", to: "Content/posts/b.md")
            try site.write(Data("---\ntitle: A\n---\n".utf8) + Data([0xC3, 0x28]), to: "Content/posts/a.md")
        }, diagnostics: [
            "Content/posts/a.md:4:1: error: the file is not valid UTF-8 (byte 0xC3); save it as UTF-8",
            "Content/posts/b.md:2:7: error: expected a list of strings for 'tags', found the number 5",
        ])
    }

    @Test func unknownConfigurationKeysWarnWithTheNearestKey() throws {
        let site = try TestSite(files: [
            "despina.yml": "titel: Notes\nmarkdown:\n  smartPuncuation: false\n",
        ])
        defer { site.remove() }
        let recorder = LogRecorder()
        let summary = try site.build(log: recorder.logger)
        #expect(recorder.warnings == [
            "despina.yml:1:1: warning: unknown key 'titel'; did you mean 'title'?",
            "despina.yml:3:3: warning: unknown key 'markdown.smartPuncuation'; did you mean 'markdown.smartPunctuation'?",
        ])
        #expect(summary.warnings.count == 2)
        #expect(summary.postCount == 1)
    }

    /// `markdown.footnote` is a misspelling of a real key; `markdown.tables`
    /// is near none (tables are always on), so the keys there are listed
    /// instead of the nearest far one.
    @Test func anUnknownMarkdownKeyGetsTheNearestRealKeyOrTheList() throws {
        let site = try TestSite(files: [
            "despina.yml": "markdown:\n  footnote: true\n  tables: true\n  unsafeHtml: true\n",
        ])
        defer { site.remove() }
        let recorder = LogRecorder()
        _ = try site.build(log: recorder.logger)
        #expect(recorder.warnings == [
            "despina.yml:2:3: warning: unknown key 'markdown.footnote'; did you mean 'markdown.footnotes'?",
            "despina.yml:3:3: warning: unknown key 'markdown.tables'; the keys under markdown are alerts, autolinks, "
                + "definitionLists, footnotes, hardLineBreaks, headingAttributes, headingIDs, smartPunctuation, taskLists, unsafeHTML",
        ])
    }

    @Test(arguments: [
        ("timeZone: Mars/Base", "despina.yml:1:11: error: unknown time zone 'Mars/Base' for 'timeZone'; use a name like Europe/Istanbul or UTC"),
        ("postsPerPage: 0", "despina.yml:1:15: error: 'postsPerPage' must be from 1 to 1000, found 0"),
        ("postsPerPage: 9223372036854775807",
         "despina.yml:1:15: error: 'postsPerPage' must be from 1 to 1000, found 9223372036854775807"),
        ("feedLimit: -1", "despina.yml:1:12: error: 'feedLimit' must be from 0 to 10000, found -1"),
        ("baseURL: 5", "despina.yml:1:10: error: expected a string for 'baseURL', found the number 5"),
        ("baseURL: example.org/blog",
         "despina.yml:1:10: error: 'baseURL' must be an absolute http or https URL like https://example.org/blog/, found 'example.org/blog'"),
        ("search: yes", "despina.yml:1:9: error: expected a mapping for 'search', found 'yes'"),
        ("markdown:\n  unsafeHTML: sometimes", "despina.yml:2:15: error: expected true or false for 'unsafeHTML', found 'sometimes'"),
        ("markdown:\n  headingIDs: hugo", "despina.yml:2:15: error: expected despina, goldmark or kramdown for 'headingIDs', found 'hugo'"),
        ("title: [", "despina.yml:2:1: error: invalid YAML: expected a value here"),
        ("permalink: /:yaer/:slug/",
         "despina.yml:1:12: error: unknown token ':yaer' in the permalink '/:yaer/:slug/'; did you mean ':year'? "
             + "the tokens are " + ":section, :sections, :folders, :slug, :title, :filename, :contentbasename, :name, :slugorfilename, "
             + ":slugorcontentbasename, :categories, :year, :short_year, :month, :i_month, :day, :i_day, :y_day, :hour, "
             + ":minute, :second, :output_ext"),
    ])
    func invalidConfiguration(text: String, diagnostic: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try expectFailure(site, after: { try site.write(text + "\n", to: "despina.yml") }, diagnostics: [diagnostic])
    }

    @Test func acceptsAnHTTPSBaseURLBelowAPath() throws {
        let site = try TestSite(files: ["despina.yml": "baseURL: https://example.org/blog\n"])
        defer { site.remove() }
        _ = try site.build()
        let feed = try String(contentsOfFile: site.output + "/rss.xml", encoding: .utf8)
        #expect(feed.contains("<link>https://example.org/blog/posts/first/</link>"), "\(feed)")
    }

    @Test func configurationValueOfTheWrongType() throws {
        let site = try TestSite(files: ["despina.yml": "title: Notes\n"])
        defer { site.remove() }
        try expectFailure(site, after: {
            try site.write("title: Notes\npostsPerPage: many\n", to: "despina.yml")
        }, diagnostics: [
            "despina.yml:2:15: error: expected a whole number for 'postsPerPage', found 'many'",
        ])
    }
}

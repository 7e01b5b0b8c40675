import Foundation
import Testing
@testable import DespinaKit

/// `despina import`: a Jekyll or Hugo site becomes a Despina site with the
/// same posts, files and URLs, and a report of what was left behind.
@Suite struct SiteImportTests {
    let jekyllSite: [String: String] = [
        "/old/_config.yml": """
            title: Boats and Code
            description: Notes from the harbour
            author:
              name: Deniz
            url: https://example.org
            baseurl: /blog
            timezone: Europe/Istanbul
            permalink: /:year/:title:output_ext
            paginate: 5
            plugins: [jekyll-feed, jekyll-avatar]
            exclude: [notes]
            future: true

            """,
        "/old/_posts/2016-03-21-release-2.2-notes.md": "---\ntitle: Release 2.2\ncategory: Release Notes\n---\nText.\n",
        "/old/_posts/weekly/2019-01-07-Weekly-Update.markdown": "---\nlayout: post\n---\nB.\n",
        "/old/_drafts/half-done.md": "---\ntitle: Half done\n---\nC.\n",
        "/old/about.md": "---\ntitle: About\n---\nWho.\n",
        "/old/index.html": "---\nlayout: home\n---\n",
        "/old/README.md": "Read me.\n",
        "/old/notes/todo.txt": "private\n",
        "/old/assets/img/logo.png": "png",
        "/old/_layouts/default.html": "<html>{{ content }}</html>",
        "/old/Gemfile": "source 'https://rubygems.org'\n",
    ]

    let hugoSite: [String: String] = [
        "/old/hugo.toml": """
            baseURL = "https://example.org/"
            title = "Field Notes"
            timeZone = "UTC"
            [params]
            description = "From the field"
            [permalinks.page]
            blog = "/:section/:year/:month/:day/:slug/"
            [permalinks.section]
            blog = "/articles/"
            [markup.goldmark.renderer]
            unsafe = true
            [taxonomies]
            tag = "tags"
            series = "series"

            """,
        "/old/content/blog/2023/community-day.md": "---\ntitle: Community day\ndate: 2023-05-01\nslug: Community-Day\n---\nA.\n",
        "/old/content/blog/2023/trip/index.md": "---\ntitle: Trip\ndate: 2023-06-01\n---\n![Map](map.png)\n",
        "/old/content/blog/2023/trip/map.png": "png",
        "/old/content/notes/idea.md": "+++\ntitle = \"Idea\"\ndate = 2024-02-03\n+++\nD.\n",
        "/old/content/about.md": "---\ntitle: About us\n---\nWho.\n",
        "/old/static/img/logo.png": "png",
        "/old/layouts/shortcodes/note.html": "<div>{{ .Inner }}</div>",
        "/old/layouts/_default/single.html": "{{ .Content }}",
    ]

    func importing(_ files: [String: String], from generator: ImportedGenerator? = nil) throws -> (MemoryFileSystem, ImportReport) {
        let fileSystem = MemoryFileSystem(files: files)
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        let report = try SiteImporter(environment: environment).importSite(from: "/old", into: "/site", as: generator)
        return (fileSystem, report)
    }

    func text(_ path: String, in fileSystem: MemoryFileSystem) -> String? {
        (try? fileSystem.contents(of: path)).map { String(decoding: $0, as: UTF8.self) }
    }

    func build(_ fileSystem: MemoryFileSystem) throws -> [String] {
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        options.includeFuture = true
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)).build(options)
        return fileSystem.allFiles.filter { $0.hasPrefix("/site/Output/") }.map { String($0.dropFirst("/site/Output/".count)) }
    }

    @Test func aJekyllSiteKeepsItsPostsFilesAndSettings() throws {
        let (fileSystem, report) = try importing(jekyllSite)
        #expect(fileSystem.allFiles.filter { $0.hasPrefix("/site/") }.sorted() == [
            "/site/.gitignore", "/site/Content/about.md", "/site/Content/assets/img/logo.png",
            "/site/Content/posts/2016-03-21-release-2.2-notes.md", "/site/Content/posts/half-done.md",
            "/site/Content/posts/weekly/2019-01-07-Weekly-Update.markdown", "/site/despina.yml",
        ])
        #expect(text("/site/despina.yml", in: fileSystem) == """
            # Made by despina import; see docs/writing.md for every setting.
            title: "Boats and Code"
            description: "Notes from the harbour"
            author: "Deniz"
            baseURL: "https://example.org/blog/"
            timeZone: "Europe/Istanbul"
            postsPerPage: 5
            conventions: jekyll
            permalink: "/:year/:title:output_ext"
            pagePermalink: "/:filename:output_ext"
            params:
              "baseurl": "/blog"
              "description": "Notes from the harbour"
              "future": "true"
              "paginate": "5"
              "permalink": "/:year/:title:output_ext"
              "timezone": "Europe/Istanbul"
              "title": "Boats and Code"
              "url": "https://example.org"
            markdown:
              unsafeHTML: true
              headingIDs: kramdown

            """)
        #expect(text("/site/Content/posts/half-done.md", in: fileSystem) == "---\ndraft: true\ntitle: Half done\n---\nC.\n")
        #expect((report.posts, report.pages, report.files) == (3, 1, 1))
        #expect(report.notCarriedOver.map(\.description) == [
            "_config.yml:12:9: warning: future: true; Despina leaves posts dated in the future out unless the site is built with --future",
            "_config.yml:10:24: warning: the plugin jekyll-avatar cannot run in Despina",
            "README.md: warning: Markdown without front matter, which Jekyll copies as it is; not imported",
            "_layouts: warning: Liquid templates are not converted; the site uses Despina's theme (override it in Templates/)",
            "index.html: warning: the home page: Despina makes its own list of posts; not imported",
        ])
        #expect(report.carriedOver.contains("plugin jekyll-feed: Despina writes RSS, Atom and JSON feeds"))
        #expect(report.carriedOver.contains("1 drafts, marked draft: true (build with --drafts to see them)"))
    }

    @Test func aJekyllSiteBuildsAtItsOldURLs() throws {
        let (fileSystem, _) = try importing(jekyllSite)
        let output = try build(fileSystem)
        #expect(output.contains("2016/release-2.2-notes.html"))
        #expect(output.contains("2019/Weekly-Update.html"))
        #expect(output.contains("about.html"))
        #expect(output.contains("assets/img/logo.png"))
        #expect(output.contains("tags/release-notes/index.html"))
        #expect(!output.contains { $0.contains("half-done") })
        let weekly = text("/site/Output/2019/Weekly-Update.html", in: fileSystem) ?? ""
        #expect(weekly.contains("Weekly Update"), "the title from the file name, capitalised as Jekyll does")
    }

    @Test func aHugoSiteKeepsItsFoldersBundlesAndSettings() throws {
        let (fileSystem, report) = try importing(hugoSite)
        #expect(fileSystem.allFiles.filter { $0.hasPrefix("/site/") }.sorted() == [
            "/site/.gitignore", "/site/Content/about.md", "/site/Content/blog/2023/community-day.md",
            "/site/Content/blog/2023/trip/index.md", "/site/Content/blog/2023/trip/map.png",
            "/site/Content/img/logo.png", "/site/Content/notes/idea.md", "/site/despina.yml",
        ])
        #expect(text("/site/despina.yml", in: fileSystem) == """
            # Made by despina import; see docs/writing.md for every setting.
            title: "Field Notes"
            description: "From the field"
            baseURL: "https://example.org/"
            timeZone: "UTC"
            conventions: hugo
            permalink: "/:folders/:slugorfilename/"
            pagePermalink: "/:slugorfilename/"
            permalinks:
              "blog": "/:section/:year/:month/:day/:slug/"
            params:
              "description": "From the field"
            markdown:
              unsafeHTML: true
              headingIDs: goldmark

            """)
        #expect((report.posts, report.pages, report.files) == (3, 1, 2))
        #expect(report.notCarriedOver.map(\.description) == [
            "hugo.toml:9:8: warning: the section permalink of 'blog' is not imported: Despina's list pages have fixed URLs",
            "hugo.toml:14:1: warning: the taxonomy 'series' is not imported: Despina lists tags (and categories as tags)",
            "layouts: warning: templates are not converted; the site uses Despina's theme (override it in Templates/)",
            "layouts/shortcodes/note.html: warning: the shortcode 'note' cannot run in Despina; its calls keep their inner text and get a warning",
        ])
    }

    @Test func aHugoSiteBuildsAtItsOldURLsWithItsSectionPages() throws {
        let (fileSystem, _) = try importing(hugoSite)
        let output = try build(fileSystem)
        #expect(output.contains("blog/2023/05/01/community-day/index.html"))
        #expect(output.contains("blog/2023/06/01/trip/index.html"))
        #expect(output.contains("blog/2023/06/01/trip/map.png"))
        #expect(output.contains("notes/idea/index.html"))
        #expect(output.contains("about/index.html"))
        #expect(output.contains("img/logo.png"))
        #expect(output.contains("blog/index.html") && output.contains("notes/index.html"))
        let section = text("/site/Output/blog/index.html", in: fileSystem) ?? ""
        #expect(section.contains("Community day") && section.contains("Trip") && !section.contains("Idea"))
        let sitemap = text("/site/Output/sitemap.xml", in: fileSystem) ?? ""
        #expect(sitemap.contains("<loc>https://example.org/blog/</loc>"))
    }

    @Test func hugoCategoriesRedirectToTheirTagsAndTheTypographerIsKept() throws {
        let (fileSystem, report) = try importing([
            "/old/config.toml": "baseURL = \"https://example.org/\"\n[markup.goldmark.extensions]\ntypographer = false\n",
            "/old/content/blog/a.md": "+++\ntitle = \"A\"\ncategories = [\"Release Notes\", \"News\"]\n+++\nA.\n",
            "/old/content/blog/b.md": "---\ntitle: B\ncategories: [News]\n---\nB.\n",
        ])
        let config = text("/site/despina.yml", in: fileSystem) ?? ""
        #expect(config.contains(
            "redirects:\n  \"/categories/\": \"/tags/\"\n  \"/categories/news/\": \"/tags/news/\"\n"
                + "  \"/categories/release-notes/\": \"/tags/release-notes/\"\nmarkdown:\n  smartPunctuation: false\n"), "\(config)")
        #expect(report.carriedOver.contains("2 category pages redirect to the tag pages that list their posts (redirects)"))
        let output = try build(fileSystem)
        #expect(output.contains("categories/news/index.html") && output.contains("tags/news/index.html"))
    }

    @Test func theGeneratorIsFoundFromTheFilesOrNamed() throws {
        #expect(try importing(["/old/_posts/2020-01-01-a.md": "A.\n"]).1.generator == .jekyll)
        #expect(try importing(["/old/config.yaml": "title: T\n", "/old/content/a.md": "A.\n"]).1.generator == .hugo)
        #expect(try importing(["/old/content/posts/a.md": "A.\n"], from: .jekyll).1.generator == .jekyll)
        #expect(throws: Diagnostic(
            path: "/old",
            message: "neither a Jekyll site (no _config.yml or _posts/) nor a Hugo site (no hugo.toml, config.toml or content/); "
                + "name the generator with --from jekyll or --from hugo")) {
            try importing(["/old/notes.txt": "x"])
        }
    }

    @Test func aFolderThatIsNotEmptyIsRefusedAndTheOldSiteIsNotChanged() throws {
        var files = jekyllSite
        files["/site/keep.txt"] = "mine"
        #expect(throws: Diagnostic(
            path: "/site", message: "the folder is not empty; import into an empty or new folder so that nothing is overwritten")) {
            try importing(files)
        }
        let (fileSystem, _) = try importing(jekyllSite)
        for (path, text) in jekyllSite { #expect(self.text(path, in: fileSystem) == text) }
        #expect(throws: Diagnostic(path: "/missing", message: "no such folder; name the folder of the Jekyll or Hugo site to import")) {
            try SiteImporter(environment: BuildEnvironment(fileSystem: MemoryFileSystem(files: [:]), now: { fixedNow }, log: .silent))
                .importSite(from: "/missing", into: "/site")
        }
    }

    @Test func aBadConfigurationIsAnErrorAtItsPlace() throws {
        #expect(throws: Diagnostic(path: "/old/_config.yml", line: 2, column: 1, message: "invalid YAML: expected a value here")) {
            try importing(["/old/_config.yml": "title: [\n", "/old/_posts/2020-01-01-a.md": "A.\n"])
        }
        #expect(throws: Diagnostic.self) { try importing(["/old/hugo.toml": "title = \n", "/old/content/a.md": "A.\n"]) }
    }

    @Test(arguments: [
        ("---\ntitle: A\n---\nB\n", "---\ndraft: true\ntitle: A\n---\nB\n"),
        ("+++\ntitle = \"A\"\n+++\nB\n", "+++\ndraft = true\ntitle = \"A\"\n+++\nB\n"),
        ("Just text.\n", "---\ndraft: true\n---\nJust text.\n"),
    ])
    func draftsAreMarkedInTheirFrontMatter(source: String, marked: String) {
        #expect(String(decoding: SiteImporter.markingDraft(Array(source.utf8)), as: UTF8.self) == marked)
    }

    @Test func settingsAreWrittenQuoted() {
        #expect(yamlQuoted("yes: \"no\"\n\\") == "\"yes: \\\"no\\\"\\n\\\\\"")
        #expect(yamlQuoted("a\u{1}b") == "\"a\\x01b\"")
    }
}

import Foundation
import SearchIndex
import Testing
@testable import DespinaKit

@Suite struct PostOptionsTests {
    func build(_ files: [String: String]) throws -> MemoryFileSystem {
        let fileSystem = MemoryFileSystem(files: files)
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .build(options)
        return fileSystem
    }

    func content(of page: String, in fileSystem: MemoryFileSystem) throws -> String {
        let html = try fileSystem.text(of: page)
        guard let start = html.range(of: "<div class=\"post-content\">\n"),
              let end = html.range(of: "</div>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test func postsOverrideTheSitesMarkdownOptions() throws {
        let body = "\"Quoted\" -- line one\nline two <b>bold</b>\n"
        let fileSystem = try build([
            "/site/despina.yml": "markdown:\n  smartPunctuation: true\n",
            "/site/Content/posts/site.md": "---\ntitle: Site\ndate: 2020-01-01\n---\n\n" + body,
            "/site/Content/posts/own.md": """
            ---
            title: Own
            date: 2020-01-02
            smartPunctuation: false
            hardLineBreaks: true
            unsafeHTML: true
            ---

            """ + body,
        ])
        #expect(try content(of: "/site/Output/posts/site/index.html", in: fileSystem)
            == "<p>“Quoted” – line one\nline two &lt;b&gt;bold&lt;/b&gt;</p>\n\n")
        #expect(try content(of: "/site/Output/posts/own/index.html", in: fileSystem)
            == "<p>&quot;Quoted&quot; -- line one<br />\nline two <b>bold</b></p>\n\n")
    }

    @Test func searchFalseKeepsAPostOutOfTheIndex() throws {
        let fileSystem = try build([
            "/site/Content/posts/open.md": "---\ntitle: Open zebra notes\ndate: 2020-01-01\n---\n\nZebra.\n",
            "/site/Content/posts/closed.md": "---\ntitle: Closed zebra notes\ndate: 2020-01-02\nsearch: false\n---\n\nZebra.\n",
        ])
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        let response = try SiteSearch(environment: environment).search(SearchQuery("zebra"), outputDirectory: "/site/Output")
        #expect(response.results.map(\.id) == ["posts/open"])
        // The post itself is still published.
        #expect(fileSystem.exists("/site/Output/posts/closed/index.html"))
    }
}

@Suite struct LenientFrontMatterTests {
    @Test func numbersAsTitlesAndTagsAreTakenAsWritten() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/orwell.md": "---\ntitle: 1984\ndate: 2020-01-01\ntags: [books, 2015, true]\ndescription: 3.14\n---\n\nText.\n",
        ])
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .build(options)
        let page = try fileSystem.text(of: "/site/Output/posts/orwell/index.html")
        #expect(page.contains("<h1 class=\"post-title\">1984</h1>"))
        #expect(page.contains("<meta name=\"description\" content=\"3.14\">"))
        #expect(fileSystem.exists("/site/Output/tags/2015/index.html"))
        #expect(fileSystem.exists("/site/Output/tags/true/index.html"))
    }
}

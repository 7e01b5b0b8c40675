import Foundation
import Markup
import Testing
@testable import DespinaKit

/// The `markdown.*` settings of the Markdown extensions reach the renderer.
@Suite struct MarkdownExtensionSettingsTests {
    static let body = "## Q&A {.faq}\n\n- [x] done\n\n> [!NOTE]\n> Read www.example.org.\n\nTerm\n: Meaning\n"

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
              let end = html.range(of: "\n</div>\n</article>", range: start.upperBound..<html.endIndex)
                ?? html.range(of: "</div>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test func extensionsAreOnByDefault() throws {
        let fileSystem = try build([
            "/site/Content/posts/on.md": "---\ntitle: On\ndate: 2020-01-01\n---\n\n" + Self.body,
        ])
        let html = try content(of: "/site/Output/posts/on/index.html", in: fileSystem)
        #expect(html.contains("<h2 id=\"q-a\" class=\"faq\">Q&amp;A <a class=\"heading-anchor\" href=\"#q-a\" aria-label=\"Link to this section\">#</a></h2>"), "\(html)")
        #expect(html.contains("<li><input checked=\"\" disabled=\"\" type=\"checkbox\"> done</li>"), "\(html)")
        #expect(html.contains("<div class=\"alert alert-note\">\n<p class=\"alert-title\">Note</p>\n"
            + "<p>Read <a href=\"http://www.example.org\">www.example.org</a>.</p>\n</div>"), "\(html)")
        #expect(html.contains("<dl>\n<dt>Term</dt>\n<dd>Meaning</dd>\n</dl>"), "\(html)")
    }

    @Test func eachExtensionCanBeSwitchedOffAndHeadingIDsFollowAnotherGenerator() throws {
        let fileSystem = try build([
            "/site/despina.yml": """
            markdown:
              taskLists: false
              autolinks: false
              headingAttributes: false
              alerts: false
              definitionLists: false
              footnotes: false
              headingIDs: goldmark

            """,
            "/site/Content/posts/off.md": "---\ntitle: Off\ndate: 2020-01-01\n---\n\n" + Self.body,
        ])
        let html = try content(of: "/site/Output/posts/off/index.html", in: fileSystem)
        #expect(html.contains("<h2 id=\"qa-faq\">Q&amp;A {.faq} <a class=\"heading-anchor\" href=\"#qa-faq\" aria-label=\"Link to this section\">#</a></h2>"), "\(html)")
        #expect(html.contains("<li>[x] done</li>"), "\(html)")
        #expect(html.contains("<blockquote>\n<p>[!NOTE]\nRead www.example.org.</p>\n</blockquote>"), "\(html)")
        #expect(html.contains("<p>Term\n: Meaning</p>"), "\(html)")
    }

    @Test func settingsAreRead() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": "markdown:\n  footnotes: false\n  alerts: false\n  headingIDs: kramdown\n",
        ])
        let (config, warnings) = try ConfigLoader(fileSystem: fileSystem).load(siteDirectory: "/site")
        #expect(warnings.isEmpty)
        #expect(!config.markdown.footnotes)
        #expect(!config.markdown.alerts)
        #expect(config.markdown.taskLists)
        #expect(config.markdown.headingIDs == .kramdown)
    }
}

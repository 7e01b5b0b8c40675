import Foundation
import Testing
@testable import DespinaKit

/// Heading anchors in posts keep clear of the ids the theme gives its own
/// elements, so no id is on a page twice.
@Suite struct ReservedElementIDTests {
    @Test func findsLiteralIDAttributes() {
        let source = #"<main id="main" class="x"><div data-id="no" id='two'><p id="{{slug}}"></p><b id = "three" id="a b">"#
        #expect(TemplateElementIDs.ids(in: source) == ["main", "two", "three"])
    }

    @Test func builtinThemeIDs() {
        #expect(Theme.builtin.elementIDs == [
            "main", "search", "search-filters", "search-input", "search-results", "search-status", "site-search-input",
        ])
    }

    @Test func siteTemplatesReplaceTheIDsOfTheTemplatesTheyOverride() throws {
        let site = try TestSite(files: [
            "Templates/search.mustache": "{{<layout}}{{$content}}<div id=\"finder\"></div>{{/content}}{{/layout}}\n",
        ])
        defer { site.remove() }
        let theme = try Theme.load(siteDirectory: site.path, fileSystem: LocalFileSystem())
        #expect(theme.elementIDs == ["main", "finder", "site-search-input"])
    }

    @Test func headingsInAPostSkipTheThemeIDs() throws {
        let site = try TestSite(files: [
            "Content/posts/second.md": "---\ntitle: Second\n---\n# Main\n\n## Search\n\n## Notes\n",
        ])
        defer { site.remove() }
        _ = try site.build()
        let page = try String(contentsOfFile: site.output + "/posts/second/index.html", encoding: .utf8)
        #expect(page.contains("<h1 id=\"main-1\">Main <a class=\"heading-anchor\" href=\"#main-1\" aria-label=\"Link to this section\">#</a></h1>\n<h2 id=\"search-1\">Search <a class=\"heading-anchor\" href=\"#search-1\" aria-label=\"Link to this section\">#</a></h2>\n"
            + "<h2 id=\"notes\">Notes <a class=\"heading-anchor\" href=\"#notes\" aria-label=\"Link to this section\">#</a></h2>"), "\(page)")
        #expect(page.components(separatedBy: "id=\"main\"").count == 2)
    }
}

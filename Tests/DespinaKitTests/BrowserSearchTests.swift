import Foundation
import StaticServer
import Testing
@testable import DespinaKit

/// Opens the built sample blog's search page in headless Chromium (served on
/// loopback, since pages cannot fetch JSON from file://) and reads the
/// results from the DOM after the scripts ran.
@Suite(.serialized, .tags(.slow), .disabled(if: quickTestsOnly, quickTestsNote)) struct BrowserSearchTests {
    static let chromium = findProgram("chromium", "chromium-browser", "google-chrome")
    static let isEnabled = chromium != nil || externalChecksRequired

    /// Builds the sample blog plus a post whose title is markup, serves it,
    /// and runs `body` with the server's base URL.
    func withServedSampleBlog(_ body: (String) throws -> Void) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = directory + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot.appending(path: "Content").path, toPath: site + "/Content")
        try """
        ---
        title: "<img src=x onerror=alert(1)>"
        date: 2020-05-05
        description: A title that is markup must show as text.
        ---

        Escaping matters for every zebra.
        """.write(toFile: site + "/Content/posts/markup-title.md", atomically: true, encoding: .utf8)
        let filler = (1...40).map { "Plain filler sentence number \($0) about nothing in particular." }
        try """
        ---
        title: A long walk
        date: 2020-06-07
        description: Where the words are matters.
        ---

        \(filler.joined(separator: "\n\n"))

        Near the end, the code `<quokka>` & friends appear.

        \(filler.joined(separator: "\n\n"))
        """.write(toFile: site + "/Content/posts/long-walk.md", atomically: true, encoding: .utf8)
        var options = BuildOptions(siteDirectory: site)
        options.outputDirectory = site + "/Output"
        let environment = BuildEnvironment(fileSystem: LocalFileSystem(), now: { fixedNow }, log: .silent)
        _ = try SiteBuilder(environment: environment).build(options)

        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.liveReload = false
        let server = StaticFileServer(root: URL(fileURLWithPath: site + "/Output"), configuration: configuration)
        try server.start()
        defer { server.stop() }
        try body("http://127.0.0.1:\(server.port)")
    }

    /// The DOM of `url` after its scripts ran, as Chromium serialises it.
    func dom(of url: String) throws -> String {
        guard let chromium = Self.chromium else {
            Issue.record("Chromium is required (DESPINA_REQUIRE_EXTERNAL_CHECKS=1) but was not found")
            return ""
        }
        let profile = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let result = try runProgram(chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
            "--virtual-time-budget=5000", "--dump-dom", url,
        ])
        return result.output
    }

    /// The `<ol id="search-results">` element of a dumped page.
    func results(in dom: String) -> String {
        guard let start = dom.range(of: "<ol id=\"search-results\""),
              let end = dom.range(of: "</ol>", range: start.upperBound..<dom.endIndex)
        else { return "" }
        return String(dom[start.lowerBound..<end.upperBound])
    }

    @Test(.enabled(if: isEnabled)) func searchPageShowsRankedResultsFromTheQueryInTheURL() throws {
        try withServedSampleBlog { base in
            let closures = results(in: try dom(of: base + "/search/?q=closures"))
            #expect(closures.contains("href=\"/posts/swift-tutorial-functions-and-closures/\""))
            #expect(closures.contains("<mark>"), "matched words are marked in the excerpt")
            let first = closures.range(of: "<li")
            #expect(first != nil && closures[first!.lowerBound...].prefix(600).contains("functions-and-closures"),
                    "the closures tutorial ranks first")

            let vietnamese = results(in: try dom(of: base + "/search/?q=tim%20kiem"))
            #expect(vietnamese.contains("href=\"/posts/gioi-thieu-core-spotlight/\""), "folded Vietnamese finds the accented post")

            let turkish = results(in: try dom(of: base + "/search/?q=ISTANBUL"))
            #expect(turkish.contains("href=\"/posts/onumde-sokaklar/\""))
        }
    }

    @Test(.enabled(if: isEnabled)) func showsTenResultsAndOffersMore() throws {
        try withServedSampleBlog { base in
            let page = try dom(of: base + "/search/?q=the")
            let found = results(in: page)
            #expect(found.components(separatedBy: "<li").count - 1 == 10, "the first ten results only")
            #expect(page.contains("<button type=\"button\" id=\"search-more\">"), "a visible button offers more")
            #expect(page.contains("10 of "))
        }
    }

    @Test(.enabled(if: isEnabled)) func anExcerptComesFromDeepInALongPostHighlightedAndEscaped() throws {
        try withServedSampleBlog { base in
            let found = results(in: try dom(of: base + "/search/?q=quokka"))
            #expect(found.contains("href=\"/posts/long-walk/\""), "\(found)")
            #expect(found.contains("Near the end, the code &lt;<mark>quokka</mark>&gt; &amp; friends appear."), "\(found)")
            #expect(!found.contains("number 1 about"), "the excerpt is not the post's opening")
            #expect(found.contains(">June 7, 2020</time>"), "the date as the theme writes it")
        }
    }

    @Test(.enabled(if: isEnabled)) func aTitleMadeOfMarkupShowsAsText() throws {
        try withServedSampleBlog { base in
            let page = try dom(of: base + "/search/?q=zebra")
            let found = results(in: page)
            #expect(found.contains("&lt;img src=x onerror=alert(1)&gt;"), "the title is text in the result")
            #expect(!found.contains("<img"), "no element was made from the title")
        }
    }
}

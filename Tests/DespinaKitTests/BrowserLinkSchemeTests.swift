import Foundation
import StaticServer
import Testing
@testable import DespinaKit

/// Builds a site whose post and page are full of script links
/// (``ScriptLinkSiteTests/payloads``), serves it on loopback, and has
/// headless Chromium load every page of it and read, after the pages'
/// scripts ran, every URL attribute of every element: none may start with
/// `javascript:`, `vbscript:` or `data:`. The feeds, which Chromium does not
/// run, are checked by ``ScriptLinkSiteTests``.
@Suite(.serialized) struct BrowserLinkSchemeTests {
    static let chromium = findProgram("chromium", "chromium-browser", "google-chrome")
    static let isEnabled = chromium != nil || externalChecksRequired

    /// The attributes that hold a URL a click, a load or a submit follows.
    static let urlAttributes = ["href", "src", "action", "formaction", "poster", "data", "cite", "background", "srcset", "xlink:href"]

    /// A page that loads each of `pages` in a frame of its own and, once
    /// all have loaded, writes `[page, element, attribute, value]` for every
    /// URL attribute of their documents into `<pre id="found">` as JSON.
    static func harness(for pages: [String]) -> String {
        let list = pages.map { "\"/\($0)\"" }.joined(separator: ",")
        let attributes = urlAttributes.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            <!DOCTYPE html><html><body><pre id="found"></pre><script>
            const pages = [\(list)], names = [\(attributes)];
            Promise.all(pages.map(page => new Promise(done => {
              const frame = document.createElement("iframe");
              frame.onload = () => {
                const found = [];
                for (const element of frame.contentDocument.querySelectorAll("*")) {
                  for (const name of names) {
                    const value = element.getAttribute(name);
                    if (value !== null) found.push([page, element.localName, name, value]);
                  }
                }
                done(found);
              };
              frame.src = page;
              document.body.appendChild(frame);
            }))).then(all => { document.getElementById("found").textContent = JSON.stringify(all.flat()); });
            </script></body></html>
            """
    }

    @Test(.enabled(if: isEnabled, "Chromium is not installed; set DESPINA_REQUIRE_EXTERNAL_CHECKS=1 to fail instead"))
    func noPageKindHasAScriptURLOnceLoaded() throws {
        guard let chromium = Self.chromium else {
            Issue.record("Chromium is required (DESPINA_REQUIRE_EXTERNAL_CHECKS=1) but was not found")
            return
        }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = directory + "/site"
        try FileManager.default.createDirectory(atPath: site + "/Content/posts", withIntermediateDirectories: true)
        try "baseURL: https://example.org/\ntitle: Risky\n".write(toFile: site + "/despina.yml", atomically: true, encoding: .utf8)
        try ScriptLinkSiteTests.post("Risky").write(toFile: site + "/Content/posts/risky.md", atomically: true, encoding: .utf8)
        try ScriptLinkSiteTests.post("Second").replacingOccurrences(of: "2020-05-01", with: "2020-06-01")
            .write(toFile: site + "/Content/posts/second.md", atomically: true, encoding: .utf8)
        try ("---\ntitle: About\n---\n" + ScriptLinkSiteTests.payloads)
            .write(toFile: site + "/Content/about.md", atomically: true, encoding: .utf8)
        var options = BuildOptions(siteDirectory: site)
        options.outputDirectory = site + "/Output"
        let environment = BuildEnvironment(fileSystem: LocalFileSystem(), now: { fixedNow }, log: .silent)
        _ = try SiteBuilder(environment: environment).build(options)

        let output = site + "/Output"
        let pages = try #require(FileManager.default.subpaths(atPath: output)).filter { $0.hasSuffix(".html") }.sorted()
        for kind in ["index.html", "posts/risky/index.html", "about/index.html", "tags/risky/index.html",
                     "tags/index.html", "series/risks/index.html", "archive/index.html", "search/index.html", "404.html"] {
            #expect(pages.contains(kind), "the site has \(kind)")
        }
        try Self.harness(for: pages).write(toFile: output + "/links-harness.html", atomically: true, encoding: .utf8)

        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.liveReload = false
        let server = StaticFileServer(root: URL(fileURLWithPath: output), configuration: configuration)
        try server.start()
        defer { server.stop() }
        let profile = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let dom = try runProgram(chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
            "--virtual-time-budget=10000", "--dump-dom", "http://127.0.0.1:\(server.port)/links-harness.html",
        ]).output

        let start = try #require(dom.range(of: "<pre id=\"found\">"), "Chromium dumped the harness")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = dom[start.upperBound..<end.lowerBound]
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}").replacingOccurrences(of: "&amp;", with: "&")
        let found = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String]], "the frames reported")
        #expect(Set(found.map { $0[0] }) == Set(pages.map { "/" + $0 }), "every page loaded and had links")
        #expect(found.contains(["/posts/risky/index.html", "a", "href", "https://example.org/"]), "the post's safe link is there")
        let scripts = found.filter { ScriptLinkSiteTests.isScriptURL($0[3]) }
        #expect(scripts == [])
    }
}

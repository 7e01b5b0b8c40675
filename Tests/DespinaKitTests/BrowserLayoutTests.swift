import Foundation
import StaticServer
import Testing
@testable import DespinaKit

/// Measures the built sample blog's layout in headless Chromium: each page
/// is loaded in a frame of a phone's or a desktop's width, a script reads
/// the boxes of its elements (`getBoundingClientRect`) and writes what it
/// found into the harness page as JSON, which `--dump-dom` hands back.
@Suite(.serialized, .tags(.slow), .disabled(if: quickTestsOnly, quickTestsNote)) struct BrowserLayoutTests {
    static let chromium = findProgram("chromium", "chromium-browser", "google-chrome")
    static let isEnabled = chromium != nil || externalChecksRequired

    /// Builds the sample blog, serves it, and runs `body` with the server's
    /// base URL and the output folder (where the harness pages go).
    func withServedSampleBlog(_ body: (String, String) throws -> Void) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let site = directory + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot.appending(path: "Content").path, toPath: site + "/Content")
        try FileManager.default.copyItem(atPath: packageRoot.appending(path: "despina.yml").path, toPath: site + "/despina.yml")
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
        try body("http://127.0.0.1:\(server.port)", site + "/Output")
    }

    /// What `measure` (a JavaScript function of the frame's document and
    /// window, returning null until the page is ready) found on the page
    /// at `path` shown `width` pixels wide. Scroll bars take no room, as on
    /// a phone, whose scroll bars float over the page.
    func measure(_ path: String, width: Int, _ measure: String, base: String, output: String) throws -> Any? {
        guard let chromium = Self.chromium else {
            Issue.record("Chromium is required (DESPINA_REQUIRE_EXTERNAL_CHECKS=1) but was not found")
            return nil
        }
        let harness = """
            <!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
            <iframe id="frame" src="\(path)" style="width:\(width)px;height:900px;border:0"></iframe>
            <pre id="report">pending</pre>
            <script>
            var frame = document.getElementById('frame');
            var measure = \(measure);
            function attempt(tries) {
              var doc = frame.contentDocument;
              var result = null;
              if (doc && doc.readyState === 'complete') {
                doc.documentElement.style.scrollbarWidth = 'none';
                result = measure(doc, frame.contentWindow);
              }
              if (result === null && tries > 0) { setTimeout(function () { attempt(tries - 1); }, 100); return; }
              document.getElementById('report').textContent = JSON.stringify(result);
            }
            frame.addEventListener('load', function () { attempt(40); });
            </script></body></html>
            """
        try harness.write(toFile: output + "/layout-harness.html", atomically: true, encoding: .utf8)
        let profile = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let dom = try runProgram(chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
            "--virtual-time-budget=8000", "--dump-dom", base + "/layout-harness.html",
        ]).output
        guard let start = dom.range(of: "<pre id=\"report\">"),
              let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else {
            Issue.record("no report in the page: \(dom.suffix(400))")
            return nil
        }
        let report = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&amp;", with: "&")
        return try JSONSerialization.jsonObject(with: Data(report.utf8), options: [.fragmentsAllowed])
    }

    /// The top of each navigation link, and how far the list scrolls.
    static let navigation = """
        function (doc) {
          var list = doc.querySelector('.site-nav ul');
          var tops = Array.prototype.map.call(doc.querySelectorAll('.site-nav li'), function (item) {
            return Math.round(item.getBoundingClientRect().top);
          });
          return { tops: tops, overflow: list.scrollWidth - list.clientWidth };
        }
        """

    @Test(.enabled(if: isEnabled)) func theNavigationStaysOnOneLineOnAPhone() throws {
        try withServedSampleBlog { base, output in
            for path in ["/", "/archive/", "/posts/swift-tutorial-functions-and-closures/"] {
                let found = try measure(path, width: 375, Self.navigation, base: base, output: output) as? [String: Any]
                let tops = found?["tops"] as? [Int] ?? []
                #expect(tops.count == 6, "Home, Archive, Tags, Series, Search, About: \(tops)")
                #expect(Set(tops).count == 1, "\(path): every link on one line: \(tops)")
                #expect(found?["overflow"] as? Int == 0, "\(path): the last link is not cut off")
            }
        }
    }

    /// For each archive row: the left edge of the date, the right edge of
    /// its text, and the left edge of the title.
    static let archiveRows = """
        function (doc) {
          return Array.prototype.map.call(doc.querySelectorAll('.archive-list li'), function (row) {
            var time = row.querySelector('time'), range = doc.createRange();
            range.selectNodeContents(time);
            return [Math.round(time.getBoundingClientRect().left), Math.round(range.getBoundingClientRect().right),
                    Math.round(row.querySelector('a').getBoundingClientRect().left)];
          });
        }
        """

    @Test(.enabled(if: isEnabled)) func archiveDatesFormOneColumnApartFromTheTitles() throws {
        try withServedSampleBlog { base, output in
            for width in [1280, 375] {
                let rows = try measure("/archive/", width: width, Self.archiveRows, base: base, output: output) as? [[Int]] ?? []
                #expect(rows.count == 15, "\(width): \(rows)")
                #expect(Set(rows.map { $0[0] }).count == 1, "\(width): the dates start at one edge: \(rows)")
                #expect(Set(rows.map { $0[2] }).count == 1, "\(width): the titles start at one edge: \(rows)")
                let gap = rows.map { $0[2] - $0[1] }.min() ?? 0
                #expect(gap >= 16, "\(width): at least 16 px between a date and its title, found \(gap)")
            }
        }
    }

    /// The room left under the last line of each result card, and how many
    /// filter chips touch their neighbour on the same row.
    static let searchResults = """
        function (doc, win) {
          var cards = doc.querySelectorAll('#search-results li');
          if (cards.length === 0) return null;
          var room = Array.prototype.map.call(cards, function (card) {
            var style = win.getComputedStyle(card);
            var inside = card.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
            return Math.round(inside - card.lastElementChild.getBoundingClientRect().bottom);
          });
          var chips = Array.prototype.map.call(doc.querySelectorAll('#search-filters button'), function (chip) {
            return chip.getBoundingClientRect();
          });
          var touching = 0;
          for (var i = 1; i < chips.length; i++) {
            var sameRow = Math.round(chips[i].top) === Math.round(chips[i - 1].top);
            if (sameRow ? chips[i].left - chips[i - 1].right < 4 : chips[i].top - chips[i - 1].bottom < 4) touching++;
          }
          return { room: room, chips: chips.length, touching: touching };
        }
        """

    @Test(.enabled(if: isEnabled)) func searchCardsEndAtTheirTextAndChipsStandApart() throws {
        try withServedSampleBlog { base, output in
            for width in [1280, 375] {
                let found = try measure("/search/?q=swift", width: width, Self.searchResults, base: base, output: output)
                    as? [String: Any]
                #expect(found?["room"] as? [Int] == Array(repeating: 0, count: 10), "\(width): \(String(describing: found))")
                #expect((found?["chips"] as? Int ?? 0) > 10, "\(width): \(String(describing: found))")
                #expect(found?["touching"] as? Int == 0, "\(width): \(String(describing: found))")
            }
        }
    }

    /// Each heading's link: whether it sits on the heading's last line,
    /// whether the page can hover, and the link's opacity before and after
    /// it has the keyboard focus.
    static let headingLinks = """
        function (doc, win) {
          var links = doc.querySelectorAll('.post-content .heading-anchor');
          if (links.length === 0) return { count: 0 };
          var link = links[0], heading = link.parentElement;
          var hidden = win.getComputedStyle(link).opacity;
          link.focus({ focusVisible: true });
          return { count: links.length, inHeading: /^H[1-6]$/.test(heading.tagName),
                   canHover: !win.matchMedia('(hover: none)').matches,
                   sameLine: Math.abs(link.getBoundingClientRect().bottom - heading.getBoundingClientRect().bottom) < 8,
                   hidden: hidden, focused: win.getComputedStyle(link).opacity };
        }
        """

    @Test(.enabled(if: isEnabled)) func headingLinksShowOnFocus() throws {
        try withServedSampleBlog { base, output in
            let found = try measure("/posts/swift-tutorial-functions-and-closures/", width: 1280, Self.headingLinks,
                                    base: base, output: output) as? [String: Any]
            #expect((found?["count"] as? Int ?? 0) >= 3, "\(String(describing: found))")
            #expect(found?["inHeading"] as? Bool == true)
            #expect(found?["sameLine"] as? Bool == true)
            // Where nothing can hover (headless Chromium has no mouse) the
            // link shows faintly at all times, else only on hover or focus.
            #expect(found?["hidden"] as? String == (found?["canHover"] as? Bool == true ? "0" : "0.45"))
            #expect(found?["focused"] as? String == "1")
        }
    }
}

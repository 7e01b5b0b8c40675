import Foundation
import Testing
@testable import DespinaKit

@Suite struct SitePathTests {
    @Test(arguments: [
        ("/posts/x/", "/posts/x/"), ("posts/x", "/posts/x/"), ("/a/./b/../c/", "/a/c/"),
        ("/feed.xml", "/feed.xml"), ("/old/page.html", "/old/page.html"), ("https://example.org/x/y", "/x/y/"),
        ("/with%20space/", "/with space/"), ("", "/"),
        // Paths that need no decoding take a short way; these pin it to the long one.
        ("/", "/"), ("/a", "/a/"), ("/a/b.c", "/a/b.c"), ("/a.b/c", "/a.b/c/"), ("/a/b/", "/a/b/"),
        ("/a//b", "/a/b/"), ("//a", "/a/"), ("/a/.", "/a/"), ("/a/./", "/a/"), ("/.a", "/.a"),
        ("/.../x", "/.../x/"), ("/a/...", "/a/..."), ("/a/b/..", "/a/"), ("/a:b/", "/a:b/"),
        ("/yıl/çay/", "/yıl/çay/"), ("/a?x=1", "/a/"), ("/a#top", "/a/"),
    ])
    func normalizes(raw: String, expected: String) {
        #expect(SitePath.normalize(raw) == expected)
    }

    @Test(arguments: ["/..", "/../", "/a/../..", "../x", "/a/../../x", "/%2e%2e/x", "/a\\b", "/a%00b", "..", "/x/%2E%2E/%2e%2e/y"])
    func rejectsEscapes(raw: String) {
        #expect(SitePath.normalize(raw) == nil)
    }

    @Test func outputFiles() {
        #expect(SitePath.outputFile(for: "/") == "index.html")
        #expect(SitePath.outputFile(for: "/posts/x/") == "posts/x/index.html")
        #expect(SitePath.outputFile(for: "/404.html") == "404.html")
        #expect(SitePath.outputFile(for: "//a//") == "a//index.html")
        #expect(SitePath.outputFile(for: "///") == "index.html")
        #expect(SitePath.outputFile(for: "/yazılar/çay/") == "yazılar/çay/index.html")
        #expect(SitePath.outputFile(for: "/bài-viết") == "bài-viết")
        // A slash that begins a character with a combining mark is not dropped.
        #expect(SitePath.outputFile(for: "/\u{301}x/") == "/\u{301}x/index.html")
    }
}

@Suite struct CalendarTests {
    @Test func formatsDatesInTheSiteZone() {
        let zone = TimeZone(identifier: "Europe/Istanbul")!
        let date = Date(timeIntervalSince1970: 1_433_786_400)  // 2015-06-08T18:00:00Z
        let parts = CalendarParts(date, zone: zone)
        #expect(parts.iso8601 == "2015-06-08T21:00:00+03:00")
        #expect(parts.rfc822 == "Mon, 08 Jun 2015 21:00:00 +0300")
        #expect(CalendarParts(date, zone: TimeZone(secondsFromGMT: 0)!).iso8601 == "2015-06-08T18:00:00Z")
        let westOfUTC = CalendarParts(date, zone: TimeZone(secondsFromGMT: -(3 * 3600 + 30 * 60))!)
        #expect(westOfUTC.iso8601 == "2015-06-08T14:30:00-03:30")
        #expect(westOfUTC.rfc822 == "Mon, 08 Jun 2015 14:30:00 -0330")
        #expect(CalendarParts(Date(timeIntervalSince1970: -62_135_596_800), zone: TimeZone(secondsFromGMT: 0)!).iso8601
            == "0001-01-01T00:00:00Z")
    }

    @Test func handlesLeapDaysAndOldDates() {
        let utc = TimeZone(secondsFromGMT: 0)!
        #expect(CalendarParts(Date(timeIntervalSince1970: 951_782_400), zone: utc).isoDay == "2000-02-29")
        #expect(CalendarParts(Date(timeIntervalSince1970: -86_400), zone: utc).isoDay == "1969-12-31")
    }

    @Test func displaysDatesInThePostsLanguage() {
        let utc = TimeZone(secondsFromGMT: 0)!
        let date = Date(timeIntervalSince1970: 1_433_786_400)
        #expect(Localization(language: "en").display(date, in: utc) == "June 8, 2015")
        #expect(Localization(language: "tr").display(date, in: utc) == "8 Haziran 2015")
        #expect(Localization(language: "vi").display(date, in: utc) == "8 tháng 6, 2015")
        #expect(Localization(language: "de-DE").display(date, in: utc) == "June 8, 2015")
        #expect(Localization(language: "tr-TR").strings["minRead"] == "dk okuma")
    }
}

@Suite struct PaginationTests {
    @Test func splitsIntoPages() {
        let pages = paginate(Array(0..<5), size: 2, basePath: "/tags/swift/")
        #expect(pages.map(\.path) == ["/tags/swift/", "/tags/swift/page/2/", "/tags/swift/page/3/"])
        #expect(pages.map { Array($0.posts) } == [[0, 1], [2, 3], [4]])
        #expect(pages.allSatisfy { $0.total == 3 })
    }

    @Test func anEmptyListHasOnePage() {
        let pages = paginate([], size: 10, basePath: "/")
        #expect(pages.count == 1 && pages[0].posts.isEmpty && pages[0].path == "/")
    }
}

@Suite struct EditDistanceTests {
    @Test func countsEdits() {
        #expect(editDistance("titel", "title") == 2)
        #expect(editDistance("baseUrl", "baseurl") == 1)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("postsPerPage", "postsPerPage") == 0)
    }
}

@Suite struct PageWindowTests {
    func window(_ current: Int, _ total: Int) -> [Int?] {
        PageContexts(config: SiteConfig(), model: SiteModel(posts: [], pages: [], zone: .gmt)).pageWindow(current: current, total: total)
    }

    @Test func showsEndsAndNeighbours() {
        #expect(window(1, 1) == [1])
        #expect(window(1, 3) == [1, 2, 3])
        #expect(window(5, 10) == [1, nil, 3, 4, 5, 6, 7, nil, 10])
        #expect(window(1, 1000) == [1, 2, 3, nil, 1000])
        #expect(window(999, 1000) == [1, nil, 997, 998, 999, 1000])
    }

    /// Every place in lists of up to 12 pages, against the definition:
    /// the first, the last and two on each side, in order, gaps marked.
    @Test func matchesItsDefinitionEverywhere() {
        for total in 1...12 {
            for current in 1...total {
                let shown = Set([1, total] + ((current - 2)...(current + 2)).filter { $0 >= 1 && $0 <= total }).sorted()
                var expected: [Int?] = []
                for (place, number) in shown.enumerated() {
                    if place > 0 && number > shown[place - 1] + 1 { expected.append(nil) }
                    expected.append(number)
                }
                #expect(window(current, total) == expected, "\(current) of \(total)")
            }
        }
    }

    /// Names Despina gives its own files, for an output folder of any name,
    /// are no page's; other hidden names (`.well-known`) are.
    @Test(arguments: [
        (".despina-output", true), (".despina", true), (".Output.staging", true), (".public.previous", true),
        (".site.trash", true), (".Output.trash-emptying", true),
        (".well-known", false), (".staging", false), ("Output.staging", false), (".despina-outputs", false),
    ])
    func despinasOwnNamesAreReserved(name: String, isOwn: Bool) {
        #expect(OutputFolder.isOwnName(name[...]) == isOwn)
        #expect(Routing.isReserved("/" + name + "/x/") == isOwn)
        #expect(Routing.ownName(startingPath: "/" + name + "/x/") == (isOwn ? name : nil))
        #expect(Routing.ownName(startingPath: "/posts/" + name + "/") == nil)
    }
}

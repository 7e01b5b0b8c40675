import Foundation
import Markup
import Testing
@testable import DespinaKit

@Suite struct PermalinkPatternTests {
    static let utc = TimeZone(secondsFromGMT: 0) ?? .current
    /// 2015-06-08T18:00:00Z.
    static let date = Date(timeIntervalSince1970: 1_433_786_400)

    static let post = PermalinkInputs(
        section: "blog", sections: "blog/2015", folders: "blog/2015/june", fileName: "2015-06-08-Release 2.2 Notes",
        fileSlug: "Release 2.2 Notes", slug: nil, title: "Q&A: Swift’s Ünïcode", date: date,
        categories: ["Swift", "iOS Dev"])

    static func expand(_ pattern: String, _ inputs: PermalinkInputs = post, _ conventions: SiteConventions = .despina,
                       zone: TimeZone = utc) -> String {
        PermalinkPattern.expand(pattern, inputs, conventions: conventions, zone: zone)
    }

    @Test(arguments: [
        ("/:section/:slug/", nil), ("/:year/:month/:day/:title/", nil), ("https://example.org:8080/x/", nil),
        ("/:yaer/:slug/", ":yaer"), ("/:slug/:category/", ":category"), ("/notes/:Slug/", ":Slug"),
        ("/:year/:i_month/:title:output_ext", nil), ("/:categories/:title/", nil), ("/:sectionş/", ":sectionş"),
        ("/:slug:/", nil),
    ] as [(String, String?)])
    func findsTheFirstUnknownToken(pattern: String, token: String?) {
        #expect(PermalinkPattern.unknownToken(in: pattern) == token)
    }

    @Test func everyKnownTokenIsExpanded() {
        let expanded = PermalinkPattern.tokens.map { Self.expand("/:\($0)/") }
        #expect(expanded == [
            "/blog/", "/blog/2015/", "/blog/2015/june/", "/release-2-2-notes/", "/release-2-2-notes/",
            "/2015-06-08-release-2-2-notes/", "/2015-06-08-release-2-2-notes/", "/2015-06-08-release-2-2-notes/",
            "/2015-06-08-release-2-2-notes/", "/2015-06-08-release-2-2-notes/", "/swift/ios dev/",
            "/2015/", "/15/", "/06/", "/6/", "/08/", "/8/", "/159/", "/18/", "/00/", "/00/", "/.html/",
        ])
    }

    @Test func datesAreInTheSiteZone() {
        let istanbul = TimeZone(identifier: "Europe/Istanbul") ?? Self.utc
        let late = Date(timeIntervalSince1970: 1_433_800_800)  // 2015-06-08T22:00:00Z, the 9th in Istanbul
        var inputs = Self.post
        inputs.date = late
        #expect(Self.expand("/:year/:month/:day/:hour/", inputs, zone: istanbul) == "/2015/06/09/01/")
        #expect(Self.expand("/:y_day/", inputs, zone: istanbul) == "/160/")
    }

    @Test func undatedEntriesLeaveDateTokensEmpty() {
        var inputs = Self.post
        inputs.date = nil
        #expect(Self.expand("/:year/:slug/", inputs) == "//release-2-2-notes/")
        #expect(Self.expand("/:section/:slug:/", inputs) == "/blog/release-2-2-notes:/")
    }

    @Test func hugoSlugsFallBackToTheTitleAndKeepDots() {
        #expect(Self.expand("/:section/:slug/", Self.post, .hugo) == "/blog/qa-swifts-ünïcode/")
        #expect(Self.expand("/:title/", Self.post, .hugo) == "/qa-swifts-ünïcode/")
        #expect(Self.expand("/:folders/:slugorfilename/", Self.post, .hugo) == "/blog/2015/june/2015-06-08-release-2.2-notes/")
        var inputs = Self.post
        inputs.slug = "Build-CI"
        #expect(Self.expand("/:section/:year/:month/:day/:slug/", inputs, .hugo) == "/blog/2015/06/08/build-ci/")
        #expect(Self.expand("/:slugorcontentbasename/", inputs, .hugo) == "/build-ci/")
        #expect(Self.expand("/:contentbasename/", inputs, .hugo) == "/2015-06-08-release-2.2-notes/")
    }

    @Test func jekyllTitlesKeepCaseAndDotsAndSlugsDoNot() {
        var inputs = Self.post
        inputs.fileSlug = "release-2.2-Notes"
        #expect(Self.expand("/:title/", inputs, .jekyll) == "/release-2.2-Notes/")
        #expect(Self.expand("/:slug/", inputs, .jekyll) == "/release-2-2-notes/")
        inputs.slug = "Build-CI"
        #expect(Self.expand("/:title/", inputs, .jekyll) == "/Build-CI/")
        #expect(Self.expand("/:categories/:year/:i_month/:i_day/:title:output_ext", inputs, .jekyll)
            == "/swift/ios dev/2015/6/8/Build-CI.html")
    }

    @Test(arguments: [
        ("date", "/:categories/:year/:month/:day/:title:output_ext"),
        ("pretty", "/:categories/:year/:month/:day/:title/"),
        ("ordinal", "/:categories/:year/:y_day/:title:output_ext"),
        ("none", "/:categories/:title:output_ext"),
        ("/:year/:title/", "/:year/:title/"),
    ])
    func jekyllStylesStandForTheirPatterns(style: String, pattern: String) {
        #expect(PermalinkPattern.resolvingStyle(style) == pattern)
    }

    @Test func jekyllStylesExpandAsJekyllWritesThem() {
        var inputs = Self.post
        inputs.fileSlug = "welcome-to-jekyll"
        let expanded = ["date", "pretty", "ordinal", "none"].map {
            Self.expand(PermalinkPattern.resolvingStyle($0), inputs, .jekyll)
        }
        #expect(expanded == [
            "/swift/ios dev/2015/06/08/welcome-to-jekyll.html", "/swift/ios dev/2015/06/08/welcome-to-jekyll/",
            "/swift/ios dev/2015/159/welcome-to-jekyll.html", "/swift/ios dev/welcome-to-jekyll.html",
        ])
    }

    @Test func titlesFromFileNamesFollowTheConventions() {
        #expect(SiteConventions.despina.title(fromFileName: "swift-closures") == "Swift closures")
        #expect(SiteConventions.jekyll.title(fromFileName: "kubeVirt-v0.15-released") == "Kubevirt V0.15 Released")
    }

    @Test func messageListsTheKnownTokens() {
        #expect(PermalinkPattern.unknownTokenMessage(":yaer", in: "/:yaer/").hasPrefix(
            "unknown token ':yaer' in the permalink '/:yaer/'; did you mean ':year'? the tokens are :section, :sections, :folders,"))
        #expect(!PermalinkPattern.unknownTokenMessage(":zzzzzz", in: "/:zzzzzz/").contains("did you mean"))
    }
}

/// A Jekyll file name's date: four ASCII digits, a month and a day of one
/// or two digits, each followed by a hyphen; any other name keeps all of it.
struct FileNameDateTests {
    @Test func onlyNamesThatStartWithADateGiveOne() throws {
        let zone = try #require(TimeZone(identifier: "UTC"))
        for (name, date, rest) in [
            ("2015-06-08-title", "2015-06-08", "title"), ("2014-3-5-old-news", "2014-03-05", "old-news"),
            ("2015-06-08-", "2015-06-08", ""), ("1999-12-31-a-b-c", "1999-12-31", "a-b-c"),
        ] {
            let found = EntryLoader.datePrefix(of: name, zone: zone)
            #expect(found.0 == parseDate(date, timeZone: zone), "\(name)")
            #expect(found.1 == rest, "\(name)")
        }
        for name in ["00001-title", "2015-06-title", "2015-06-08", "20150608-title", "2015-123-08-title",
                     "２０１５-06-08-title", "2015-٠6-08-title", "2015-06-08title", "2015", "", "2015-13-40-title", "a015-06-08-x"] {
            let found = EntryLoader.datePrefix(of: name, zone: zone)
            #expect(found.0 == nil && found.1 == name, "\(name)")
        }
    }
}

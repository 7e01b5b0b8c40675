import Foundation
import Testing
@testable import DespinaKit

@Suite struct PermalinkPatternTests {
    @Test(arguments: [
        ("/:section/:slug/", nil), ("/:year/:month/:day/:title/", nil), ("https://example.org:8080/x/", nil),
        ("/:yaer/:slug/", ":yaer"), ("/:slug/:category/", ":category"), ("/notes/:Slug/", ":Slug"),
        ("/:year/:i_month/:title.html", ":i_month"), ("/:categories/:title/", ":categories"),
    ] as [(String, String?)])
    func findsTheFirstUnknownToken(pattern: String, token: String?) {
        #expect(PermalinkPattern.unknownToken(in: pattern) == token)
    }

    @Test func everyKnownTokenIsExpanded() {
        let date = Date(timeIntervalSince1970: 1_433_786_400)  // 2015-06-08T18:00:00Z
        let zone = TimeZone(secondsFromGMT: 0) ?? .current
        let expanded = PermalinkPattern.tokens.map {
            SitePath.expand("/:\($0)/", section: "posts", slug: "x", date: date, zone: zone)
        }
        #expect(expanded == ["/posts/", "/x/", "/x/", "/2015/", "/06/", "/08/"])
    }

    @Test func messageListsTheKnownTokens() {
        #expect(PermalinkPattern.unknownTokenMessage(":yaer", in: "/:yaer/") ==
            "unknown token ':yaer' in the permalink '/:yaer/'; the tokens are :section, :slug, :title, :year, :month, :day")
    }
}

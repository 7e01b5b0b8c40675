import Foundation
import Testing
@testable import DespinaKit

@Suite struct FeedTests {
    let channel = FeedChannel(
        title: "A & B", description: "Notes", homeURL: "https://example.org/", author: "Ann",
        language: "en", rssURL: "https://example.org/rss.xml", atomURL: "https://example.org/atom.xml",
        jsonURL: "https://example.org/feed.json")
    let item = FeedItem(
        title: "<Hi>", permalink: "https://example.org/posts/hi/",
        date: Date(timeIntervalSince1970: 1_433_786_400), updated: nil, summary: "Short",
        contentHTML: "<p>Body \"quoted\"</p>", tags: ["swift"], language: "en")
    let writer = FeedWriter(zone: TimeZone(secondsFromGMT: 0)!)

    @Test func rssEscapesEverything() {
        let rss = writer.rss(channel, items: [item])
        #expect(rss.contains("<title>A &amp; B</title>"))
        #expect(rss.contains("<title>&lt;Hi&gt;</title>"))
        #expect(rss.contains("<pubDate>Mon, 08 Jun 2015 18:00:00 +0000</pubDate>"))
        #expect(rss.contains("<description>&lt;p&gt;Body &quot;quoted&quot;&lt;/p&gt;</description>"))
        #expect(rss.contains("<lastBuildDate>Mon, 08 Jun 2015 18:00:00 +0000</lastBuildDate>"))
    }

    @Test func atomUsesThePostDatesNotTheClock() {
        let atom = writer.atom(channel, items: [item])
        #expect(atom.contains("<updated>2015-06-08T18:00:00Z</updated>"))
        #expect(atom.contains("<content type=\"html\">&lt;p&gt;Body &quot;quoted&quot;&lt;/p&gt;</content>"))
    }

    @Test func jsonFeedIsValidJSON() throws {
        let json = writer.json(channel, items: [item])
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["version"] as? String == "https://jsonfeed.org/version/1.1")
        let items = object?["items"] as? [[String: Any]]
        #expect(items?.first?["content_html"] as? String == "<p>Body \"quoted\"</p>")
        #expect(items?.first?["date_published"] as? String == "2015-06-08T18:00:00Z")
    }

    @Test func absolutizesRootRelativeLinks() {
        #expect(absolutizingLinks(in: "<a href=\"/x/\"><img src=\"/i.png\"></a><a href=\"http://y/\">",
                                  origin: "https://e.org")
            == "<a href=\"https://e.org/x/\"><img src=\"https://e.org/i.png\"></a><a href=\"http://y/\">")
        #expect(absolutizingLinks(in: "<img src=\"//cdn.example.org/i.png\"> <a href=\"/\">home</a>", origin: "https://e.org")
            == "<img src=\"//cdn.example.org/i.png\"> <a href=\"https://e.org/\">home</a>")
    }
}

@Suite struct RootPathTests {
    @Test func prefixesRootRelativeLinksOnly() {
        let html = "<a href=\"/x/\">a</a><img src=\"/i.png\" alt=\"\"><a href=\"/blog/y/\">b</a><a href=\"//cdn/z\">c</a><a href=\"http://e/\">d</a>"
        #expect(prefixingRootRelativeLinks(in: html, root: "/blog/")
            == "<a href=\"/blog/x/\">a</a><img src=\"/blog/i.png\" alt=\"\"><a href=\"/blog/y/\">b</a><a href=\"//cdn/z\">c</a><a href=\"http://e/\">d</a>")
        #expect(prefixingRootRelativeLinks(in: html, root: "/") == html)
    }

    @Test func prefixesTheSameLinksInBytes() {
        let html = "<p>Ünïcode</p><a href=\"/x/\">a</a><img src=\"/i.png\" alt=\"\"><a href=\"/blog/y/\">b</a>"
        #expect(prefixingRootRelativeLinks(in: Array(html.utf8), root: "/blog/")
            == Array(prefixingRootRelativeLinks(in: html, root: "/blog/").utf8))
        let noLinks = Array("<p>Ünïcode <a href=\"https://e.org/\">e</a></p>".utf8)
        #expect(prefixingRootRelativeLinks(in: noLinks, root: "/blog/") == noLinks)
        #expect(prefixingRootRelativeLinks(in: Array(html.utf8), root: "/") == Array(html.utf8))
    }
}

import Bytes
import Foundation

/// One entry of a feed, with every URL absolute. The content is escaped
/// once for XML and once for JSON when the item is made, because one post
/// appears in the site's feeds and in the feeds of each of its tags.
struct FeedItem: Sendable {
    var title: String
    var permalink: String
    var date: Date?
    var updated: Date?
    var summary: String
    var tags: [String]
    var language: String
    /// The content HTML, escaped as XML text.
    var contentXML: String
    /// The content HTML as a JSON string literal.
    var contentJSON: String

    init(title: String, permalink: String, date: Date?, updated: Date?, summary: String,
         contentHTML: String, tags: [String], language: String) {
        self.title = title
        self.permalink = permalink
        self.date = date
        self.updated = updated
        self.summary = summary
        self.tags = tags
        self.language = language
        contentXML = escapeXML(contentHTML)
        contentJSON = JSONString.scriptLiteral(contentHTML)
    }
}

/// A feed's channel: the site, or one tag of it.
struct FeedChannel: Sendable {
    var title: String
    var description: String
    var homeURL: String
    var author: String
    var language: String
    /// Absolute URLs of the three feed files.
    var rssURL: String
    var atomURL: String
    var jsonURL: String
}

/// Writes RSS 2.0, Atom 1.0 and JSON Feed 1.1 documents. Dates come from
/// the posts, never from the clock, so unchanged content gives unchanged feeds.
struct FeedWriter: Sendable {
    var zone: TimeZone

    func rss(_ channel: FeedChannel, items: [FeedItem]) -> String {
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
        <channel>
        <title>\(escapeXML(channel.title))</title>
        <link>\(escapeXML(channel.homeURL))</link>
        <description>\(escapeXML(channel.description.isEmpty ? channel.title : channel.description))</description>
        <language>\(escapeXML(channel.language))</language>
        <generator>Despina</generator>
        <atom:link href="\(escapeXML(channel.rssURL))" rel="self" type="application/rss+xml"/>

        """
        if let newest = items.compactMap(\.date).max() {
            xml += "<lastBuildDate>\(CalendarParts(newest, zone: zone).rfc822)</lastBuildDate>\n"
        }
        for item in items {
            xml += "<item>\n<title>\(escapeXML(item.title))</title>\n"
            xml += "<link>\(escapeXML(item.permalink))</link>\n"
            xml += "<guid isPermaLink=\"true\">\(escapeXML(item.permalink))</guid>\n"
            if let date = item.date { xml += "<pubDate>\(CalendarParts(date, zone: zone).rfc822)</pubDate>\n" }
            for tag in item.tags { xml += "<category>\(escapeXML(tag))</category>\n" }
            xml += "<description>\(item.contentXML)</description>\n</item>\n"
        }
        xml += "</channel>\n</rss>\n"
        return xml
    }

    func atom(_ channel: FeedChannel, items: [FeedItem]) -> String {
        let updated = items.compactMap { $0.updated ?? $0.date }.max() ?? Date(timeIntervalSince1970: 0)
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(escapeXML(channel.language))">
        <id>\(escapeXML(channel.homeURL))</id>
        <title>\(escapeXML(channel.title))</title>

        """
        if !channel.description.isEmpty { xml += "<subtitle>\(escapeXML(channel.description))</subtitle>\n" }
        xml += "<updated>\(CalendarParts(updated, zone: zone).iso8601)</updated>\n"
        xml += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(escapeXML(channel.atomURL))\"/>\n"
        xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escapeXML(channel.homeURL))\"/>\n"
        xml += "<author><name>\(escapeXML(channel.author.isEmpty ? channel.title : channel.author))</name></author>\n"
        xml += "<generator>Despina</generator>\n"
        for item in items {
            let published = item.date ?? Date(timeIntervalSince1970: 0)
            xml += "<entry>\n<id>\(escapeXML(item.permalink))</id>\n<title>\(escapeXML(item.title))</title>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escapeXML(item.permalink))\"/>\n"
            xml += "<published>\(CalendarParts(published, zone: zone).iso8601)</published>\n"
            xml += "<updated>\(CalendarParts(item.updated ?? published, zone: zone).iso8601)</updated>\n"
            for tag in item.tags { xml += "<category term=\"\(escapeXML(tag))\"/>\n" }
            if !item.summary.isEmpty { xml += "<summary>\(escapeXML(item.summary))</summary>\n" }
            xml += "<content type=\"html\">\(item.contentXML)</content>\n</entry>\n"
        }
        xml += "</feed>\n"
        return xml
    }

    func json(_ channel: FeedChannel, items: [FeedItem]) -> String {
        var json = "{\n"
        json += "  \"version\": \"https://jsonfeed.org/version/1.1\",\n"
        json += "  \"title\": \(JSONString.scriptLiteral(channel.title)),\n"
        json += "  \"home_page_url\": \(JSONString.scriptLiteral(channel.homeURL)),\n"
        json += "  \"feed_url\": \(JSONString.scriptLiteral(channel.jsonURL)),\n"
        if !channel.description.isEmpty { json += "  \"description\": \(JSONString.scriptLiteral(channel.description)),\n" }
        json += "  \"language\": \(JSONString.scriptLiteral(channel.language)),\n"
        if !channel.author.isEmpty { json += "  \"authors\": [{\"name\": \(JSONString.scriptLiteral(channel.author))}],\n" }
        json += "  \"items\": ["
        for (position, item) in items.enumerated() {
            json += position == 0 ? "\n" : ",\n"
            json += "    {\n      \"id\": \(JSONString.scriptLiteral(item.permalink)),\n"
            json += "      \"url\": \(JSONString.scriptLiteral(item.permalink)),\n"
            json += "      \"title\": \(JSONString.scriptLiteral(item.title)),\n"
            if !item.summary.isEmpty { json += "      \"summary\": \(JSONString.scriptLiteral(item.summary)),\n" }
            if let date = item.date {
                json += "      \"date_published\": \(JSONString.scriptLiteral(CalendarParts(date, zone: zone).iso8601)),\n"
            }
            if let updated = item.updated {
                json += "      \"date_modified\": \(JSONString.scriptLiteral(CalendarParts(updated, zone: zone).iso8601)),\n"
            }
            if !item.tags.isEmpty { json += "      \"tags\": [\(item.tags.map(JSONString.scriptLiteral).joined(separator: ", "))],\n" }
            json += "      \"language\": \(JSONString.scriptLiteral(item.language)),\n"
            json += "      \"content_html\": \(item.contentJSON)\n    }"
        }
        json += items.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return json
    }
}

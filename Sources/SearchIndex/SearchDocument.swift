/// One searchable item, following Core Spotlight's item model: a stable
/// identifier chosen by the caller, a domain (here: the section), display
/// attributes, and the text fields that are indexed.
///
/// The index is rebuilt from the current documents every time, so a document
/// that is renamed, retitled or removed leaves no trace behind.
public struct SearchDocument: Codable, Sendable, Equatable {
    /// Stable unique identifier; never derived from the title.
    public var id: String
    /// The URL a result navigates to (usually relative to the site root).
    public var url: String
    public var title: String
    /// The content description shown when no better excerpt exists.
    public var description: String
    /// Extra words the author wants the document found by.
    public var keywords: [String]
    /// Tags; indexed like keywords and usable as a filter.
    public var tags: [String]
    /// The domain of the item, e.g. `posts`; usable as a filter.
    public var section: String
    /// BCP 47 language code (`en`, `en-US`, `tr`, `vi`...); selects the stemmer.
    public var language: String
    /// ISO 8601 date (`2024-05-01` or `2024-05-01T10:00:00Z`), used for sorting.
    public var date: String?
    /// The date as the site shows it, in the document's language
    /// (`1 Mayıs 2024`): what results show.
    public var dateText: String?
    /// URL of a thumbnail image.
    public var thumbnail: String?
    /// Section headings of the body, in order.
    public var headings: [String]
    /// Plain body text, without markup and without code, as UTF-8 bytes
    /// (a site hands over its rendered text without making a string of it).
    public var bodyBytes: [UInt8]
    /// Source code shown in the document, as UTF-8 bytes.
    public var codeBytes: [UInt8]
    /// Plain body text, without markup and without code.
    public var body: String {
        get { String(decoding: bodyBytes, as: UTF8.self) }
        set { bodyBytes = Array(newValue.utf8) }
    }
    /// Source code shown in the document.
    public var code: String {
        get { String(decoding: codeBytes, as: UTF8.self) }
        set { codeBytes = Array(newValue.utf8) }
    }

    /// Creates a document; only `id`, `url` and `title` are required.
    public init(
        id: String, url: String, title: String, description: String = "",
        keywords: [String] = [], tags: [String] = [], section: String = "",
        language: String = "", date: String? = nil, dateText: String? = nil, thumbnail: String? = nil,
        headings: [String] = [], body: String = "", code: String = ""
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.description = description
        self.keywords = keywords
        self.tags = tags
        self.section = section
        self.language = language
        self.date = date
        self.dateText = dateText
        self.thumbnail = thumbnail
        self.headings = headings
        bodyBytes = Array(body.utf8)
        codeBytes = Array(code.utf8)
    }

    private enum CodingKeys: String, CodingKey {
        case id, url, title, description, keywords, tags, section, language, date, dateText, thumbnail, headings, body, code
    }

    /// Decodes a document; every field but `id`, `url` and `title` may be
    /// left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            url: try container.decode(String.self, forKey: .url),
            title: try container.decode(String.self, forKey: .title),
            description: try container.decodeIfPresent(String.self, forKey: .description) ?? "",
            keywords: try container.decodeIfPresent([String].self, forKey: .keywords) ?? [],
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
            section: try container.decodeIfPresent(String.self, forKey: .section) ?? "",
            language: try container.decodeIfPresent(String.self, forKey: .language) ?? "",
            date: try container.decodeIfPresent(String.self, forKey: .date),
            dateText: try container.decodeIfPresent(String.self, forKey: .dateText),
            thumbnail: try container.decodeIfPresent(String.self, forKey: .thumbnail),
            headings: try container.decodeIfPresent([String].self, forKey: .headings) ?? [],
            body: try container.decodeIfPresent(String.self, forKey: .body) ?? "",
            code: try container.decodeIfPresent(String.self, forKey: .code) ?? "")
    }

    /// Encodes every field, the texts as strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(url, forKey: .url)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(keywords, forKey: .keywords)
        try container.encode(tags, forKey: .tags)
        try container.encode(section, forKey: .section)
        try container.encode(language, forKey: .language)
        try container.encodeIfPresent(date, forKey: .date)
        try container.encodeIfPresent(dateText, forKey: .dateText)
        try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
        try container.encode(headings, forKey: .headings)
        try container.encode(body, forKey: .body)
        try container.encode(code, forKey: .code)
    }
}

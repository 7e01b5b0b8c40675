import Markup
import Mustache

/// The front-matter keys Despina does not read itself, handed to templates
/// as `extra` (`{{extra.subtitle}}`, `{{#extra.links}}…{{/extra.links}}`),
/// as Hugo hands them over as `.Params` and Zola as `extra`: a theme can
/// show a key of its own without Despina knowing it. Such keys are
/// expected, so they do not warn.
enum ExtraFrontMatter {
    /// The keys `EntryLoader` reads, in lowercase (front-matter keys are
    /// looked up without regard to letter case).
    static let knownKeys: Set<String> = [
        "title", "date", "published_at", "lastmod", "updated", "last_modified_at", "categories", "category",
        "tags", "series", "seriespart", "series_part", "description", "summary", "lang", "language", "draft",
        "published", "slug", "layout", "aliases", "redirect_from", "permalink", "url", "id", "hardlinebreaks",
        "smartpunctuation", "unsafehtml", "search", "keywords", "image",
    ]

    /// The keys of `mapping` that are not known, each with its value as a
    /// template value under the key as written.
    static func values(in mapping: YAMLMapping) -> Fields {
        var values: [String: Value] = [:]
        for (key, value) in mapping.entries where !knownKeys.contains(key.name.lowercased()) {
            values[key.name] = templateValue(of: value)
        }
        return Fields(values)
    }

    /// A YAML value as a template value: a date as it is written (its
    /// meaning needs a zone, and a template shows it as text), a mapping
    /// with its keys as written.
    static func templateValue(of value: YAMLValue) -> Value {
        switch value.content {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let number): .int(number)
        case .number(let number): .double(number)
        case .date(let text), .string(let text): .string(text)
        case .list(let elements): .array(elements.map(templateValue))
        case .mapping(let inner):
            .dictionary(Fields(Dictionary(
                inner.entries.map { ($0.key.name, templateValue(of: $0.value)) }, uniquingKeysWith: { first, _ in first })))
        }
    }
}

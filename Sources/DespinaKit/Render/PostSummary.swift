import Foundation
import Mustache
import Synchronization
import TextFolding

/// A post as lists show it (`posts` of the home, tag and archive pages, a
/// post page's own fields): title, URLs, dates, tags, summary and counts,
/// listed in `docs/templates.md`.
///
/// Each field is worked out the first time a template asks for it and then
/// kept, so a site of many posts pays only for the fields its pages show,
/// and only for the posts on the pages it renders (an archive that lists
/// titles and dates reads five fields of each post, not all of them).
final class PostSummary: MustacheObject {
    let post: Entry
    private let parts: Parts
    /// Each field by its place in `fieldNames`, once worked out.
    private let known = Mutex<[Slot]>(Array(repeating: .unknown, count: PostSummary.fieldNames.count))

    private enum Slot {
        case unknown, absent
        case present(Value)
    }

    /// What every summary shares: the site's origin, root and zone, and the
    /// date names of each language.
    struct Parts: Sendable {
        let origin: String
        let root: String
        let zone: TimeZone
        let localizations: [String: Localization]

        init(config: SiteConfig) {
            origin = config.origin
            root = config.rootPath
            zone = config.zone
            localizations = Dictionary(
                uniqueKeysWithValues: Localization.languages.map { ($0, Localization(language: $0)) })
        }
    }

    /// Every field a summary can have (some only when the post has a date,
    /// an update date, an image or a series part).
    static let fieldNames = [
        "title", "url", "permalink", "description", "summaryHTML", "readingMinutes", "wordCount", "lang", "isPoem",
        "isPage", "tags", "hasTags", "hasDate", "dateISO", "dateDisplay", "updatedISO", "updatedDisplay", "image",
        "part",
    ]

    /// The place of each field name in `fieldNames`: a name not there is
    /// answered at once (templates look names up through every context on
    /// the stack, so most look-ups that reach a summary miss).
    private static let fieldIndex = Dictionary(
        uniqueKeysWithValues: fieldNames.enumerated().map { ($0.element, $0.offset) })

    init(post: Entry, parts: Parts) {
        self.post = post
        self.parts = parts
    }

    func value(forKey key: String) -> Value? {
        guard let index = Self.fieldIndex[key] else { return nil }
        let slot = known.withLock { $0[index] }
        switch slot {
        case .present(let value): return value
        case .absent: return nil
        case .unknown:
            let value = field(key)
            known.withLock { $0[index] = value.map { .present($0) } ?? .absent }
            return value
        }
    }

    /// Every field the post has, as a dictionary a page can add to.
    var fields: [String: Value] {
        var fields: [String: Value] = [:]
        // Room for the fields a page adds (content, contents, neighbours).
        fields.reserveCapacity(Self.fieldNames.count + 8)
        for name in Self.fieldNames {
            if let value = value(forKey: name) { fields[name] = value }
        }
        return fields
    }

    private var localization: Localization {
        parts.localizations[post.language] ?? Localization(language: post.language)
    }

    private func field(_ key: String) -> Value? {
        let root = parts.root
        switch key {
        case "title": return .string(post.title)
        case "url": return .string(PageContexts.url(post.path, root: root))
        case "permalink": return .string(parts.origin + PageContexts.url(post.path, root: root))
        case "description": return .string(post.description ?? "")
        case "summaryHTML": return .string(post.content?.summaryHTML ?? "")
        case "readingMinutes": return .int(post.content?.readingMinutes ?? 1)
        case "wordCount": return .int(post.content?.wordCount ?? 0)
        case "lang": return .string(post.language)
        case "isPoem": return .bool(post.isPoem)
        case "isPage": return .bool(post.kind == .page)
        case "tags":
            return .array(post.tags.map { tag in
                let slug = TextFolding.slug(tag)
                return .dictionary([
                    "name": .string(tag), "slug": .string(slug), "url": .string(root + "tags/\(slug)/"),
                ])
            })
        case "hasTags": return .bool(!post.tags.isEmpty)
        case "hasDate": return .bool(post.date != nil)
        case "dateISO": return post.date.map { .string(CalendarParts($0, zone: parts.zone).iso8601) }
        case "dateDisplay": return post.date.map { .string(localization.display($0, in: parts.zone)) }
        case "updatedISO": return post.updated.map { .string(CalendarParts($0, zone: parts.zone).iso8601) }
        case "updatedDisplay": return post.updated.map { .string(localization.display($0, in: parts.zone)) }
        case "image":
            return post.image.map { image in
                .string(image.hasPrefix("/") ? parts.origin + PageContexts.url(image, root: root) : image)
            }
        case "part": return post.seriesPart.map { .int($0) }
        default: return nil
        }
    }
}

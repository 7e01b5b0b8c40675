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
        "part", "extra",
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

    /// A set of summary fields, one bit per place in `fieldNames`.
    struct FieldSet: Sendable {
        var bits: UInt32

        /// The summary fields among `names`; every field when `names` is nil
        /// (a template that includes one named by a value may read any).
        init(among names: Set<String>?) {
            bits = 0
            for (index, name) in PostSummary.fieldNames.enumerated() where names?.contains(name) ?? true {
                bits |= 1 << UInt32(index)
            }
        }
    }

    /// What the summary fields of a post are made from, each input digested
    /// on its own, so that the digest of any set of fields is a few words
    /// combined (`digests(for:)`) rather than the post's strings hashed again.
    struct Inputs: Sendable {
        /// The inputs, in the order of their digests in `table`.
        private enum Input: Int, CaseIterable {
            case title, path, description, summary, readingMinutes, wordCount, language, poem, page, tags, date,
                updated, image, part, extra
        }

        /// `Input.allCases.count` digests per post, post after post.
        private let table: [UInt64]
        private let count: Int

        /// The number of inputs, and of digests per post.
        static var width: Int { Input.allCases.count }

        /// The inputs of every post: those the render step recorded, else
        /// (an entry that was not rendered) digested here.
        init(of posts: [Entry]) {
            count = posts.count
            var table: [UInt64] = []
            table.reserveCapacity(posts.count * Self.width)
            for post in posts { table += Self.digests(recordedFor: post) }
            self.table = table
        }

        /// The digests the render step recorded for `post`, else (none, or
        /// from another set of inputs) its inputs digested now.
        static func digests(recordedFor post: Entry) -> [UInt64] {
            post.summaryInputs.count == width ? post.summaryInputs : digests(of: post)
        }

        /// The digests of the inputs of `post`, in the order of `Input`.
        static func digests(of post: Entry) -> [UInt64] {
            post.withFields { post in
                func digest(_ body: (inout Fingerprint) -> Void) -> UInt64 {
                    var fingerprint = Fingerprint()
                    body(&fingerprint)
                    return fingerprint.value
                }
                let content = post.content
                return [
                    digest { $0.combine(post.title) },
                    digest { $0.combine(post.path) },
                    digest { $0.combine(post.description) },
                    digest { $0.combine(content?.summaryHTML) },
                    digest { $0.combine(content?.readingMinutes ?? -1) },
                    digest { $0.combine(content?.wordCount ?? -1) },
                    digest { $0.combine(post.language) },
                    digest { $0.combine(post.layout == "poem") },
                    digest { $0.combine(post.kind == .page) },
                    digest { fingerprint in
                        fingerprint.combine(post.tags.count)
                        for tag in post.tags { fingerprint.combine(tag) }
                    },
                    digest { fingerprint in
                        fingerprint.combine(post.date?.timeIntervalSince1970.bitPattern ?? 0)
                        fingerprint.combine(post.date != nil)
                        fingerprint.combine(post.dateZoneOffset ?? Int.min)
                    },
                    digest { fingerprint in
                        fingerprint.combine(post.updated?.timeIntervalSince1970.bitPattern ?? 0)
                        fingerprint.combine(post.updated != nil)
                    },
                    digest { $0.combine(post.image) },
                    digest { $0.combine(post.seriesPart ?? -1) },
                    // Every key the same way: the values' canonical form, keys sorted.
                    digest { $0.combine(Value.dictionary(post.extra)) },
                ]
            }
        }

        /// The inputs each field's value is made from; mirrors `field(_:)`.
        private static func inputs(of field: String) -> [Input] {
            switch field {
            case "title": [.title]
            case "url", "permalink": [.path]
            case "description": [.description]
            case "summaryHTML": [.summary]
            case "readingMinutes": [.readingMinutes]
            case "wordCount": [.wordCount]
            case "lang": [.language]
            case "isPoem": [.poem]
            case "isPage": [.page]
            case "tags", "hasTags": [.tags]
            case "hasDate", "dateISO": [.date]
            case "dateDisplay": [.date, .language]
            case "updatedISO": [.updated]
            case "updatedDisplay": [.updated, .language]
            case "image": [.image]
            case "part": [.part]
            case "extra": [.extra]
            default: Input.allCases
            }
        }

        /// A digest, per post, of everything the summary fields `fields`
        /// show of it (the site-wide parts, origin, root and zone, are in
        /// every page's fingerprint already). A list whose template reads
        /// only titles and dates is then not made again when a post's text
        /// changes.
        func digests(for fields: FieldSet) -> [UInt64] {
            var used = Set<Input>()
            for (index, name) in PostSummary.fieldNames.enumerated() where fields.bits & (1 << UInt32(index)) != 0 {
                used.formUnion(Self.inputs(of: name))
            }
            let columns = Input.allCases.filter(used.contains).map(\.rawValue)
            return (0..<count).map { post in
                var fingerprint = Fingerprint()
                for column in columns { fingerprint.combine(table[post * Self.width + column]) }
                return fingerprint.value
            }
        }
    }

    private var localization: Localization {
        parts.localizations[post.language] ?? Localization(language: post.language)
    }

    /// The zone the post's date is shown in: the one it is written in, for
    /// a site that follows Hugo, else the site's.
    private var dateZone: TimeZone {
        post.dateZoneOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? parts.zone
    }

    /// `dateDisplay` or `updatedDisplay` in `localization`'s language, for
    /// a page in another language than the post (`ListedPost`); nil for
    /// any other key, and when the post has no such date.
    func displayedDate(_ key: String, in localization: Localization) -> Value? {
        switch key {
        case "dateDisplay": return post.date.map { .string(localization.display($0, in: dateZone)) }
        case "updatedDisplay": return post.updated.map { .string(localization.display($0, in: parts.zone)) }
        default: return nil
        }
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
                let slug = TextFolding.termSlug(tag)
                return .dictionary([
                    "name": .string(tag), "slug": .string(slug), "url": .string(root + "tags/\(slug)/"),
                ])
            })
        case "hasTags": return .bool(!post.tags.isEmpty)
        case "hasDate": return .bool(post.date != nil)
        case "dateISO": return post.date.map { .string(CalendarParts($0, zone: dateZone).iso8601) }
        case "dateDisplay": return post.date.map { .string(localization.display($0, in: dateZone)) }
        case "updatedISO": return post.updated.map { .string(CalendarParts($0, zone: parts.zone).iso8601) }
        case "updatedDisplay": return post.updated.map { .string(localization.display($0, in: parts.zone)) }
        case "image":
            return post.image.map { image in
                .string(image.hasPrefix("/") ? parts.origin + PageContexts.url(image, root: root) : image)
            }
        case "part": return post.seriesPart.map { .int($0) }
        // Always a mapping, so that `extra.key` of a post without it is
        // not looked up in the page around the list.
        case "extra": return .dictionary(post.extra)
        default: return nil
        }
    }
}

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
    /// Each field by its place in `fieldNames`, once worked out; empty
    /// until a field is asked for (a preview rebuild reads few summaries).
    private let known = Mutex<[Slot]>([])

    private enum Slot {
        case unknown, absent
        case present(Value)
    }

    /// What every summary shares: the site's origin, root and zone, the
    /// date names of each language, and each tag as a template value.
    struct Parts: Sendable {
        let origin: String
        let root: String
        let zone: TimeZone
        let localizations: [String: Localization]
        /// Each tag of `posts` as a list shows it, made once: a site's posts
        /// share a few dozen tags, and each post's copy of them would be
        /// the largest part of its summary.
        private let tags: [String: Value]

        /// - Parameter tagSlugs: each spelling of a tag on the posts with
        ///   its slug (`SiteModel.tagSlugs`), whose values are made here.
        init(config: SiteConfig, tagSlugs: [String: String] = [:]) {
            origin = config.origin
            root = config.rootPath
            zone = config.zone
            localizations = Dictionary(
                uniqueKeysWithValues: Localization.languages.map { ($0, Localization(language: $0)) })
            var tags: [String: Value] = [:]
            for (tag, slug) in tagSlugs { tags[tag] = Self.value(ofTag: tag, slug: slug, root: config.rootPath) }
            self.tags = tags
        }

        /// `tag` as a list shows it: its name, slug and URL.
        func value(ofTag tag: String) -> Value {
            tags[tag] ?? Self.value(ofTag: tag, slug: TextFolding.termSlug(tag), root: root)
        }

        private static func value(ofTag tag: String, slug: String, root: String) -> Value {
            let url = PageContexts.url(SiteModel.TagGroup.path(slug: slug), root: root)
            return .dictionary(["name": .string(tag), "slug": .string(slug), "url": .string(url)])
        }
    }

    /// One field of a summary: its name, the inputs of the post its value
    /// is made from (which a list's fingerprint then holds), and how it is
    /// made; `localized` when it follows the language of the page showing
    /// it (`ShownPost`), which `make` gives in the post's own.
    private struct Field: Sendable {
        let name: String
        let inputs: [Inputs.Input]
        let make: @Sendable (PostSummary) -> Value?
        var localized: (@Sendable (PostSummary, Localization) -> Value?)?

        init(_ name: String, _ inputs: [Inputs.Input], _ make: @escaping @Sendable (PostSummary) -> Value?) {
            (self.name, self.inputs, self.make) = (name, inputs, make)
        }

        init(_ name: String, _ inputs: [Inputs.Input], localized: @escaping @Sendable (PostSummary, Localization) -> Value?) {
            (self.name, self.inputs, self.localized) = (name, inputs, localized)
            make = { localized($0, $0.localization) }
        }
    }

    /// Every field a summary can have (some only when the post has a date,
    /// an update date, an image or a series part).
    private static let fieldList: [Field] = [
        Field("title", [.title]) { .string($0.post.title) },
        Field("url", [.path]) { .string(PageContexts.url($0.post.path, root: $0.parts.root)) },
        Field("permalink", [.path]) { .string($0.parts.origin + PageContexts.url($0.post.path, root: $0.parts.root)) },
        Field("description", [.description]) { .string($0.post.description ?? "") },
        Field("summaryHTML", [.summary]) { .string($0.post.content?.summaryHTML ?? "") },
        Field("readingMinutes", [.readingMinutes]) { .int($0.post.content?.readingMinutes ?? 1) },
        Field("wordCount", [.wordCount]) { .int($0.post.content?.wordCount ?? 0) },
        Field("lang", [.language]) { .string($0.post.language) },
        Field("isPoem", [.poem]) { .bool($0.post.isPoem) },
        Field("isPage", [.page]) { .bool($0.post.kind == .page) },
        Field("tags", [.tags]) { summary in .array(summary.post.tags.map(summary.parts.value(ofTag:))) },
        Field("hasTags", [.tags]) { .bool(!$0.post.tags.isEmpty) },
        Field("hasDate", [.date]) { .bool($0.post.date != nil) },
        Field("dateISO", [.date]) { summary in
            summary.post.date.map { .string(CalendarParts($0, zone: summary.dateZone).iso8601) }
        },
        Field("dateDisplay", [.date, .language]) { summary, localization in
            summary.post.date.map { .string(localization.display($0, in: summary.dateZone)) }
        },
        Field("updatedISO", [.updated]) { summary in
            summary.post.updated.map { .string(CalendarParts($0, zone: summary.parts.zone).iso8601) }
        },
        Field("updatedDisplay", [.updated, .language]) { summary, localization in
            summary.post.updated.map { .string(localization.display($0, in: summary.parts.zone)) }
        },
        Field("image", [.image]) { summary in
            summary.post.image.map { image in
                let parts = summary.parts
                return .string(image.hasPrefix("/") ? parts.origin + PageContexts.url(image, root: parts.root) : image)
            }
        },
        Field("part", [.part]) { $0.post.seriesPart.map { .int($0) } },
        // Always a mapping, so that `extra.key` of a post without it is
        // not looked up in the page around the list.
        Field("extra", [.extra]) { .dictionary($0.post.extra) },
    ]

    /// The names of `fieldList`, in its order.
    static let fieldNames = fieldList.map(\.name)

    /// The place of each field name in `fieldNames`: a name not there is
    /// answered at once (templates look names up through every context on
    /// the stack, so most look-ups that reach a summary miss). Held in the
    /// template engine's own table, whose hash of a short name is cheaper
    /// than a `Dictionary`'s seeded one.
    private static let fieldPlaces = Fields(Dictionary(
        uniqueKeysWithValues: fieldNames.enumerated().map { ($0.element, Value.int($0.offset)) }))

    /// The place in `fieldNames` of `key`, whose `Fields.hash(_:)` is `hash`.
    private static func fieldIndex(_ key: String, hash: UInt64) -> Int? {
        guard case .int(let index)? = fieldPlaces.value(named: key, hash: hash) else { return nil }
        return index
    }

    init(post: Entry, parts: Parts) {
        self.post = post
        self.parts = parts
    }

    func value(forKey key: String) -> Value? {
        value(forKey: key, hash: Fields.hash(key))
    }

    func value(forKey key: String, hash: UInt64) -> Value? {
        Self.fieldIndex(key, hash: hash).flatMap(value(at:))
    }

    /// Lets go of the fields worked out so far; a field read later is
    /// worked out again.
    func forgetFields() { known.withLock { $0 = [] } }

    /// The field at `index` in `fieldNames`, worked out the first time.
    private func value(at index: Int) -> Value? {
        let slot = known.withLock { $0.isEmpty ? .unknown : $0[index] }
        switch slot {
        case .present(let value): return value
        case .absent: return nil
        case .unknown:
            let value = Self.fieldList[index].make(self)
            known.withLock { known in
                if known.isEmpty { known = Array(repeating: .unknown, count: Self.fieldNames.count) }
                known[index] = value.map { .present($0) } ?? .absent
            }
            return value
        }
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
        /// The inputs, in the order of their digests in `table`, each with
        /// what of the post it digests.
        fileprivate enum Input: Int, CaseIterable {
            case title, path, description, summary, readingMinutes, wordCount, language, poem, page, tags, date,
                updated, image, part, extra

            func combine(_ post: borrowing Entry.Fields, into fingerprint: inout Fingerprint) {
                let content = post.content
                switch self {
                case .title: fingerprint.combine(post.title)
                case .path: fingerprint.combine(post.path)
                case .description: fingerprint.combine(post.description)
                case .summary: fingerprint.combine(content?.summaryHTML)
                case .readingMinutes: fingerprint.combine(content?.readingMinutes ?? -1)
                case .wordCount: fingerprint.combine(content?.wordCount ?? -1)
                case .language: fingerprint.combine(post.language)
                case .poem: fingerprint.combine(post.layout == "poem")
                case .page: fingerprint.combine(post.kind == .page)
                case .tags:
                    fingerprint.combine(post.tags.count)
                    for tag in post.tags { fingerprint.combine(tag) }
                case .date:
                    fingerprint.combine(post.date?.timeIntervalSince1970.bitPattern ?? 0)
                    fingerprint.combine(post.date != nil)
                    fingerprint.combine(post.dateZoneOffset ?? Int.min)
                case .updated:
                    fingerprint.combine(post.updated?.timeIntervalSince1970.bitPattern ?? 0)
                    fingerprint.combine(post.updated != nil)
                case .image: fingerprint.combine(post.image)
                case .part: fingerprint.combine(post.seriesPart ?? -1)
                // Every key the same way: the values' canonical form, keys sorted.
                case .extra: fingerprint.combine(Value.dictionary(post.extra))
                }
            }
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
                var digests: [UInt64] = []
                digests.reserveCapacity(width)
                for input in Input.allCases {
                    var fingerprint = Fingerprint()
                    input.combine(post, into: &fingerprint)
                    digests.append(fingerprint.value)
                }
                return digests
            }
        }

        /// A digest, per post, of everything the summary fields `fields`
        /// show of it (the site-wide parts, origin, root and zone, are in
        /// every page's fingerprint already). A list whose template reads
        /// only titles and dates is then not made again when a post's text
        /// changes.
        func digests(for fields: FieldSet) -> [UInt64] {
            var used = Set<Input>()
            for (index, field) in PostSummary.fieldList.enumerated() where fields.bits & (1 << UInt32(index)) != 0 {
                used.formUnion(field.inputs)
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

    /// The value of `key` as a page in `localization`'s language shows it:
    /// a field that follows the page's language in that language (kept
    /// when it is the post's own), any other field as the post has it.
    func value(forKey key: String, hash: UInt64, in localization: Localization) -> Value? {
        guard let index = Self.fieldIndex(key, hash: hash) else { return nil }
        guard let localized = Self.fieldList[index].localized, localization.language != self.localization.language
        else { return value(at: index) }
        return localized(self, localization)
    }
}

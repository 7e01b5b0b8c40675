import Foundation
import Markup
import Mustache

/// A Markdown file of the site: a post (in a section folder) or a standalone
/// page (directly in `Content/`), with its front matter decoded.
///
/// Entries are copied often (sorted, grouped, kept in the cache), so their
/// fields live in one shared box, copied only when a shared entry is
/// changed: a copy of an entry costs one reference count, not one per field.
@dynamicMemberLookup
struct Entry: Sendable {
    enum Kind: Sendable { case post, page }

    private final class Storage: @unchecked Sendable {
        // Mutated only through `Entry`, and only while uniquely referenced.
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    /// Creates an entry with `fields`.
    init(_ fields: Fields) {
        storage = Storage(fields)
    }

    // Inlined, so that the key path is a literal where applied and reads one
    // field; applied as a value, it copies all of them to read one.
    subscript<Value>(dynamicMember keyPath: WritableKeyPath<Fields, Value>) -> Value {
        @inline(__always) get { storage.fields[keyPath: keyPath] }
        @inline(__always) set {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            storage.fields[keyPath: keyPath] = newValue
        }
    }

    /// An equal value changes nothing, so a shared entry is not copied for it.
    subscript<Value: Equatable>(dynamicMember keyPath: WritableKeyPath<Fields, Value>) -> Value {
        @inline(__always) get { storage.fields[keyPath: keyPath] }
        @inline(__always) set {
            guard storage.fields[keyPath: keyPath] != newValue else { return }
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            storage.fields[keyPath: keyPath] = newValue
        }
    }

    /// Whether both are one entry, not copies that may have changed apart.
    func isSame(as other: Entry) -> Bool { storage === other.storage }

    var isPoem: Bool { storage.fields.layout == "poem" }

    /// Whether the entry is a section's list page (`Content/blog/_index.md`),
    /// shown at the head of the list of the folder's posts.
    var isSectionIndex: Bool { ContentScanner.isListPage(lastPathComponent(storage.fields.sourcePath)) }

    /// The folder below `Content/` that a section's list page heads (`blog`).
    var sectionIndexFolder: String { parentPath(String(storage.fields.sourcePath.dropFirst("Content/".count))) }

    /// Calls `body` with the fields: for code that reads many fields of an
    /// entry, where each read through a key path costs a look-up of its
    /// own. The fields may be copied for the call (every part retained
    /// once), which costs more than reading one or two of them directly.
    func withFields<Result>(_ body: (borrowing Fields) -> Result) -> Result { body(storage.fields) }
}

extension Entry {
    /// What an entry holds.
    struct Fields: Sendable {

    /// The file, relative to the site folder: `Content/posts/closures.md`.
    var sourcePath: String
    var kind: Kind
    /// The section folder (`posts`), empty for standalone pages.
    var section: String
    /// The URL its permalink pattern gives (`/posts/closures/`), before
    /// routing checks it against the others.
    var requestedPath: String
    var title: String
    var date: Date?
    /// The offset from UTC, in seconds, that the date is shown in, when the
    /// site's conventions show it as written (Hugo's); nil for the site's zone.
    var dateZoneOffset: Int? = nil
    var updated: Date?
    var tags: [String]
    var description: String?
    var language: String
    var isDraft: Bool
    /// The stable search identifier: front matter `id`, else the source path.
    var identifier: String
    /// Where the front matter sets `id`; `nil` when the id is the default.
    var identifierPosition: (line: Int, column: Int)? = nil
    /// Where the front matter sets `slug`; `nil` when the slug comes from the file name.
    var slugPosition: (line: Int, column: Int)? = nil
    var aliases: [(path: String, line: Int, column: Int)]
    var series: String?
    var seriesPart: Int?
    /// The template that renders the page.
    var layout: String
    var isSearchable: Bool
    var keywords: [String]
    var image: String?
    /// A permalink written in the front matter, replacing the site's pattern.
    var explicitPermalink: (path: String, line: Int, column: Int)?
    /// The page's path below the site root: `/posts/closures/`.
    var path: String = ""
    /// The Markdown body and the line of the file it starts on.
    var body: Substring
    var bodyFirstLine: Int
    /// Markdown options: the site's, with this post's own settings applied.
    var markdown: MarkdownSettings
    /// The front matter's scalar values by key in lowercase (`author`, and
    /// `params.cover` with `cover` for Hugo's `[params]` table), for Hugo's
    /// `param` shortcode; read only when the body has one. Not kept by the
    /// build cache: a body is rendered only right after its file is read.
    var parameters: [String: String] = [:]
    /// The front-matter keys Despina does not read, for templates
    /// (`ExtraFrontMatter`); kept by the build cache.
    var extra: Mustache.Fields = [:]
    /// The rendered body, filled in by the render step.
    var content: RenderedContent?
    /// A digest of everything the entry shows on any page (its source, URL
    /// and resolved links), set by the render step; pages that show the
    /// entry are made again only when it changes.
    var digest: UInt64 = 0
    /// What its summary fields are made from, each input digested on its
    /// own (`PostSummary.Inputs`), set by the render step with the digest.
    var summaryInputs: [UInt64] = []
    }
}

/// What the Markdown body of an entry became.
struct RenderedContent: Sendable {
    /// The body as HTML (read from the cache only when a page needs it).
    var html: String {
        get { htmlText.string }
        set { htmlText = UTF8Text(newValue) }
    }
    var htmlText: UTF8Text
    var summaryHTML: String
    var headings: [Heading]
    var plainText: [UInt8]
    var codeText: [UInt8]
    var wordCount: Int
    var readingMinutes: Int
    /// Links and images of the body, with their positions in the file.
    var links: [LinkReference] = []
    var images: [LinkReference] = []
}

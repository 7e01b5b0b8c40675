import Foundation
import Markup

/// A Markdown file of the site: a post (in a section folder) or a standalone
/// page (directly in `Content/`), with its front matter decoded.
struct Entry: Sendable {
    enum Kind: Sendable { case post, page }

    /// The file, relative to the site folder: `Content/posts/closures.md`.
    var sourcePath: String
    var kind: Kind
    /// The section folder (`posts`), empty for standalone pages.
    var section: String
    var slug: String
    var title: String
    var date: Date?
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
    /// The rendered body, filled in by the render step.
    var content: RenderedContent?

    var isPoem: Bool { layout == "poem" }
}

/// What the Markdown body of an entry became.
struct RenderedContent: Sendable {
    var html: String
    var summaryHTML: String
    var headings: [Heading]
    var plainText: String
    var codeText: String
    var wordCount: Int
    var readingMinutes: Int
    /// Links and images of the body, with their positions in the file.
    var links: [LinkReference] = []
    var images: [LinkReference] = []
}

/// What the template syntax of another generator in a post may ask about
/// the site: its root and origin (`{{ site.baseurl }}`), the URLs of other
/// posts (`{% post_url %}`, `{{< ref >}}`), and how to render a caption.
///
/// The questions go through closures so that the build can answer them
/// with its routing and record every answer for the cache, while tests
/// answer them from a table.
struct ForeignSyntaxContext: Sendable {
    /// The site's root path, with a trailing slash (`/` or `/blog/`).
    var root: String = "/"
    /// The scheme, host and port of the base URL (`https://example.org`).
    var origin: String = ""
    /// The URL for a link destination as a Markdown link would have it
    /// resolved (`/posts/a.md`, `../images/x.png`, `b.md#part`), or nil.
    var resolveLink: @Sendable (String) -> String? = { _ in nil }
    /// The URL of the Jekyll post named as `{% post_url %}` names it
    /// (`2019-01-01-a`, `weekly/2019-01-01-a`), or nil.
    var resolvePost: @Sendable (String) -> String? = { _ in nil }
    /// A short Markdown text (a figure's caption, a summary) as inline HTML,
    /// rendered with the post's options.
    var renderInline: @Sendable (String) -> String = { escapeXML($0) }
    /// The post's front-matter values by key in lowercase, for Hugo's
    /// `{{< param key >}}` (`Entry.parameters`).
    var parameters: [String: String] = [:]
    /// The site's `params` by name in lowercase: Jekyll's `{{ site.NAME }}`
    /// (the import carries `_config.yml`'s values there) and the values
    /// Hugo's `param` falls back to.
    var siteParameters: [String: String] = [:]
    /// Whether the Markdown reads footnotes (`markdown.footnotes`); when it
    /// does not, a note is escaped so that it shows as text rather than
    /// vanish as a link definition.
    var readsFootnotes = false
    /// Whether the site follows Jekyll, whose Liquid runs before Markdown,
    /// in code too: there `{% raw %}` tags are left out around what they
    /// keep literal.
    var readsLiquidInCode = false

    /// Jekyll's `site.baseurl`: the root path without its trailing slash
    /// (empty at the root of a domain), so `{{ site.baseurl }}/a.png` works.
    var baseURLPath: String { String(root.dropLast()) }
}

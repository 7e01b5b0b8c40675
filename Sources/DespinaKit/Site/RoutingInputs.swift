/// Everything `Routing` reads, taken once from the entries, the files
/// copied from `Content/` and the configuration.
///
/// Routing works from these values alone, and the preview's
/// `RoutingMemory` compares them with the last build's to know that its
/// URLs still hold: a value routing reads is one the memory compares, with
/// no second list to keep in step (the comparison is the synthesized `==`).
struct RoutingInputs: Equatable, Sendable {
    /// What routing reads of one entry.
    struct Page: Equatable, Sendable {
        var sourcePath: String
        var isPage: Bool
        /// The URL its permalink pattern or front matter asked for.
        var requestedPath: String
        /// Where the front matter sets the URL (`permalink`, else `slug`);
        /// (0, 0) for a URL made from the file name.
        var urlLine: Int
        var urlColumn: Int
        var aliases: [Alias]
    }

    /// An alias of a page, where its front matter writes it.
    struct Alias: Equatable, Sendable {
        var path: String
        var line: Int
        var column: Int
    }

    var root: String
    var conventions: SiteConventions
    var redirects: [SiteRedirect]
    /// One for each entry, in the entries' order.
    var pages: [Page]
    /// The files of `Content/` that are copied, given output paths for links.
    var assets: [SourceFile]

    init(entries: [Entry], assets: [SourceFile], config: SiteConfig) {
        root = config.rootPath
        conventions = config.conventions
        redirects = config.redirects
        pages = entries.map { entry in
            let position = Routing.urlPosition(of: entry)
            return Page(
                sourcePath: entry.sourcePath, isPage: entry.kind == .page, requestedPath: entry.requestedPath,
                urlLine: position.line, urlColumn: position.column,
                aliases: entry.aliases.map { Alias(path: $0.path, line: $0.line, column: $0.column) })
        }
        self.assets = assets
    }
}

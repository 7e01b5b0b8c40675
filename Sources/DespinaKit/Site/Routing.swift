import Foundation

/// Gives every entry its path below the site root, checks that no two
/// entries (or an entry and an alias) claim the same path and that nothing
/// leaves the output folder, and resolves links between Markdown files.
struct Routing: Sendable {
    /// Errors found: duplicate paths, paths that escape.
    private(set) var errors: [Diagnostic] = []
    /// Page path by content path (`posts/closures.md` → `/posts/closures/`).
    private(set) var pathsBySource: [String: String] = [:]
    /// Alias path → target page path, sorted when written.
    private(set) var aliases: [String: String] = [:]
    /// Output path (below the root, without a leading `/`) by content path
    /// of each file of `Content/` that is copied: `posts/trip/photo.jpg`
    /// of a bundle goes beside the bundle's page.
    private(set) var assetPaths: [String: String] = [:]
    let root: String

    /// The URL of each page of the inputs, in their order ("" for one
    /// whose URL was refused with an error).
    private(set) var paths: [String] = []

    /// Routes `entries`, setting each one's `path`. The files of `assets`
    /// (the non-Markdown files of `Content/`) are given the output paths
    /// they are copied to, for links to them. An entry that has a URL
    /// already (one read from the build cache) keeps it, as in
    /// `init(_:keeping:)`. `memory` gives the last build's routing while
    /// its inputs are the same; a routing with errors, which stops the
    /// build, is not remembered.
    init(
        entries: inout [Entry], assets: [SourceFile] = [], config: SiteConfig,
        memory: LastBuildMemory<RoutingInputs, Routing>? = nil
    ) {
        let inputs = RoutingInputs(entries: entries, assets: assets, config: config)
        // The URLs, not the entries: a closure holding the entries would
        // have setting their paths below copy every one.
        let keptPaths = entries.map(\.path)
        let routing = { Routing(inputs, keeping: keptPaths) }
        self = memory?.value(of: inputs, keeps: { $0.errors.isEmpty }) { _ in routing() } ?? routing()
        assignPaths(to: &entries)
    }

    /// Routes the pages of `inputs`: their URLs (`paths`), the aliases and
    /// redirects, the copied files' paths, and the errors.
    ///
    /// - Parameter keptPaths: for each page, a URL an earlier routing of
    ///   the same inputs gave it ("" for none), taken as it is instead of
    ///   being worked out and checked again: the URLs of entries read from
    ///   the build cache, whose key covers everything a URL is made from.
    ///   Each is checked against the others' URLs all the same. Not an
    ///   input: it is what routing made of these inputs before.
    init(_ inputs: RoutingInputs, keeping keptPaths: [String] = []) {
        root = inputs.root
        /// The file (or configuration) that owns each output file, and the page, when one does.
        var owners: [String: (source: String, page: Int?)] = [:]
        owners.reserveCapacity(inputs.pages.count)
        pathsBySource.reserveCapacity(inputs.pages.count)
        var paths = [String](repeating: "", count: inputs.pages.count)
        // Each page's URL and output file on all cores; only the checks
        // against one another are made in order.
        let routes = parallelMap(Array(inputs.pages.indices)) { index in
            let kept = index < keptPaths.count ? keptPaths[index] : ""
            return kept.isEmpty ? Self.route(inputs.pages[index]) : .success((kept, SitePath.outputFile(for: kept)))
        }
        for (index, page) in inputs.pages.enumerated() {
            let (path, file): (String, String)
            switch routes[index] {
            case .success(let route): (path, file) = route
            case .failure(let error):
                errors.append(error)
                continue
            }
            if case let (other, otherIndex)? = owners.updateValue((page.sourcePath, index), forKey: file) {
                owners[file] = (other, otherIndex)
                // The error goes to the file whose slug or permalink made the
                // clash, when only the other one's URL comes from its name.
                let otherPage = otherIndex.map { inputs.pages[$0] }
                let otherPosition = otherPage.map { (line: $0.urlLine, column: $0.urlColumn) } ?? (line: 0, column: 0)
                let blamesOther = (page.urlLine, page.urlColumn) == (0, 0) && (otherPosition.line, otherPosition.column) != (0, 0)
                errors.append(Diagnostic(
                    path: blamesOther ? other : page.sourcePath,
                    line: blamesOther ? otherPosition.line : page.urlLine,
                    column: blamesOther ? otherPosition.column : page.urlColumn,
                    message: "the URL '\(path)' is also the URL of \(blamesOther ? page.sourcePath : other); "
                        + "give one of them another slug"))
                continue
            }
            paths[index] = path
            pathsBySource[String(page.sourcePath.dropFirst("Content/".count))] = path
        }
        for (page, pagePath) in zip(inputs.pages, paths) where !pagePath.isEmpty {
            for alias in page.aliases {
                guard let path = SitePath.normalize(Self.aliasPath(alias.path, of: pagePath, conventions: inputs.conventions)),
                      path != "/" else {
                    errors.append(Diagnostic(
                        path: page.sourcePath, line: alias.line, column: alias.column,
                        message: "the alias '\(alias.path)' would leave the output folder"))
                    continue
                }
                if Self.isReserved(path) {
                    errors.append(Diagnostic(
                        path: page.sourcePath, line: alias.line, column: alias.column,
                        message: "the alias '\(path)' is used by the site itself; choose another alias"))
                    continue
                }
                if let other = owners[SitePath.outputFile(for: path)]?.source {
                    errors.append(Diagnostic(
                        path: page.sourcePath, line: alias.line, column: alias.column,
                        message: "the alias '\(path)' is already the URL of \(other)"))
                    continue
                }
                owners[SitePath.outputFile(for: path)] = (page.sourcePath, nil)
                aliases[path] = pagePath
            }
        }
        for redirect in inputs.redirects {
            let problem: String?
            if let path = SitePath.normalize(redirect.from), path != "/" {
                if Self.isReserved(path) {
                    problem = "the redirect from '\(path)' would replace a page the site makes itself"
                } else if let other = owners[SitePath.outputFile(for: path)]?.source {
                    problem = "the redirect from '\(path)' would replace \(other)"
                } else {
                    owners[SitePath.outputFile(for: path)] = (ConfigLoader.fileName, nil)
                    aliases[path] = redirect.to
                    problem = nil
                }
            } else {
                problem = "the redirect from '\(redirect.from)' would leave the output folder"
            }
            if let problem {
                errors.append(Diagnostic(path: ConfigLoader.fileName, line: redirect.line, column: redirect.column, message: problem))
            }
        }
        if !inputs.assets.isEmpty {
            let pagePaths = Dictionary(uniqueKeysWithValues: pathsBySource.map { ("Content/" + $0.key, $0.value) })
            for file in inputs.assets {
                if let path = file.outputPath(pagePaths: pagePaths) { assetPaths[file.contentPath] = path }
            }
        }
        self.paths = paths
    }

    /// Sets the URL of each of `entries`, the entries these routes were
    /// made for, in the same order. An entry that has its URL already (one
    /// from the cache) is left as it is, so that it is not copied.
    func assignPaths(to entries: inout [Entry]) {
        for index in entries.indices where index < paths.count && entries[index].path != paths[index] {
            entries[index].path = paths[index]
        }
    }

    /// The URL `page` asked for (its permalink, or the site's pattern)
    /// with its output file, or the error that makes it unusable.
    private static func route(_ page: RoutingInputs.Page) -> Result<(path: String, file: String), Diagnostic> {
        let (line, column) = (page.urlLine, page.urlColumn)
        let raw = page.requestedPath
        guard let path = SitePath.normalize(raw), path != "/" || page.isPage else {
            return .failure(Diagnostic(
                path: page.sourcePath, line: line, column: column,
                message: "the URL '\(raw)' would leave the output folder"))
        }
        let file = SitePath.outputFile(for: path)
        if let name = ownName(ofFile: file) {
            return .failure(Diagnostic(
                path: page.sourcePath, line: line, column: column,
                message: "the URL '\(path)' starts with '\(name)', a name Despina keeps for its own files; "
                    + "choose another slug or permalink"))
        }
        if isReserved(file: file) {
            return .failure(Diagnostic(
                path: page.sourcePath, line: line, column: column,
                message: "the URL '\(path)' is used by the site itself; choose another slug or permalink"))
        }
        return .success((path, file))
    }

    /// The path an alias written as `alias` names for the page at
    /// `pagePath`: one without a leading `/` (`old-name`) stands beside
    /// the page (`/blog/2023/old-name/` for `/blog/2023/new-name/`), as
    /// Hugo places it; Jekyll's redirects are from the site's root.
    static func aliasPath(_ alias: String, of pagePath: String, conventions: SiteConventions) -> String {
        guard !alias.hasPrefix("/"), SitePath.schemeSeparatorEnd(in: alias) == nil else { return alias }
        guard conventions != .jekyll else { return "/" + alias }
        var folder = pagePath.hasSuffix("/") ? String(pagePath.dropLast()) : pagePath
        folder = folder.lastIndex(of: "/").map { String(folder[...$0]) } ?? "/"
        return folder + alias
    }

    /// Where the front matter sets what makes the entry's URL: its
    /// `permalink`, else its `slug`; (0, 0) for a URL from the file name,
    /// which has no line to point at.
    static func urlPosition(of entry: Entry) -> (line: Int, column: Int) {
        if let explicit = entry.explicitPermalink { return (explicit.line, explicit.column) }
        return entry.slugPosition ?? (0, 0)
    }

    /// An error for each page URL or alias that is also the output path of
    /// a file copied as is from `Content/` (`Content/about/index.html`
    /// beside `Content/about.md`): one would silently replace the other.
    /// The error is on the Markdown file, at its `permalink`, `slug` or
    /// alias, and names the copied file.
    ///
    /// - Parameter copies: each copied file with its path in the output folder.
    static func clashes(copying copies: [(SourceFile, String)], with entries: [Entry], config: SiteConfig) -> [Diagnostic] {
        let copied = Dictionary(
            copies.map { ($0.1, $0.0.relativePath) }, uniquingKeysWith: { first, _ in first })
        guard !copied.isEmpty else { return [] }
        var errors: [Diagnostic] = []
        for entry in entries where !entry.path.isEmpty {
            if let file = copied[SitePath.outputFile(for: entry.path)] {
                let (line, column) = urlPosition(of: entry)
                errors.append(Diagnostic(
                    path: entry.sourcePath, line: line, column: column,
                    message: "the URL '\(entry.path)' is also the path of \(file), a file copied from Content/; "
                        + "move or rename the file, or give the page another slug"))
            }
            for alias in entry.aliases {
                guard let path = SitePath.normalize(aliasPath(alias.path, of: entry.path, conventions: config.conventions)),
                      let file = copied[SitePath.outputFile(for: path)]
                else { continue }
                errors.append(Diagnostic(
                    path: entry.sourcePath, line: alias.line, column: alias.column,
                    message: "the alias '\(path)' is also the path of \(file), a file copied from Content/; "
                        + "move or rename the file, or choose another alias"))
            }
        }
        return errors.sorted { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
    }

    /// Output files the site's own pages, feeds and sitemap use.
    static let reservedFiles = Set(PageKind.allCases.flatMap(\.reservedPaths).filter { !$0.hasSuffix("/") }
        + ["rss.xml", "atom.xml", "feed.json", "sitemap.xml", "robots.txt"])
    /// Output folders the site's own pages and the theme's files use.
    static let reservedFolders = Set(PageKind.allCases.flatMap(\.reservedPaths).filter { $0.hasSuffix("/") } + ["assets/"])

    /// Whether the file serving `path` would be one the site writes itself
    /// (`/` and `/index.html` are the home page, `/tags/x/` a tag page), or
    /// lie under a name Despina keeps for its own files (`/.despina-output`,
    /// the marker that would replace the page).
    static func isReserved(_ path: String) -> Bool { isReserved(file: SitePath.outputFile(for: path)) }

    /// Whether an output file is reserved; folders compared by bytes, as
    /// the file system does.
    private static func isReserved(file: String) -> Bool {
        ownName(ofFile: file) != nil || reservedFiles.contains(file)
            || reservedFolders.contains { file.utf8.starts(with: $0.utf8) }
    }

    /// The first component of `path` when it is a name Despina gives its
    /// own files (`OutputFolder.isOwnName`), else nil.
    static func ownName(startingPath path: String) -> String? { ownName(ofFile: SitePath.outputFile(for: path)) }

    private static func ownName(ofFile file: String) -> String? {
        let first = file[..<(file.utf8.firstIndex(of: UInt8(ascii: "/")) ?? file.endIndex)]
        return OutputFolder.isOwnName(first) ? String(first) : nil
    }

    /// The URL for a link written in `sourcePath` (`Content/posts/a.md`) to
    /// another Markdown file (`b.md`, `../posts/b.md#part`) or, relative to
    /// the file, to a file of `Content/` that is copied (`photo.jpg`,
    /// `../images/a.png`); nil when the link is to neither.
    func url(forLink destination: String, from sourcePath: String) -> String? {
        guard SitePath.schemeSeparatorEnd(in: destination) == nil, !destination.hasPrefix("mailto:") else { return nil }
        var target = destination
        var fragment = ""
        if let hash = target.firstIndex(of: "#") {
            fragment = String(target[hash...])
            target = String(target[..<hash])
        }
        guard isMarkdownPath(target) else {
            return url(forFile: target, from: sourcePath).map { $0 + fragment }
        }
        guard let key = Self.contentPath(of: target, from: sourcePath) else { return nil }
        let candidates = [key, key.hasPrefix("Content/") ? String(key.dropFirst("Content/".count)) : key]
        for candidate in candidates {
            if let path = pathsBySource[candidate] { return root + path.drop { $0 == "/" } + fragment }
        }
        return nil
    }

    /// The URL of the copied file of `Content/` that `target`, relative to
    /// the folder of `sourcePath`, names; nil for a path that leaves
    /// `Content/`, one with a query, or no such file.
    private func url(forFile target: String, from sourcePath: String) -> String? {
        guard !assetPaths.isEmpty, !target.isEmpty, !target.hasPrefix("/"), !target.contains("?"),
              let key = Self.contentPath(of: target, from: sourcePath), let path = assetPaths[key]
        else { return nil }
        return root + path
    }

    /// The path below `Content/` that `target` (percent-encoded as
    /// written) names, relative to the folder of `sourcePath`, or to
    /// `Content/` when it starts with `/`; nil when it leaves `Content/`.
    private static func contentPath(of target: String, from sourcePath: String) -> String? {
        let decoded = target.removingPercentEncoding ?? target
        let folder = parentPath(String(sourcePath.dropFirst("Content/".count)))
        let joined = decoded.hasPrefix("/") ? String(decoded.drop { $0 == "/" }) : joinPath(folder, decoded)
        return SitePath.normalize(joined).map { String($0.drop { $0 == "/" }) }
    }
}

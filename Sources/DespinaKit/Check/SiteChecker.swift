import Bytes
import Foundation
import Markup

/// `despina check`: builds the site in memory (the disk is not touched) and
/// reports what a reader would trip over: broken internal links and anchors,
/// missing images, posts without a description or with an empty title,
/// titles used twice, and with `external` dead links to other sites.
public struct SiteChecker: Sendable {
    /// Files, clock and log; the site is read through its file system.
    public let environment: BuildEnvironment

    /// Creates the checker.
    public init(environment: BuildEnvironment) {
        self.environment = environment
    }

    /// Checks the site in `options.siteDirectory`; `options.outputDirectory` is ignored.
    /// - Returns: the problems found, errors and warnings, in file order. A
    ///   site that does not build gives the build's errors.
    public func check(_ options: BuildOptions, external: Bool = false) -> [Diagnostic] {
        let memoryRoot = "/\u{1}despina-check"
        let overlay = OverlayFileSystem(base: environment.fileSystem, memoryRoot: memoryRoot)
        var buildEnvironment = environment
        buildEnvironment.fileSystem = overlay
        buildEnvironment.log = .silent
        var buildOptions = options
        buildOptions.outputDirectory = memoryRoot + "/Output"
        buildOptions.force = true
        buildOptions.recordsOutput = false
        let result: SiteBuilder.Result
        do {
            result = try SiteBuilder(environment: buildEnvironment).run(buildOptions)
        } catch {
            return error.diagnostics
        }
        let output = memoryRoot + "/Output"
        let checker = LinkChecker(fileSystem: overlay, outputDirectory: output, rootPath: result.config.rootPath)
        let problems = contentProblems(in: result, checker: checker)
        // A link the check finds broken was often warned of by the build
        // too (a link to a missing .md), at the same place: said once, by
        // the error, which says more.
        let errorPlaces = Set(problems.filter { $0.severity == .error }.map { "\($0.path):\($0.line):\($0.column)" })
        var diagnostics = result.summary.warnings.filter { !errorPlaces.contains("\($0.path):\($0.line):\($0.column)") }
        diagnostics += problems
        var externalLinks: [(url: String, diagnostic: Diagnostic)] = []
        for entry in result.model.posts + result.model.pages {
            for link in (entry.content?.links ?? []) + (entry.content?.images ?? [])
            where link.url.hasPrefix("http://") || link.url.hasPrefix("https://") {
                externalLinks.append((link.url, Diagnostic(
                    path: entry.sourcePath, line: link.line, column: link.column, severity: .warning, message: "")))
            }
        }
        if external { diagnostics += deadLinks(externalLinks) }
        return diagnostics.sorted { ($0.path, $0.line, $0.column, $0.message) < ($1.path, $1.line, $1.column, $1.message) }
    }

    /// Problems of the posts themselves, placed in their Markdown files, and
    /// broken links in the theme's markup, placed in the built page.
    private func contentProblems(in result: SiteBuilder.Result, checker: LinkChecker) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let root = result.config.rootPath
        let files: Set<String>
        let identifiers: [String: Set<String>]
        do {
            (files, identifiers) = try checker.inventory()
        } catch {
            return [Diagnostic(path: "Output", message: "cannot read the built site: \(error)")]
        }
        var reportedInContent: Set<String> = []
        // The same link in a post's summary on list pages is the same
        // mistake: reported once, in the post.
        var reportedURLs: Set<String> = []
        var titles: [String: String] = [:]
        let entries = (result.model.posts + result.model.pages).sorted {
            precedesByBytes($0.sourcePath, $1.sourcePath)
        }
        for entry in entries {
            let page = SitePath.outputFile(for: entry.path)
            if entry.title.trimmingCharacters(in: .whitespaces).isEmpty {
                diagnostics.append(Diagnostic(path: entry.sourcePath, line: 1, column: 1, message: "the title is empty"))
            } else if let first = titles[entry.title.lowercased()] {
                diagnostics.append(.warning(
                    "the title '\(entry.title)' is also the title of \(first)", path: entry.sourcePath, line: 1, column: 1))
            } else {
                titles[entry.title.lowercased()] = entry.sourcePath
            }
            if entry.kind == .post && (entry.description ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                diagnostics.append(.warning(
                    "no description: feeds, search results and link previews will show the first paragraph",
                    path: entry.sourcePath, line: 1, column: 1))
            }
            for (link, isImage) in (entry.content?.links ?? []).map({ ($0, false) }) + (entry.content?.images ?? []).map({ ($0, true) }) {
                var url = link.url
                if url.hasPrefix("/") && !url.hasPrefix("//") && !url.hasPrefix(root) { url = root + url.dropFirst() }
                guard let problem = checker.problem(with: url, from: page, files: files, identifiers: identifiers) else {
                    continue
                }
                reportedInContent.insert(page + "\u{0}" + url)
                reportedURLs.insert(url)
                reportedURLs.insert(link.url)
                let what: String
                switch problem {
                case .missingFile(let target): what = isImage ? "missing image '\(link.destination)' (no \(target) in the site)" : "broken link '\(link.destination)' (no \(target) in the site)"
                case .missingAnchor(let id, let target): what = "broken link '\(link.destination)': \(target) has no anchor '\(id)'"
                case .outsideSite: what = "the link '\(link.destination)' points outside the site"
                }
                diagnostics.append(Diagnostic(path: entry.sourcePath, line: link.line, column: link.column, message: what))
            }
        }
        if let broken = try? checker.check() {
            for link in broken
            where !reportedInContent.contains(link.page + "\u{0}" + link.url) && !reportedURLs.contains(link.url) {
                diagnostics.append(Diagnostic(
                    path: "Output/" + link.page, line: link.line, column: link.column, message: link.message))
            }
        }
        return diagnostics
    }

    /// Requests each distinct external URL (see ``ExternalLinkProbe``: HEAD,
    /// then GET when HEAD is refused, heads only, one deadline per link,
    /// redirects only where ``RedirectPolicy`` allows) and warns at every
    /// place a dead one is linked.
    private func deadLinks(_ links: [(url: String, diagnostic: Diagnostic)]) -> [Diagnostic] {
        let urls = Array(Set(links.map(\.url))).sorted()
        let probe = ExternalLinkProbe()
        let problems = parallelMap(urls) { probe.check($0).problem }
        var dead: [String: String] = [:]
        for (url, problem) in zip(urls, problems) {
            if let problem { dead[url] = problem }
        }
        return links.compactMap { link in
            guard let reason = dead[link.url] else { return nil }
            var diagnostic = link.diagnostic
            diagnostic.message = "dead external link '\(link.url)': \(reason)"
            return diagnostic
        }
    }
}

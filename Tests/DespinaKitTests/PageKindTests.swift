import Foundation
import Testing
@testable import DespinaKit

/// The one list of page kinds, and the places that read it.
@Suite struct PageKindTests {
    @Test func everyKindsTemplateIsInTheBuiltInTheme() {
        for kind in PageKind.allCases {
            #expect(Theme.builtin.templates[kind.template] != nil, "\(kind)")
        }
    }

    @Test func everyKindButRedirectHasItsOwnFlag() {
        let flags = PageKind.allCases.compactMap(\.flag)
        #expect(Set(flags) == [
            "isPost", "isPage", "isHome", "isTag", "isSection", "isTags", "isArchive", "isSeries",
            "isSeriesIndex", "isSearch", "isNotFound",
        ])
        #expect(flags.count == PageKind.allCases.count - 1)
    }

    @Test func theReservedURLsAreThoseOfTheKinds() {
        #expect(Routing.reservedFolders == ["tags/", "series/", "archive/", "search/", "page/", "assets/"])
        #expect(Routing.reservedFiles == [
            "index.html", "404.html", "rss.xml", "atom.xml", "feed.json", "sitemap.xml", "robots.txt",
        ])
        for kind in PageKind.allCases {
            for path in kind.reservedPaths {
                #expect(Routing.isReserved("/" + path + (path.hasSuffix("/") ? "x/" : "")), "\(kind): \(path)")
            }
        }
    }

    @Test func theTemplatesOfTheSitesOwnPagesAreNotLayouts() {
        #expect(EntryLoader.siteTemplates == [
            "layout", "list", "tags", "archive", "series", "series-index", "search", "404", "redirect",
            "post-summary", "pagination", "post-meta", "post-nav", "series-box", "tag-list", "head-extra",
        ])
    }

    @Test func theSitemapListsItsKindsInItsOrder() {
        #expect(PageKind.sitemapOrder.allSatisfy { !$0.isNoindex })
        #expect(Set(PageKind.allCases).subtracting(PageKind.sitemapOrder) == [.search, .notFound, .redirect])
    }
}

extension PageKindTests {
    /// A list's later pages, and the series index of a site without
    /// series, are left out; a section's first page carries the date of
    /// its newest post.
    @Test func theSitemapListsTheFirstPageOfEachList() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": "title: T\nbaseURL: https://example.org/\npostsPerPage: 1\n",
            "/site/Content/posts/_index.md": "---\ntitle: All posts\n---\n",
            "/site/Content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\ntags: [t]\n---\n\nText.\n",
            "/site/Content/posts/2024/_index.md": "---\ntitle: The year 2024\n---\n",
            "/site/Content/posts/2024/b.md": "---\ntitle: B\ndate: 2024-01-01\nupdated: 2024-02-01\ntags: [t]\n---\n\nText.\n",
            "/site/Content/about.md": "---\ntitle: About\n---\n\nMe.\n",
        ])
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .build(options)
        #expect(fileSystem.exists("/site/Output/page/2/index.html"))
        #expect(fileSystem.exists("/site/Output/series/index.html"))
        #expect(try fileSystem.text(of: "/site/Output/sitemap.xml") == """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <url><loc>https://example.org/</loc><lastmod>2024-02-01T00:00:00Z</lastmod></url>
            <url><loc>https://example.org/posts/b/</loc><lastmod>2024-02-01T00:00:00Z</lastmod></url>
            <url><loc>https://example.org/posts/a/</loc><lastmod>2020-01-01T00:00:00Z</lastmod></url>
            <url><loc>https://example.org/about/</loc></url>
            <url><loc>https://example.org/archive/</loc></url>
            <url><loc>https://example.org/tags/</loc></url>
            <url><loc>https://example.org/tags/t/</loc></url>
            <url><loc>https://example.org/posts/</loc><lastmod>2024-01-01T00:00:00Z</lastmod></url>
            <url><loc>https://example.org/posts/2024/</loc><lastmod>2024-01-01T00:00:00Z</lastmod></url>
            </urlset>

            """)
    }
}

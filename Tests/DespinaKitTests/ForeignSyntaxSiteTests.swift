import Foundation
import Testing
@testable import DespinaKit

/// Jekyll and Hugo posts built in a whole site: the HTML each page gets and
/// the warnings, at their file, line and column.
@Suite struct ForeignSyntaxSiteTests {
    func build(_ fileSystem: MemoryFileSystem, log: Logger = .silent) throws {
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: log)).build(options)
    }

    func content(of page: String, in fileSystem: MemoryFileSystem) throws -> String {
        let html = try fileSystem.text(of: page)
        guard let start = html.range(of: "<div class=\"post-content\">\n"),
              let end = html.range(of: "\n</div>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }

    let config = "baseURL: https://example.org/blog/\npermalink: /:year/:slug/\n"

    @Test func jekyllPostsLinkToEachOtherByName() throws {
        let recorder = LogRecorder()
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": config,
            "/site/Content/posts/2019-01-01-first.md": "---\ntitle: First\n---\n"
                + "See [the second]({% post_url 2019-02-02-second %}) and [the third]({% post_url 2019-03-03-third %}).\n"
                + "{% comment %}\nNot for readers.\n{% endcomment %}\n"
                + "![Logo]({{ site.baseurl }}/images/logo.png) at {{ site.url }}.\n\n"
                + "[About]({% link about.md %}) {% include note.html %}\n",
            "/site/Content/posts/weekly/2019-02-02-second.md": "---\ntitle: Second\n---\nBack to [the first]({% post_url 2019-01-01-first %}).\n",
            "/site/Content/about.md": "---\ntitle: About\n---\nHello.\n",
        ])
        try build(fileSystem, log: recorder.logger)
        let first = try content(of: "/site/Output/2019/first/index.html", in: fileSystem)
        #expect(first == "<p>See <a href=\"/blog/2019/second/\">the second</a> and <a href=\"\">the third</a>.</p>\n"
            + "<p><img src=\"/blog/images/logo.png\" alt=\"Logo\" /> at <a href=\"https://example.org\">https://example.org</a>.</p>\n"
            + "<p><a href=\"/blog/about/\">About</a></p>\n")
        let second = try content(of: "/site/Output/2019/second/index.html", in: fileSystem)
        #expect(second == "<p>Back to <a href=\"/blog/2019/first/\">the first</a>.</p>\n")
        #expect(recorder.warnings.sorted() == [
            "Content/posts/2019-01-01-first.md:10:30: warning: Liquid tag {% include %} is not supported; it is left out",
            "Content/posts/2019-01-01-first.md:4:68: warning: {% post_url 2019-03-03-third %} matches no post of this build "
                + "(missing, a draft or dated in the future)",
        ])

        // The missing post appears in another folder: the first post's page links to it.
        try fileSystem.write(Array("---\ntitle: Third\n---\nThree.\n".utf8), to: "/site/Content/posts/releases/2019-03-03-third.md")
        let rebuild = LogRecorder()
        try build(fileSystem, log: rebuild.logger)
        #expect(try content(of: "/site/Output/2019/first/index.html", in: fileSystem).hasPrefix(
            "<p>See <a href=\"/blog/2019/second/\">the second</a> and <a href=\"/blog/2019/third/\">the third</a>.</p>\n"))
        #expect(rebuild.warnings == ["Content/posts/2019-01-01-first.md:10:30: warning: Liquid tag {% include %} is not supported; it is left out"])
    }

    @Test func hugoShortcodesMakeTheirHTMLWithRawHTMLOff() throws {
        let recorder = LogRecorder()
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": config,
            "/site/Content/posts/trip/index.md": "---\ntitle: Trip\ndate: 2020-05-01\ntags: [\"\"]\n---\n"
                + "Intro.\n\n{{< figure src=\"map.png\" caption=\"The *route* <b> ([notes](../notes.md))\" >}}\n\n"
                + "{{< details summary=\"Day **1**\" >}}\nWe <i>walked</i>.\n{{< /details >}}\n\n"
                + "{{< youtube id=\"abc\" class=\"v\" >}}\n\n{{% alert %}}\nCareful.\n{{% /alert %}}\n"
                + "See [the notes]({{< relref \"../notes\" >}}).\n",
            "/site/Content/posts/trip/map.png": "PNG",
            "/site/Content/posts/notes.md": "---\ntitle: Notes\ndate: 2020-04-01\n---\nNotes.\n",
        ])
        try build(fileSystem, log: recorder.logger)
        let trip = try content(of: "/site/Output/2020/trip/index.html", in: fileSystem)
        #expect(trip == "<p>Intro.</p>\n"
            + "<figure><img src=\"/blog/2020/trip/map.png\" alt=\"The route &lt;b&gt; (notes)\"><figcaption><p>The <em>route</em> &lt;b&gt; (<a href=\"/blog/2020/notes/\">notes</a>)</p></figcaption></figure>\n"
            + "<details><summary>Day <strong>1</strong></summary>\n<p>We &lt;i&gt;walked&lt;/i&gt;.</p>\n</details>\n"
            + "<div class=\"v\"><iframe allow=\"accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; "
            + "web-share; fullscreen\" loading=\"eager\" referrerpolicy=\"strict-origin-when-cross-origin\" "
            + "src=\"https://www.youtube.com/embed/abc?autoplay=0&amp;controls=1&amp;end=0&amp;loop=0&amp;mute=0&amp;start=0\" "
            + "title=\"YouTube video\"></iframe></div>\n"
            + "<p>Careful.</p>\n<p>See <a href=\"/blog/2020/notes/\">the notes</a>.</p>\n")
        let page = try fileSystem.text(of: "/site/Output/2020/trip/index.html")
        // `tags: [""]` names no tag: the post shows no tag list.
        #expect(page.contains("<title>Trip"))
        #expect(!page.contains("class=\"meta-tag\""))
        #expect(recorder.warnings == [
            "Content/posts/trip/index.md:16:1: warning: Hugo shortcode {{% alert %}} is not built in (a site's or theme's own) "
                + "and cannot run here; its tags are left out and the text inside is kept",
            "Content/posts/trip/index.md:11:4: warning: raw HTML (<i>) is shown as text, here and in the rest of the post, "
                + "because unsafeHTML is off; set unsafeHTML: true in the front matter (or markdown.unsafeHTML in despina.yml) to pass it through",
        ])
    }

    @Test func kramdownAttributeListsGiveAttributesAndDropTheRestWithOneWarning() throws {
        let recorder = LogRecorder()
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": config,
            "/site/Content/posts/2019-04-04-lists.md": "---\ntitle: Lists\n---\n"
                + "![Chart]({{ site.baseurl }}/chart.png){: width=\"400\" .center}\n\n"
                + "Read [the guide](https://example.com/guide){:target=\"_blank\"} and [more](https://example.com){: target=\"_top\" rel=\"x\"}.\n\n"
                + "## Setup\n{: #setup-steps}\n\n* one\n* two\n{: .steps}\n",
        ])
        try build(fileSystem, log: recorder.logger)
        let page = try content(of: "/site/Output/2019/lists/index.html", in: fileSystem)
        #expect(page == "<p><img src=\"/blog/chart.png\" alt=\"Chart\" class=\"center\" width=\"400\" /></p>\n"
            + "<p>Read <a href=\"https://example.com/guide\">the guide</a> and <a href=\"https://example.com\">more</a>.</p>\n"
            + "<h2 id=\"setup-steps\">Setup <a class=\"heading-anchor\" href=\"#setup-steps\" aria-label=\"Link to this section\">#</a></h2>\n<ul class=\"steps\">\n<li>one</li>\n<li>two</li>\n</ul>\n")
        #expect(recorder.warnings == [
            "Content/posts/2019-04-04-lists.md:6:44: warning: the attribute 'target' of a kramdown attribute list is left out "
                + "(only id, class, width, height, alt and title are kept); this warning is not repeated for this post",
        ])
    }

    @Test func paramReadsTheTOMLFrontMatterWithItsParamsTable() throws {
        let recorder = LogRecorder()
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": config,
            "/site/Content/posts/tape.md": "+++\ntitle = \"Tape\"\ndate = 2019-04-02\nauthor = \"Ann\"\n[params]\ncover = \"reel.jpg\"\n+++\n"
                + "By {{< param author >}}. ![Cover]({{< param cover >}}) {{< param \"params.cover\" >}}\n",
        ])
        try build(fileSystem, log: recorder.logger)
        let page = try content(of: "/site/Output/2019/tape/index.html", in: fileSystem)
        #expect(page == "<p>By Ann. <img src=\"reel.jpg\" alt=\"Cover\" /> reel.jpg</p>\n")
        #expect(recorder.warnings == [])
    }
}

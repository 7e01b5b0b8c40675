import Foundation
import Testing

/// Blogs written for Jekyll and Hugo, built as they are: the build does not
/// fail, every piece of another generator's syntax is a warning naming the
/// file and line, and every post is published.
@Suite struct HeldOutBlogTests {
    /// Copies the blog `name` from the held-out fixtures and builds it with the executable.
    func build(_ name: String) throws -> (site: String, run: CommandLineTests.Run) {
        let temporary = try makeTemporaryDirectory()
        let site = temporary + "/" + name
        try FileManager.default.copyItem(
            atPath: fixturesDirectory.appending(path: "held-out/" + name).path, toPath: site)
        return (site, try BadInputCatalogueTests.build(site, []))
    }

    func page(_ path: String, in site: String) -> String? {
        try? String(contentsOfFile: site + "/Output/" + path, encoding: .utf8)
    }

    @Test func jekyllBlogBuildsWithItsCodeBlocksAndAWarningForEachOtherLiquidTag() throws {
        let (site, run) = try build("jekyll")
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("Built 3 posts and 1 page ("), "\(run.standardOutput)")
        let shown = "is not supported; it is shown as text"
        #expect(run.standardError.split(separator: "\n").map(String.init) == [
            "Content/about.md:2:9: warning: unknown layout 'default'; using 'page' (layouts: page, poem, post)",
            "Content/about.md:5:1: warning: Liquid output {{ site.author }} \(shown)",
            "Content/posts/2016-1-29-line-endings.md:12:1: warning: Liquid tag {% include %} is not supported; it is left out",
        ])
        // Unpadded dates in file names and front matter, capitalised keys, a permalink.
        let first = page("posts/first-steps/index.html", in: site) ?? ""
        #expect(first.contains("First steps with Swift"))
        #expect(first.contains("2014-03-05"), "the date of the post is missing")
        // `{% highlight swift %}` is a Swift code block; the Liquid-like text inside stays as written.
        #expect(first.contains(
            "<pre class=\"code\" data-lang=\"swift\"><code class=\"language-swift\"><span class=\"line\"><span class=\"kw\">func</span>"),
            "\(first)")
        #expect(first.contains("{{ not liquid }}"))
        #expect(!first.contains("{% highlight") && !first.contains("endhighlight"))
        // `{% raw %}` lines go; what they wrap stays as written.
        let endings = page("notes/line-endings/index.html", in: site) ?? ""
        #expect(endings.contains("Line endings, again"))
        #expect(endings.contains("<p>{{ page.title }} and {% if x %} stay as written.</p>"), "\(endings)")
        #expect(!endings.contains("raw %}"))
        // `{{ site.baseurl }}` and `{% post_url %}` become the site's paths.
        #expect(first.contains("<img src=\"/images/desk.jpg\" alt=\"desk\" />"), "\(first)")
        let mark = page("posts/a-byte-order-mark/index.html", in: site) ?? ""
        #expect(mark.contains("A byte order mark"))
        #expect(mark.contains("See <a href=\"/posts/first-steps/\">the first post</a>."), "\(mark)")
        #expect(page("about/index.html", in: site)?.contains("writes about boats and code.") == true)
        // `published: false` keeps a post out, as in Jekyll.
        #expect(page("posts/never-finished/index.html", in: site) == nil)
        #expect(page("tags/encoding/index.html", in: site) != nil, "categories became no tags")
    }

    @Test func hugoBlogBuildsWithItsTOMLFrontMatterAndAWarningForEachShortcode() throws {
        let (site, run) = try build("hugo")
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("Built 3 posts and 1 page ("), "\(run.standardOutput)")
        #expect(run.standardError.split(separator: "\n").map(String.init) == [
            "Content/posts/field-kit.md:9:1: warning: Hugo shortcode {{% note %}} is not built in (a site's or theme's own) "
                + "and cannot run here; its tags are left out and the text inside is kept",
        ])
        // The TOML front matter is read: title, date, tags and categories, draft.
        // `_index.md`, a Hugo list page, heads the list of its section's posts.
        #expect(page("posts/index.html", in: site)?.contains("Everything I recorded, newest first.") == true)
        let tape = page("posts/tape-machines/index.html", in: site) ?? ""
        #expect(tape.contains("<title>Tape machines · Field Recordings</title>"), "\(tape)")
        #expect(tape.contains("2019-04-02"), "the date of the post is missing")
        #expect(tape.contains("My first reel-to-reel arrived today."))
        #expect(tape.contains("<figure><img src=\"reel.jpg\"><figcaption><h4>The machine</h4></figcaption></figure>"), "\(tape)")
        #expect(!tape.contains("+++"), "the TOML block is shown as text")
        #expect(page("tags/audio/index.html", in: site) != nil, "the TOML tags became no tags")
        #expect(page("tags/studio/index.html", in: site) != nil, "the TOML categories became no tags")
        #expect(page("posts/half-written/index.html", in: site) == nil, "a TOML draft was published")
        // A page bundle: named after its folder, its files published beside it.
        let harbour = page("posts/harbour-at-dawn/index.html", in: site) ?? ""
        #expect(harbour.contains("<img src=\"/posts/harbour-at-dawn/quay.svg\" alt=\"The quay at five\" />"))
        #expect(page("posts/harbour-at-dawn/quay.svg", in: site)?.hasPrefix("<svg") == true)
        #expect(page("posts/harbour-at-dawn/sounds/dawn.txt", in: site) != nil)
        #expect(page("posts/index/index.html", in: site) == nil)
        let kit = page("posts/field-kit/index.html", in: site) ?? ""
        #expect(kit.contains("<p>The list changes every season.</p>"), "\(kit)")
        // `ref` gives the whole URL, as Hugo's does.
        #expect(kit.contains("Compare it with <a href=\"http://localhost:8080/posts/tape-machines/\">the tape machines</a>."))
        #expect(page("old/field-kit/index.html", in: site) != nil, "the alias was not written")
        #expect(page("about/index.html", in: site)?.contains("train stations") == true)
    }
}

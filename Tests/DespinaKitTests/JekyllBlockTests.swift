import Foundation
import Testing
@testable import DespinaKit

/// Jekyll's `{% highlight %}` and `{% raw %}` blocks read as Markdown.
@Suite struct JekyllBlockTests {
    /// The translated Markdown of `body` and its warnings as printed.
    func translate(
        _ body: String, firstLine: Int = 1, context: ForeignSyntaxContext = ForeignSyntaxContext()
    ) -> (markdown: String, warnings: [String], html: [String]) {
        let result = ForeignSyntax.translating(body[...], firstLine: firstLine, path: "post.md", context: context)
        return (String(result.markdown), result.warnings.map(\.description), result.trustedHTML)
    }

    let shown = "is not supported; it is shown as text"

    @Test func aHighlightBlockBecomesAFencedBlockOfTheSameLines() {
        let result = translate("Intro\n{% highlight swift linenos %}\nlet x = 1\n{% endhighlight %}\nAfter {{ page.url }}\n", firstLine: 5)
        #expect(result.markdown == "Intro\n```swift\nlet x = 1\n```\nAfter {{ page.url }}\n")
        #expect(result.warnings == ["post.md:9:7: warning: Liquid output {{ page.url }} \(shown)"])
    }

    @Test func hugosHighlightShortcodeBecomesAFencedBlockToo() {
        let body = "Intro\n{{< highlight go \"linenos=table\" >}}\nfmt.Println(1)\n{{< / highlight >}}\n"
            + "{{% highlight \"python\" %}}\nprint(2)\n{{% /highlight %}}\n{{< figure src=\"a.png\" >}}\n"
        let result = translate(body)
        #expect(result.markdown == "Intro\n```go\nfmt.Println(1)\n```\n```python\nprint(2)\n```\n\u{E000}0\u{E001}\n")
        #expect(result.html == ["<figure><img src=\"a.png\"></figure>"])
        #expect(result.warnings == [])
        let unclosed = "{{< highlight go >}}\nx := 1\n"
        #expect(translate(unclosed).markdown == "\nx := 1\n")
        #expect(translate(unclosed).warnings == [
            "post.md:1:1: warning: Hugo shortcode {{< highlight >}} makes a code block only when its tags stand on lines "
                + "of their own, closed; its tags are left out",
        ])
    }

    @Test func footnoteDefinitionsAreShownAsTextWithAWarning() {
        let body = "A claim.[^1] More.[^note]\n\n[^1]: [Source](https://example.org/a)\n  [^note]: Plain.\n"
            + "```\n[^2]: in code\n```\n"
        let result = translate(body, firstLine: 4)
        #expect(result.markdown == "A claim.[^1] More.[^note]\n\n\\[^1]: [Source](https://example.org/a)\n  \\[^note]: Plain.\n"
            + "```\n[^2]: in code\n```\n")
        #expect(result.warnings == [
            "post.md:6:1: warning: footnotes are off (markdown.footnotes); the note [^1] is shown as text where it is written",
            "post.md:7:3: warning: footnotes are off (markdown.footnotes); the note [^note] is shown as text where it is written",
        ])
    }

    @Test func kramdownListsThatAreNotAttributesGetAWarning() {
        let body = "> Careful.\n{: .prompt-warning }\n\n* TOC\n{:toc}\n\n```\n{: .in-code }\n```\nA {: inline} word.\n"
            + "{::options parse_block_html=\"true\" /}\n"
        let result = translate(body)
        #expect(result.markdown == body)
        #expect(result.warnings == [
            "post.md:5:1: warning: kramdown attribute list {:toc} \(shown)",
            "post.md:11:1: warning: kramdown attribute list {::options parse_block_html=\"true\" /} \(shown)",
        ])
    }

    @Test func theFenceIsLongerThanAnyFenceInTheCode() {
        let result = translate("  {%- highlight markdown -%}\n```swift\n````\n  {% endhighlight %}\n")
        #expect(result.markdown == "  `````markdown\n```swift\n````\n  `````\n")
        #expect(result.warnings == [])
    }

    @Test func rawTagLinesBecomeEmptyAndTheirInsideStaysAsWritten() {
        let result = translate("Wrap it:\n{% raw %}\n{{ page.title }} and {% if x %}\n{% endraw %}\n{% include x.html %}\n")
        #expect(result.markdown == "Wrap it:\n\n{{ page.title }} and {% if x %}\n\n\n")
        #expect(result.warnings == ["post.md:5:1: warning: Liquid tag {% include %} is not supported; it is left out"])
    }

    @Test func lineEndingsAreKept() {
        let result = translate("{% highlight ruby %}\r\nputs 1\r\n{% endhighlight %}\r\nEnd")
        #expect(result.markdown == "```ruby\r\nputs 1\r\n```\r\nEnd")
    }

    @Test func tagsThatAreNotAloneOrNotClosedStayTextWithAWarning() {
        let unclosed = "{% highlight swift %}\nlet x = 1\n"
        #expect(translate(unclosed).markdown == unclosed)
        #expect(translate(unclosed).warnings == ["post.md:1:1: warning: Liquid tag {% highlight %} \(shown)"])
        let inline = "Say {% raw %}{{ x }} {% if %}{% endraw %} here.\n"
        #expect(translate(inline).markdown == "Say {{ x }} {% if %} here.\n")
        #expect(translate(inline).warnings == [])
        let indented = "Text\n    {% highlight swift %}\n    let x = 1\n    {% endhighlight %}\n"
        #expect(translate(indented).markdown == indented)
        #expect(translate(indented).warnings == [
            "post.md:2:5: warning: Liquid tag {% highlight %} \(shown)",
            "post.md:4:5: warning: Liquid tag {% endhighlight %} \(shown)",
        ])
    }

    @Test func tagsInsideCodeAreLeftAlone() {
        let body = "```liquid\n{% highlight swift %}\nlet x = 1\n{% endhighlight %}\n```\n"
        #expect(translate(body).markdown == body)
        #expect(translate(body).warnings == [])
    }

    // MARK: - In a built site

    func build(_ files: [String: String], log: Logger = .silent) throws -> MemoryFileSystem {
        let fileSystem = MemoryFileSystem(files: files)
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: log)).build(options)
        return fileSystem
    }

    func content(of page: String, in fileSystem: MemoryFileSystem) throws -> String {
        let html = try fileSystem.text(of: page)
        guard let start = html.range(of: "<div class=\"post-content\">\n"),
              let end = html.range(of: "\n</div>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test func aHighlightBlockRendersLikeTheFencedBlockAndLaterLinesKeepTheirNumbers() throws {
        let code = "func greet(_ name: String) -> String {\n    return \"Hello, \\(name)\"\n}\n"
        let recorder = LogRecorder()
        let fileSystem = try build([
            "/site/Content/posts/jekyll.md": "---\ntitle: Jekyll\ndate: 2020-01-01\n---\n\n{% highlight swift linenos %}\n"
                + code + "{% endhighlight %}\n\nSee [the missing post](missing.md).\n",
            "/site/Content/posts/fenced.md": "---\ntitle: Fenced\ndate: 2020-01-02\n---\n\n```swift\n"
                + code + "```\n\nSee [the missing post](missing.md).\n",
        ], log: recorder.logger)
        let jekyll = try content(of: "/site/Output/posts/jekyll/index.html", in: fileSystem)
        let fenced = try content(of: "/site/Output/posts/fenced/index.html", in: fileSystem)
        #expect(jekyll == fenced)
        #expect(jekyll.hasPrefix(
            "<pre class=\"code\" data-lang=\"swift\"><code class=\"language-swift\"><span class=\"line\"><span class=\"kw\">func</span> "
                + "<span class=\"fn\">greet</span>(_ name: <span class=\"ty\">String</span>)"), "\(jekyll)")
        let unresolved = "warning: the link 'missing.md' matches no post or page of this build (missing, a draft or dated in the future)"
        #expect(recorder.warnings.sorted() == [
            "Content/posts/fenced.md:12:5: " + unresolved,
            "Content/posts/jekyll.md:12:5: " + unresolved,
        ])
    }
}

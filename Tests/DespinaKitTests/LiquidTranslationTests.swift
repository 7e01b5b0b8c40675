import Markup
import Testing
@testable import DespinaKit

/// A context that answers from tables, as a site at `https://example.org/blog/` would.
func tableContext(links: [String: String] = [:], posts: [String: String] = [:]) -> ForeignSyntaxContext {
    ForeignSyntaxContext(
        root: "/blog/", origin: "https://example.org",
        resolveLink: { links[$0] }, resolvePost: { posts[$0] },
        renderInline: { "<i>" + escapeXML($0) + "</i>" })
}

/// Translates `body` as the post `Content/posts/x.md`.
func translateForeign(
    _ body: String, firstLine: Int = 1, context: ForeignSyntaxContext = tableContext()
) -> (markdown: String, warnings: [String], html: [String]) {
    let result = ForeignSyntax.translating(body[...], firstLine: firstLine, path: "Content/posts/x.md", context: context)
    return (String(result.markdown), result.warnings.map(\.description), result.trustedHTML)
}

/// Jekyll's Liquid that names the site becomes its value.
@Suite struct LiquidTranslationTests {
    @Test func siteBaseURLAndURLAreTheRootPathAndTheOrigin() {
        let body = "![x]({{ site.baseurl }}/a.png) {{site.baseurl}} {{ site.url }}{{ site.baseurl }}/b/\n"
            + "{{- site.baseurl -}}/c {{ \"/c.png\" | relative_url }} {{ 'c.png' | absolute_url }}\n"
        let result = translateForeign(body)
        #expect(result.markdown == "![x](/blog/a.png) /blog https://example.org/blog/b/\n"
            + "/blog/c /blog/c.png https://example.org/blog/c.png\n")
        #expect(result.warnings == [])
        let atRoot = ForeignSyntaxContext(root: "/", origin: "http://localhost:8080")
        #expect(translateForeign("[a]({{ site.baseurl }}/x/)\n", context: atRoot).markdown == "[a](/x/)\n")
    }

    @Test func theSitesParametersAreItsOtherValues() {
        var context = tableContext()
        context.siteParameters = ["repository": "https://example.org/code", "version": "4.4"]
        let result = translateForeign("[code]({{ site.repository }}/issues) v{{site.Version}} {{ site.missing }}\n", context: context)
        #expect(result.markdown == "[code](https://example.org/code/issues) v4.4 {{ site.missing }}\n")
        #expect(result.warnings == ["Content/posts/x.md:1:56: warning: Liquid output {{ site.missing }} is not supported; it is shown as text"])
    }

    @Test func aLineIndentedInsideAListItemIsTextAndOnlyFourMoreIsCode() {
        let body = "   * item\n\n     {% comment %}gone{% endcomment %}kept\n\n         {% comment %}code{% endcomment %}\n"
            + "\nAfter.\n\n    {% comment %}code again{% endcomment %}\n"
        #expect(translateForeign(body).markdown == "   * item\n\n     kept\n\n         {% comment %}code{% endcomment %}\n"
            + "\nAfter.\n\n    {% comment %}code again{% endcomment %}\n")
    }

    @Test(arguments: [("* a", 2), ("   * a", 5), ("1. a", 3), ("10)  a", 5), ("-     a", 2), ("*a", nil), ("-", nil), ("text", nil)] as [(String, Int?)])
    func listItemsAreFoundWithWhereTheirTextStarts(line: String, indent: Int?) {
        #expect(ForeignSyntax.Scanner.listItemContentIndent(Array(line.unicodeScalars)) == indent)
    }

    @Test func rawTagsInCodeAreLeftOutForASiteThatFollowsJekyll() {
        let body = "Prepend `{% raw %}{{ site.baseurl }}{% endraw %}` and `{%raw%}{% raw %}{%- endraw -%}`.\n\n"
            + "    kubectl get vm --template {% raw %}{{.status.phase}}{% endraw %}\n\n"
            + "```\n{% raw %}{{ $labels.pod }}{% endraw %} and {% raw %} unclosed\n```\n"
        var context = tableContext()
        context.readsLiquidInCode = true
        #expect(translateForeign(body, context: context).markdown
            == "Prepend `{{ site.baseurl }}` and `{% raw %}`.\n\n    kubectl get vm --template {{.status.phase}}\n\n"
                + "```\n{{ $labels.pod }} and {% raw %} unclosed\n```\n")
        #expect(translateForeign(body).markdown == body, "code is left as written for other sites")
    }

    @Test func tagsAndOutputWrittenOverTwoLinesAreReadAndLaterLinesKeepTheirNumbers() {
        var context = tableContext(links: ["/posts/2017-10-19-b.md": "/blog/posts/b/"])
        context.siteParameters = ["repository": "https://example.org/code"]
        let body = "See ([#1338]({{ site.repository\n}}/issues/1338)) and [b]({% link\n_posts/2017-10-19-b.md %}).\n"
            + "Not {{ site.repository\n\n}} across paragraphs.\n"
        let result = translateForeign(body, context: context)
        #expect(result.markdown == "See ([#1338](\nhttps://example.org/code/issues/1338)) and [b](\n/blog/posts/b/).\n"
            + "Not {{ site.repository\n\n}} across paragraphs.\n")
        // A line ending may stand before a link's destination: both links hold.
        #expect(Document(markdown: result.markdown).html.hasPrefix(
            "<p>See (<a href=\"https://example.org/code/issues/1338\">#1338</a>) and <a href=\"/blog/posts/b/\">b</a>.\nNot"))
        #expect(result.markdown.split(separator: "\n", omittingEmptySubsequences: false).count
            == body.split(separator: "\n", omittingEmptySubsequences: false).count, "every later line keeps its number")
        #expect(!result.markdown.contains("{% link"))
        #expect(result.markdown.contains("Not {{ site.repository\n\n}} across paragraphs."))
    }

    @Test func aLoopOverAnAssignedListGivesItsInsideOncePerItem() {
        var context = tableContext()
        context.siteParameters = ["repository": "https://example.org/code"]
        let body = "Fixed [#1190] and [#1121].\n\n{% assign issue_numbers = \"1190|1121\" | split: \"|\" %}\n"
            + "{% for issue in issue_numbers %}\n[#{{ issue }}]: {{ site.repository }}/issues/{{ issue }}\n{% endfor %}\n"
            + "{% for x in unknown %}{{ x }}{% endfor %}\n"
        let result = translateForeign(body, context: context)
        #expect(result.markdown == "Fixed [#1190] and [#1121].\n\n\n"
            + "\n[#1190]: https://example.org/code/issues/1190\n\n[#1121]: https://example.org/code/issues/1121\n\n\n\n"
            + "\n")
        #expect(Document(markdown: result.markdown).html.hasPrefix(
            "<p>Fixed <a href=\"https://example.org/code/issues/1190\">#1190</a> and <a href=\"https://example.org/code/issues/1121\">#1121</a>.</p>"))
        #expect(result.warnings.map { $0.description } == [
            "Content/posts/x.md:7:1: warning: Liquid loop {% for x in unknown %} cannot run here (only over a list assigned "
                + "with split); it is left out, with what it would repeat",
        ])
        let unclosed = translateForeign("{% for x in y %} and more\n")
        #expect(unclosed.markdown == " and more\n")
        #expect(unclosed.warnings.map(\.description) == [
            "Content/posts/x.md:1:1: warning: Liquid {% for %} has no {% endfor %}; the tag is left out",
        ])
    }

    @Test(arguments: [
        ("nums = \"1|2|3\" | split: \"|\"", "nums", ["1", "2", "3"]),
        ("words = 'a b' | split: ' '", "words", ["a", "b"]),
    ])
    func listAssignmentsAreRead(argument: String, name: String, values: [String]) {
        #expect(ForeignSyntax.Scanner.listAssignment(argument)?.name == name)
        #expect(ForeignSyntax.Scanner.listAssignment(argument)?.values == values)
        #expect(ForeignSyntax.Scanner.listAssignment("x = page.tags") == nil)
    }

    @Test func otherOutputStaysTextWithAWarning() {
        let result = translateForeign("Map {{wildcard(1)}} and `{{ site.url }}`.\n", firstLine: 3)
        #expect(result.markdown == "Map {{wildcard(1)}} and `{{ site.url }}`.\n")
        #expect(result.warnings == ["Content/posts/x.md:3:5: warning: Liquid output {{ wildcard(1) }} is not supported; it is shown as text"])
    }

    @Test func postURLAndLinkResolveToTheTargetsURL() {
        let context = tableContext(
            links: ["/posts/2019-01-01-a.md": "/blog/posts/a/", "/labs/lab1.md": "/blog/lab1/", "../images/x.png": "/blog/images/x.png"],
            posts: ["2019-01-01-a": "/blog/posts/a/", "weekly/2019-02-02-b": "/blog/posts/b/"])
        let body = "[a]({% post_url 2019-01-01-a %}) [b]({%post_url weekly/2019-02-02-b%}) [c]({% link _posts/2019-01-01-a.md %})\n"
            + "[d]({% link labs/lab1.md  %}) ![e]({% link images/x.png %})\n"
            + "[f]({% post_url 2000-01-01-gone %}) [g]({% link docs/gone.md %}) {% post_url %}\n"
        let result = translateForeign(body, firstLine: 10, context: context)
        #expect(result.markdown == "[a](/blog/posts/a/) [b](/blog/posts/b/) [c](/blog/posts/a/)\n"
            + "[d](/blog/lab1/) ![e](/blog/images/x.png)\n[f]() [g]() \n")
        #expect(result.warnings == [
            "Content/posts/x.md:12:5: warning: {% post_url 2000-01-01-gone %} matches no post of this build (missing, a draft or dated in the future)",
            "Content/posts/x.md:12:41: warning: {% link docs/gone.md %} matches no page or file of this build (missing, a draft or dated in the future)",
            "Content/posts/x.md:12:66: warning: {% post_url %} names no post",
        ])
    }

    @Test func commentsAreLeftOutAndLaterLinesKeepTheirNumbers() {
        let body = "Keep\n{% comment %}\nsecret {{ x }}\n{% endcomment %} after\nA {%- comment -%}x{% endcomment %}B {% if x %}\n"
        let result = translateForeign(body)
        #expect(result.markdown == "Keep\n\n\n after\nA B \n")
        #expect(result.warnings == ["Content/posts/x.md:5:37: warning: Liquid tag {% if %} is not supported; it is left out"])
        let unclosed = translateForeign("a {% comment %} b\n")
        #expect(unclosed.markdown == "a  b\n")
        #expect(unclosed.warnings == ["Content/posts/x.md:1:3: warning: Liquid {% comment %} has no {% endcomment %}; the tag is left out"])
    }

    @Test func anUnclosedRawTagLeavesTheRestAsWritten() {
        let result = translateForeign("Intro\n{% raw %}\n{{ x }} {% post_url a %}\n", firstLine: 2)
        #expect(result.markdown == "Intro\n\n{{ x }} {% post_url a %}\n")
        #expect(result.warnings == ["Content/posts/x.md:3:1: warning: Liquid {% raw %} has no {% endraw %}; the rest of the post is shown as written"])
    }

    @Test func liquidInsideCodeIsLeftAlone() {
        let body = "```\n{% post_url a %} {{ site.url }}\n```\n    {% comment %}\n\n`{% link a.md %}`\n"
        let result = translateForeign(body)
        #expect(result.markdown == body)
        #expect(result.warnings == [])
    }
}

import Testing
@testable import DespinaKit

/// Hugo's shortcodes become Markdown, and HTML through placeholders.
@Suite struct ShortcodeTranslationTests {
    let frame = "<div style=\"position: relative; padding-bottom: 56.25%; height: 0; overflow: hidden;\">"
    let player = " style=\"position: absolute; top: 0; left: 0; width: 100%; height: 100%; border:0;\""
    let allow = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"

    func placeholder(_ index: Int) -> String { "\u{E000}\(index)\u{E001}" }

    /// Only a body with an opening of template syntax is scanned, and only
    /// such a body keeps its front matter's values for `param`.
    @Test func templateSyntaxIsFoundAnywhereAndOnlyWhereItIs() {
        for body in ["{{< param x >}}", "a {% if %}", "x\n{: .note}", "Note[^1]", "ends with {{", "{ {%"] {
            #expect(ForeignSyntax.mayHoldTemplateSyntax(body[...]), "\(body)")
        }
        for body in ["", "{", "func f() { }", "a [link](x) and [^", "{ { %", "} {", "ends with {"] {
            #expect(ForeignSyntax.mayHoldTemplateSyntax(body[...]) == (body == "a [link](x) and [^"), "\(body)")
        }
    }

    @Test func aFigureWithEveryArgument() {
        let context = tableContext(links: ["photo.jpg": "/blog/posts/x/photo.jpg"])
        let body = "{{< figure src=\"photo.jpg\" link=\"https://example.org/big\" target=\"_blank\" alt=`A \"cat\"` "
            + "title=\"Cat\" caption=\"A *cat* & dog\" attr=\"Jo\" attrlink=\"https://jo.example/?a=1&b=2\" class=\"wide\" "
            + "width=\"300\" height=\"200\" >}}\n"
        let result = translateForeign(body, context: context)
        #expect(result.markdown == placeholder(0) + "\n")
        #expect(result.html == [
            "<figure class=\"wide\"><a href=\"https://example.org/big\" target=\"_blank\"><img src=\"/blog/posts/x/photo.jpg\" "
                + "alt=\"A &quot;cat&quot;\" width=\"300\" height=\"200\"></a><figcaption><h4>Cat</h4>"
                + "<p><i>A *cat* &amp; dog</i><a href=\"https://jo.example/?a=1&amp;b=2\"><i>Jo</i></a></p></figcaption></figure>",
        ])
        #expect(result.warnings == [])
    }

    @Test func aFigureOverSeveralLinesLeavesTheLinesItCoveredEmpty() {
        let body = "Text\n\n{{< figure src=\"/images/a.svg\"\nalt=\"Sequence <diagram>\" class=\"diagram-large\" >}} after\nNext {{< missing >}}\n"
        let result = translateForeign(body, firstLine: 4)
        #expect(result.markdown == "Text\n\n" + placeholder(0) + "\n after\nNext \n")
        #expect(result.html == ["<figure class=\"diagram-large\"><img src=\"/images/a.svg\" alt=\"Sequence &lt;diagram&gt;\"></figure>"])
        #expect(result.warnings == [
            "Content/posts/x.md:8:6: warning: Hugo shortcode {{< missing >}} is not built in (a site's or theme's own) and cannot run here; "
                + "its tags are left out and the text inside is kept",
        ])
    }

    @Test func theCaptionIsTheAltWhenThereIsNone() {
        let result = translateForeign("{{% figure src=\"a.png\" caption=\"Tom & Jerry\" %}}\n")
        #expect(result.html == ["<figure><img src=\"a.png\" alt=\"Tom &amp; Jerry\"><figcaption><p><i>Tom &amp; Jerry</i></p></figcaption></figure>"])
    }

    @Test func youtubeWithAPositionalOrNamedIDAndWithoutSpaces() {
        let body = "{{<youtube w7Ft2ymGmfc>}}\n{{< youtube id=\"M4a2b4KkXN8\" title=\"A talk\" start=30 loop=true class=\"video\" >}}\n{{< youtube >}}\n"
        let result = translateForeign(body)
        #expect(result.markdown == placeholder(0) + "\n" + placeholder(1) + "\n\n")
        #expect(result.html == [
            frame + "<iframe allow=\"\(allow); fullscreen\" loading=\"eager\" referrerpolicy=\"strict-origin-when-cross-origin\" "
                + "src=\"https://www.youtube.com/embed/w7Ft2ymGmfc?autoplay=0&amp;controls=1&amp;end=0&amp;loop=0&amp;mute=0&amp;start=0\""
                + player + " title=\"YouTube video\"></iframe></div>",
            "<div class=\"video\"><iframe allow=\"\(allow); fullscreen\" loading=\"eager\" referrerpolicy=\"strict-origin-when-cross-origin\" "
                + "src=\"https://www.youtube.com/embed/M4a2b4KkXN8?autoplay=0&amp;controls=1&amp;end=0&amp;loop=1&amp;mute=0&amp;"
                + "playlist=M4a2b4KkXN8&amp;start=30\" title=\"A talk\"></iframe></div>",
        ])
        #expect(result.warnings == ["Content/posts/x.md:3:1: warning: Hugo shortcode {{< youtube >}} needs the id of what it shows; it is left out"])
    }

    @Test func vimeoGistAndX() {
        let body = "{{< vimeo 146022717 >}}\n{{< gist spf13 7896402 img.html >}}\n"
            + "See {{< x user=\"SanDiegoZoo\" id=\"1453110110599868418\" >}} and {{< tweet user=\"a\" id=\"2\" >}}.\n"
            + "{{< tweet 877500564405444608 >}} {{< x user=\"a\" >}}\n"
        let result = translateForeign(body)
        #expect(result.markdown == placeholder(0) + "\n" + placeholder(1) + "\n"
            + "See <https://x.com/SanDiegoZoo/status/1453110110599868418> and <https://x.com/a/status/2>.\n"
            + "<https://x.com/i/status/877500564405444608> \n")
        #expect(result.html == [
            frame + "<iframe src=\"https://player.vimeo.com/video/146022717?dnt=0\"" + player + " allow=\"fullscreen\"></iframe></div>",
            "<script src=\"https://gist.github.com/spf13/7896402.js?file=img.html\"></script>",
        ])
        #expect(result.warnings == ["Content/posts/x.md:4:34: warning: Hugo shortcode {{< x >}} needs a user and an id; it is left out"])
    }

    @Test func refAndRelrefResolveThroughTheLinksOfTheSite() {
        let context = tableContext(links: [
            "other.md": "/blog/posts/other/", "/about.md": "/blog/about/", "/posts/trip/index.md": "/blog/posts/trip/",
        ])
        let body = "[a]({{< relref \"other.md\" >}}) [b]({{< ref \"/about\" >}}) [c]({{% relref \"posts/trip#day-2\" %}}) "
            + "[d]({{< relref \"#top\" >}}) [e]({{< ref \"gone\" >}})\n"
        let result = translateForeign(body, context: context)
        #expect(result.markdown == "[a](/blog/posts/other/) [b](https://example.org/blog/about/) [c](/blog/posts/trip/#day-2) "
            + "[d](#top) [e]()\n")
        #expect(result.warnings == [
            "Content/posts/x.md:1:128: warning: Hugo shortcode {{< ref >}} names 'gone', which matches no post or page of this build "
                + "(missing, a draft or dated in the future)",
        ])
    }

    @Test func paramIsAValueOfTheFrontMatterElseOfTheSite() {
        var context = tableContext()
        context.parameters = ["author": "Jo *Doe*", "cover": "c.png"]
        context.siteParameters = ["author": "The site", "tagline": "Notes"]
        let result = translateForeign(
            "By {{< param author >}}: ![x]({{% param \"Cover\" %}}) {{< param missing >}} {{< param Tagline >}}\n", context: context)
        #expect(result.markdown == "By Jo *Doe*: ![x](c.png)  Notes\n")
        #expect(result.warnings == [
            "Content/posts/x.md:1:54: warning: Hugo shortcode {{< param missing >}} names no value of this post's front matter "
                + "or of the site's params; it is left out",
        ])
    }

    @Test func detailsWrapsItsInsideAndCommentLeavesItOut() {
        let body = "{{< details summary=\"More *here*\" open=true >}}\nInside.\n{{< /details >}}\n"
            + "{{< comment >}}\nNot published.\n{{< /comment >}}\n{{% comment %}}gone{{% /comment %}}kept\n"
        let result = translateForeign(body)
        #expect(result.markdown == placeholder(0) + "\nInside.\n" + placeholder(1) + "\n\n\n\nkept\n")
        #expect(result.html == ["<details open><summary><i>More *here*</i></summary>", "</details>"])
        #expect(result.warnings == [])
    }

    @Test func unknownShortcodesLoseTheirTagsAndKeepTheirInside() {
        let body = "{{% alert title=\"Note\" color=\"primary\" %}}\nThe **inside**.\n{{% /alert %}}\n"
            + "A {{< glossary_tooltip text=\"Pod\" term_id=\"pod\" >}} here.\n{{< note >}}\nNote.\n{{< /note >}}\n"
        let result = translateForeign(body, firstLine: 2)
        #expect(result.markdown == "\nThe **inside**.\n\nA  here.\n\nNote.\n\n")
        let cannotRun = "is not built in (a site's or theme's own) and cannot run here; its tags are left out and the text inside is kept"
        #expect(result.warnings == [
            "Content/posts/x.md:2:1: warning: Hugo shortcode {{% alert %}} " + cannotRun,
            "Content/posts/x.md:5:3: warning: Hugo shortcode {{< glossary_tooltip >}} " + cannotRun,
            "Content/posts/x.md:6:1: warning: Hugo shortcode {{< note >}} " + cannotRun,
        ])
    }

    @Test func escapedExamplesBecomeTheLiteralShortcode() {
        let body = "Write {{</* figure src=\"a.png\" */>}} or {{%/* note */%}}.\n```\n{{</* youtube x */>}}\n```\n`{{</* x */>}}`\n"
        let result = translateForeign(body)
        #expect(result.markdown == "Write {{\\< figure src=\"a.png\" >}} or {{% note %}}.\n```\n{{< youtube x >}}\n```\n`{{< x >}}`\n")
        #expect(result.warnings == [])
        #expect(result.html == [])
    }

    @Test func shortcodesInsideCodeAreLeftAsWritten() {
        let body = "```\n{{< figure src=\"a.png\" >}}\n```\n`{{< note >}}`\n"
        #expect(translateForeign(body).markdown == body)
        #expect(translateForeign(body).warnings == [])
    }

    @Test func callsAreParsedWithQuotesAndBackticks() {
        let call = ShortcodeCall.parse(" figure src=\"a \\\"b\\\".png\" alt=`x\ny` 3 word /", isMarkdown: true)
        #expect(call == ShortcodeCall(
            name: "figure", isMarkdown: true, positional: ["3", "word"], named: ["src": "a \"b\".png", "alt": "x\ny"],
            namedOrder: ["src", "alt"]))
        #expect(ShortcodeCall.parse(" / details ", isMarkdown: false) == ShortcodeCall(name: "details", isClosing: true))
        #expect(ShortcodeCall.parse(" x a=\"open ", isMarkdown: false) == nil)
        #expect(ShortcodeCall.parse("  ", isMarkdown: false) == nil)
    }
}

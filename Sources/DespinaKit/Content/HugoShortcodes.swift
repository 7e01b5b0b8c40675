/// Hugo's shortcodes in the text of a post.
///
/// The built-in ones are rendered as Hugo renders them: `figure`,
/// `youtube`, `vimeo`, `gist` and `details` make HTML (through
/// `ShortcodeHTML`, into the page as trusted fragments, so they show even
/// with raw HTML off), `x` and `tweet` a link to the post (a build does
/// not fetch it), `ref` and `relref` the URL of the page they name,
/// `param` a value of the post's front matter, `comment` leaves out
/// everything up to its end. Any other shortcode (one
/// the site defined in `layouts/shortcodes/`, or a theme's, like `note`)
/// cannot run here: its tags are left out with a warning at the opening
/// tag, and what it wraps stays, read as Markdown. A tag may span lines;
/// the lines it covered are left empty. `{{</* x */>}}` is Hugo's escape
/// for showing a shortcode: it becomes the text `{{< x >}}`.
extension ForeignSyntax.Scanner {
    /// `{{< … >}}` or `{{% … %}}` at `start`; `marker` is `<` or `%`.
    mutating func shortcode(
        in line: [Unicode.Scalar], from start: Int, lineOffset: Int, marker: Unicode.Scalar
    ) -> Match? {
        let isEscaped = start + 4 < line.count && line[start + 3] == "/" && line[start + 4] == "*"
        if isEscaped {
            // The opening of an escaped example; its end is found on its own.
            let open = marker == "<" ? "{{\\<" : "{{%"
            return Match(endLine: lineOffset, endIndex: start + 5, replacement: open)
        }
        let closing: Unicode.Scalar = marker == "<" ? ">" : "%"
        guard let close = find([closing, "}", "}"], fromLine: lineOffset, index: start + 3),
              let call = ShortcodeCall.parse(close.text, isMarkdown: marker == "%")
        else { return nil }
        let end = (line: close.line, index: close.index + 3)
        func replaced(_ text: String, warning: String? = nil) -> Match {
            Match(endLine: end.line, endIndex: end.index, replacement: text, warning: warning)
        }
        if call.isClosing {
            if let open = openShortcodes.lastIndex(of: call.name) {
                openShortcodes.removeSubrange(open...)
                if call.name == "details" { return replaced(placeholder(for: ShortcodeHTML.detailsClosing)) }
            }
            return replaced("")
        }
        let tag = marker == "<" ? "{{< \(call.name) >}}" : "{{% \(call.name) %}}"
        switch call.name {
        case "figure":
            let html = ShortcodeHTML.figure(call, resolve: resolvedDestination, renderInline: context.renderInline)
            let refused = ShortcodeHTML.refusedURLs(of: call)
            return replaced(placeholder(for: html), warning: refused.isEmpty ? nil
                : "Hugo shortcode \(tag) leaves out " + refused.map { "'\($0)'" }.joined(separator: " and ")
                    + ": " + EntryLoader.refusedSchemeReason)
        case "youtube", "vimeo", "gist":
            let html = call.name == "youtube" ? ShortcodeHTML.youtube(call)
                : call.name == "vimeo" ? ShortcodeHTML.vimeo(call) : ShortcodeHTML.gist(call)
            guard let html else {
                return replaced("", warning: "Hugo shortcode \(tag) needs the \(call.name == "gist" ? "user and id" : "id") of what it shows; it is left out")
            }
            return replaced(placeholder(for: html))
        case "x", "tweet", "twitter":
            // Older sites write the id alone (`{{< tweet 877500564405444608 >}}`);
            // x.com finds a post by its id under any user name.
            let onlyID = call.named.isEmpty && call.positional.count == 1
            guard let user = onlyID ? "i" : call.nonEmpty("user", at: 0),
                  let id = onlyID ? call.positional.first : call.nonEmpty("id", at: 1)
            else {
                return replaced("", warning: "Hugo shortcode \(tag) needs a user and an id; it is left out")
            }
            let url = "https://x.com/" + ShortcodeHTML.percentEncoded(user) + "/status/" + ShortcodeHTML.percentEncoded(id)
            return replaced("<" + url + ">")
        case "ref", "relref":
            return reference(call, tag: tag, end: end)
        case "param":
            guard let key = call.nonEmpty("name", at: 0) else {
                return replaced("", warning: "Hugo shortcode \(tag) names no parameter")
            }
            // The post's own value, else the site's, as Hugo's `param` looks them up.
            guard let value = context.parameters[key.lowercased()] ?? context.siteParameters[key.lowercased()] else {
                return replaced("", warning: "Hugo shortcode {{< param \(key) >}} names no value of this post's front matter "
                    + "or of the site's params; it is left out")
            }
            return replaced(value)
        case "details":
            openShortcodes.append(call.name)
            return replaced(placeholder(for: ShortcodeHTML.detailsOpening(call, renderInline: context.renderInline)))
        case "highlight":
            // On lines of their own and closed, the tags were made a fence already.
            return replaced("", warning: "Hugo shortcode \(tag) makes a code block only when its tags stand on lines "
                + "of their own, closed; its tags are left out")
        case "comment":
            guard let closing = endOfShortcode(named: "comment", fromLine: end.line, index: end.index) else {
                return replaced("", warning: "Hugo shortcode \(tag) has no end; the tag is left out")
            }
            return Match(endLine: closing.line, endIndex: closing.index, replacement: "")
        default:
            openShortcodes.append(call.name)
            return replaced("", warning: "Hugo shortcode \(tag) is not built in (a site's or theme's own) and cannot run here; "
                + "its tags are left out and the text inside is kept")
        }
    }

    /// `{{< ref "path#part" >}}`, `{{< relref "path" >}}`: the URL of the
    /// page at `path`, relative to the post's folder or to `Content/`, with
    /// or without `.md` (a bundle's folder names its `index.md`); `ref`
    /// gives the whole URL, `relref` the path.
    private mutating func reference(_ call: ShortcodeCall, tag: String, end: (line: Int, index: Int)) -> Match {
        guard let target = call.nonEmpty("path", at: 0) else {
            return Match(endLine: end.line, endIndex: end.index, replacement: "", warning: "Hugo shortcode \(tag) names no page")
        }
        var path = target
        var fragment = ""
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[hash...])
            path = String(path[..<hash])
        }
        if path.isEmpty, !fragment.isEmpty {
            return Match(endLine: end.line, endIndex: end.index, replacement: fragment)
        }
        let lowercased = path.lowercased()
        let files = isMarkdownPath(lowercased)
            ? [path]
            : [path + ".md", path + "/index.md", path + ".markdown"]
        var candidates: [String] = []
        for file in files {
            if file.hasPrefix("/") {
                candidates.append(file)
            } else {
                candidates.append(file)
                candidates.append("/" + file)
            }
        }
        for candidate in candidates {
            if let url = context.resolveLink(candidate) {
                let whole = call.name == "ref" ? context.origin + url : url
                return Match(endLine: end.line, endIndex: end.index, replacement: whole + fragment)
            }
        }
        return Match(
            endLine: end.line, endIndex: end.index, replacement: "",
            warning: "Hugo shortcode \(tag) names '\(target)', which matches no post or page of this build "
                + "(missing, a draft or dated in the future)")
    }

    /// Where the `{{< /name >}}` (or `{{% /name %}}`) after (`line`,
    /// `index`) ends.
    private func endOfShortcode(named name: String, fromLine line: Int, index: Int) -> (line: Int, index: Int)? {
        var offset = line
        var start = index
        while offset < lines.count {
            let scalars = self.scalars(ofLineAt: offset)
            var position = start
            while let open = Self.find(["{", "{"], in: scalars, from: position) {
                guard open + 2 < scalars.count, scalars[open + 2] == "<" || scalars[open + 2] == "%" else {
                    position = open + 1
                    continue
                }
                let closing: [Unicode.Scalar] = scalars[open + 2] == "<" ? [">", "}", "}"] : ["%", "}", "}"]
                guard let close = Self.find(closing, in: scalars, from: open + 3) else { break }
                let inside = String(String.UnicodeScalarView(scalars[(open + 3)..<close]))
                if let call = ShortcodeCall.parse(inside, isMarkdown: false), call.isClosing, call.name == name {
                    return (offset, close + 3)
                }
                position = close + 3
            }
            offset += 1
            start = 0
        }
        return nil
    }
}

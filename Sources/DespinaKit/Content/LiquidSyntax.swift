import Foundation

/// Jekyll's Liquid in the text of a post.
///
/// What names the site is replaced by its value: `{{ site.baseurl }}` (the
/// root path without its trailing slash), `{{ site.url }}` (the base URL's
/// scheme and host: Jekyll's `url` has no path, its `baseurl` is the path),
/// `{{ "/a.png" | relative_url }}` and `absolute_url`, `{% post_url NAME %}`
/// and `{% link PATH %}` (the target's URL). These work anywhere in a line,
/// link and image destinations included. `{% comment %}` … `{% endcomment %}`
/// is left out. A `{% for x in list %}` … `{% endfor %}` over a list made
/// by `{% assign list = "a|b" | split: "|" %}` gives its inside once per
/// item (the lines it adds move the lines after it down, in messages
/// about them too); another loop is left out whole, with a warning. Any
/// other tag is left out with a warning (its braces would
/// only clutter the page); other output (`{{ page.x }}`) stays as text with
/// a warning, since in posts it is as often another notation written in
/// double braces as Liquid.
extension ForeignSyntax.Scanner {
    /// `{% name ... %}` at `start`.
    mutating func liquidTag(in line: [Unicode.Scalar], from start: Int, lineOffset: Int) -> Match? {
        guard let close = closing(["%", "}"], in: line, from: start + 2, lineOffset: lineOffset) else { return nil }
        let inside = close.text.trimmingCharacters(in: CharacterSet(charactersIn: " -\t\r\n"))
        let words = inside.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard let first = words.first else { return nil }
        let name = String(first)
        let end = close.index + 2
        let endLine = close.line
        // Block tags stand within one line; a tag written over lines
        // (`{% link\n_posts/x.md %}`) is one of the others.
        if endLine != lineOffset && (literalBlockEnd != nil || ["raw", "highlight", "comment"].contains(name)) { return nil }
        if let blockEnd = literalBlockEnd {
            guard name == blockEnd else { return Match(endLine: lineOffset, endIndex: end) }
            literalBlockEnd = nil
            if literalBlockIsInlineRaw {
                literalBlockIsInlineRaw = false
                return Match(endLine: lineOffset, endIndex: end, replacement: "")
            }
            return Match(endLine: lineOffset, endIndex: end, warning: Self.shownAsText(name))
        }
        let argument = words.dropFirst().joined(separator: " ")
        switch name {
        case "raw":
            // Inside a line, the tags go and what they wrap stays as written.
            literalBlockEnd = "endraw"
            literalBlockIsInlineRaw = true
            let restOfLine = String(String.UnicodeScalarView(line[end...]))
            let isClosed = restOfLine.contains("endraw") || lines[(lineOffset + 1)...].contains { $0.contains("endraw") }
            return Match(endLine: lineOffset, endIndex: end, replacement: "", warning: isClosed ? nil
                : "Liquid {% raw %} has no {% endraw %}; the rest of the post is shown as written")
        case "highlight":
            literalBlockEnd = "endhighlight"
            return Match(endLine: lineOffset, endIndex: end, warning: Self.shownAsText(name))
        case "comment":
            guard let closing = endOfBlock("endcomment", fromLine: lineOffset, index: end) else {
                return Match(endLine: lineOffset, endIndex: end, replacement: "",
                             warning: "Liquid {% comment %} has no {% endcomment %}; the tag is left out")
            }
            return Match(endLine: closing.line, endIndex: closing.index, replacement: "")
        case "assign" where Self.listAssignment(argument) != nil:
            // `{% assign numbers = "1190|1121" | split: "|" %}`, for a loop below.
            if let (name, values) = Self.listAssignment(argument) { liquidLists[name] = values }
            return Match(endLine: endLine, endIndex: end, replacement: "")
        case "for" where endLine == lineOffset:
            // `{% for x in numbers %}` over a list assigned before: the inside, once per item.
            let parts = argument.split(separator: " ")
            guard let closing = endOfBlock("endfor", fromLine: lineOffset, index: end) else {
                return Match(endLine: endLine, endIndex: end, replacement: "",
                             warning: "Liquid {% for %} has no {% endfor %}; the tag is left out")
            }
            guard parts.count == 3, parts[1] == "in", let items = liquidLists[String(parts[2])] else {
                // A template shown as text helps no reader: the loop is left out whole.
                return Match(endLine: closing.line, endIndex: closing.index, replacement: "",
                             warning: "Liquid loop {% for \(argument) %} cannot run here (only over a list assigned "
                                + "with split); it is left out, with what it would repeat")
            }
            let body = text(from: (lineOffset, end), to: (closing.line, closing.start))
            let expanded = items.map { substitutingOutputs(in: body, variable: String(parts[0]), value: $0) }.joined()
            return Match(endLine: closing.line, endIndex: closing.index, replacement: expanded)
        case "post_url":
            guard !argument.isEmpty else {
                return Match(endLine: endLine, endIndex: end, replacement: "", warning: "{% post_url %} names no post")
            }
            if let url = context.resolvePost(argument) { return Match(endLine: endLine, endIndex: end, replacement: url) }
            return Match(
                endLine: endLine, endIndex: end, replacement: "",
                warning: "{% post_url \(argument) %} matches no post of this build (missing, a draft or dated in the future)")
        case "link":
            guard !argument.isEmpty else {
                return Match(endLine: endLine, endIndex: end, replacement: "", warning: "{% link %} names no file")
            }
            if let url = linkTarget(argument) { return Match(endLine: endLine, endIndex: end, replacement: url) }
            return Match(
                endLine: endLine, endIndex: end, replacement: "",
                warning: "{% link \(argument) %} matches no page or file of this build (missing, a draft or dated in the future)")
        default:
            return Match(
                endLine: endLine, endIndex: end, replacement: "",
                warning: "Liquid tag {% \(name) %} is not supported; it is left out")
        }
    }

    static func shownAsText(_ name: String) -> String {
        "Liquid tag {% \(name) %} is not supported; it is shown as text"
    }

    /// Where the `{% NAME %}` after (`line`, `index`) starts and ends.
    private func endOfBlock(_ closingName: String, fromLine line: Int, index: Int) -> (line: Int, start: Int, index: Int)? {
        var offset = line
        var start = index
        while offset < lines.count {
            let scalars = self.scalars(ofLineAt: offset)
            var position = start
            while let open = Self.find(["{", "%"], in: scalars, from: position) {
                guard let close = Self.find(["%", "}"], in: scalars, from: open + 2) else { break }
                let name = String(String.UnicodeScalarView(scalars[(open + 2)..<close]))
                    .trimmingCharacters(in: CharacterSet(charactersIn: " -\t"))
                if name == closingName { return (offset, open, close + 2) }
                position = close + 2
            }
            offset += 1
            start = 0
        }
        return nil
    }

    /// The name and items of `name = "a|b" | split: "|"`, or nil.
    static func listAssignment(_ argument: String) -> (name: String, values: [String])? {
        let sides = argument.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard sides.count == 2, !sides[0].isEmpty, !sides[0].contains(" ") else { return nil }
        /// The quoted literal that `text` starts with, and what follows it.
        func literal(_ text: Substring) -> (value: String, rest: Substring)? {
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            guard let quote = trimmed.first, quote == "\"" || quote == "'",
                  let close = trimmed.dropFirst().firstIndex(of: quote) else { return nil }
            return (String(trimmed[trimmed.index(after: trimmed.startIndex)..<close]), trimmed[trimmed.index(after: close)...])
        }
        // `"a|b" | split: "|"`: the separator is quoted too, and may be `|`.
        guard let (value, rest) = literal(sides[1][...]),
              let split = rest.range(of: "split:"), rest[..<split.lowerBound].trimmingCharacters(in: .whitespaces) == "|",
              let (separator, tail) = literal(rest[split.upperBound...]), !separator.isEmpty,
              tail.allSatisfy({ $0 == " " || $0 == "\t" })
        else { return nil }
        return (sides[0], value.components(separatedBy: separator))
    }

    /// The text of the body between (`from`) and (`to`), lines joined with
    /// `\n`.
    private func text(from start: (line: Int, index: Int), to end: (line: Int, index: Int)) -> String {
        var parts: [String] = []
        for offset in start.line...end.line {
            let scalars = self.scalars(ofLineAt: offset)
            let from = offset == start.line ? min(start.index, scalars.count) : 0
            let to = offset == end.line ? min(end.index, scalars.count) : scalars.count
            parts.append(String(String.UnicodeScalarView(scalars[from..<max(from, to)])))
        }
        return parts.joined(separator: "\n")
    }

    /// `text` with `{{ variable }}` made `value` and the site's values
    /// (`{{ site.repository }}`) filled in; other output stays as written.
    private func substitutingOutputs(in text: String, variable: String, value: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let inside = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: " -\t"))
            result += inside == variable ? value : self.value(of: inside) ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The URL of the file `{% link PATH %}` names: PATH is relative to
    /// the Jekyll site's folder, whose `_posts/` became `Content/posts/`
    /// and whose other files kept their paths under `Content/`.
    private func linkTarget(_ path: String) -> String? {
        var target = path.hasPrefix("/") ? String(path.dropFirst()) : path
        if target.hasPrefix("_posts/") { target = "posts/" + target.dropFirst("_posts/".count) }
        let lowercased = target.lowercased()
        if isMarkdownPath(lowercased) {
            return context.resolveLink("/" + target)
        }
        // A copied file is found relative to the post's own folder.
        return context.resolveLink(String(repeating: "../", count: relativeDepth) + target)
    }

    /// How many folders below `Content/` the post is.
    private var relativeDepth: Int {
        let inside = self.path.hasPrefix("Content/") ? self.path.dropFirst("Content/".count) : self.path[...]
        return inside.split(separator: "/").count - 1
    }

    /// `{{ expression }}` at `start`.
    mutating func liquidOutput(in line: [Unicode.Scalar], from start: Int, lineOffset: Int) -> Match? {
        guard let close = closing(["}", "}"], in: line, from: start + 2, lineOffset: lineOffset) else { return nil }
        // `{{- x -}}` is `{{ x }}` that also trims the text around it.
        let inside = close.text.trimmingCharacters(in: CharacterSet(charactersIn: " -\t\r\n"))
        guard !inside.isEmpty else { return nil }
        let end = close.index + 2
        if let value = value(of: inside) { return Match(endLine: close.line, endIndex: end, replacement: value) }
        // Shown as written: only the first line's part is matched.
        guard close.line == lineOffset else { return nil }
        return Match(endLine: lineOffset, endIndex: end,
                     warning: "Liquid output {{ \(inside) }} is not supported; it is shown as text")
    }

    /// Where the `needle` that closes a tag opened on `line` is: on the same
    /// line, or on a later line of the same paragraph (`{{ site.repository\n}}`,
    /// as wrapped text has it); with the text between.
    private func closing(
        _ needle: [Unicode.Scalar], in line: [Unicode.Scalar], from start: Int, lineOffset: Int
    ) -> (line: Int, index: Int, text: String)? {
        if let index = Self.find(needle, in: line, from: start) {
            return (lineOffset, index, String(String.UnicodeScalarView(line[start..<index])))
        }
        guard let found = find(needle, fromLine: lineOffset, index: start) else { return nil }
        // The whole lines between the two (not the parts before and after).
        let spansBlankLine = found.text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
            .contains { $0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        return spansBlankLine ? nil : found
    }

    /// The value of a Liquid expression that names the site, or nil.
    private func value(of expression: String) -> String? {
        switch expression {
        case "site.baseurl": return context.baseURLPath
        case "site.url": return context.origin
        default:
            if expression.hasPrefix("site."), let value = context.siteParameters[expression.dropFirst(5).lowercased()] {
                return value
            }
        }
        // `"/a.png" | relative_url`, `'/a.png' | absolute_url`.
        let parts = expression.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let quote = parts[0].first, quote == "\"" || quote == "'", parts[0].count >= 2,
              parts[0].last == quote
        else { return nil }
        let path = String(parts[0].dropFirst().dropLast())
        let relative = path.hasPrefix("/") || path.isEmpty ? context.baseURLPath + path : context.baseURLPath + "/" + path
        switch parts[1] {
        case "relative_url": return relative
        case "absolute_url": return context.origin + relative
        default: return nil
        }
    }
}

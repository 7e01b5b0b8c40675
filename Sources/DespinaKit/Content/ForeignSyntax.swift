import Bytes
import Foundation
import Markup

/// Reads the template syntax of other generators in a Markdown body, so
/// that posts moved from Jekyll and Hugo build unchanged.
///
/// Jekyll's `{% highlight swift %}` … `{% endhighlight %}` blocks become
/// fenced code blocks in that language, and `{% raw %}` … `{% endraw %}`
/// lose their tags and keep their inside as written. Liquid that names the
/// site (`{{ site.baseurl }}`, `{% post_url %}`, `{% link %}`) and Hugo's
/// built-in shortcodes (`LiquidSyntax.swift`, `HugoShortcodes.swift`) are
/// replaced by what they stand for; HTML that a shortcode makes goes in as
/// a `TrustedHTML` placeholder. Other tags and shortcodes are left out
/// with a warning at their place, and Liquid output that names nothing
/// known stays as text (it is often not Liquid at all).
///
/// Every line is rewritten in place (a construct over several lines leaves
/// the lines it covered empty), so every later line of the file keeps its
/// number and warnings point at the right place. Code blocks, code spans
/// and the inside of `raw` and `highlight` blocks are not searched: there
/// such text is meant literally (only Hugo's escaped examples,
/// `{{</* x */>}}`, are unescaped there, as Hugo does everywhere).
enum ForeignSyntax {
    /// The Markdown that `translating` made, its warnings, and the HTML
    /// fragments its placeholders stand for.
    struct Translation {
        var markdown: Substring
        var warnings: [Diagnostic]
        var trustedHTML: [String] = []
    }

    /// The Markdown of `body` with the foreign syntax translated, and a
    /// warning for each piece that could not be; `body`'s first line is
    /// line `firstLine` of the file at `path`.
    static func translating(
        _ body: Substring, firstLine: Int, path: String, context: ForeignSyntaxContext = ForeignSyntaxContext()
    ) -> Translation {
        // Every tag, output and shortcode starts with "{%" or "{{", every
        // kramdown attribute list with "{:", every footnote with "[^": a
        // body without them (most posts) has nothing to find.
        guard mayHoldTemplateSyntax(body) else { return Translation(markdown: body, warnings: []) }
        // "\r\n" is one Character, so a CRLF file is split on both forms.
        let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        var scanner = Scanner(path: path, lines: lines, firstLine: firstLine, context: context)
        scanner.run()
        guard !scanner.replacements.isEmpty else {
            return Translation(markdown: body, warnings: scanner.warnings, trustedHTML: scanner.trustedHTML)
        }
        var markdown = ""
        markdown.reserveCapacity(body.utf8.count + 16)
        for (offset, line) in lines.enumerated() {
            markdown += scanner.replacements[offset] ?? String(line)
            // Each line keeps its own ending, "\n" or "\r\n".
            if line.endIndex < body.endIndex { markdown.append(body[line.endIndex]) }
        }
        return Translation(markdown: markdown[...], warnings: scanner.warnings, trustedHTML: scanner.trustedHTML)
    }

    /// Whether `text` has "{%", "{{", "{:" or "[^" anywhere: the C
    /// library's byte search skips to each brace, which prose seldom has,
    /// and to each "[^".
    static func mayHoldTemplateSyntax(_ text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let bytes = UnsafeRawBufferPointer(bytes)
            var offset = 0
            while let brace = ByteSearch.firstOffset(of: Self.brace, in: bytes, from: offset), brace + 1 < bytes.count {
                let next = bytes[brace + 1]
                if next == UInt8(ascii: "{") || next == UInt8(ascii: "%") || next == UInt8(ascii: ":") { return true }
                offset = brace + 1
            }
            return ByteSearch.firstOffset(of: Self.footnoteMark, in: bytes) != nil
        }
    }

    private static let brace = Array("{".utf8)
    private static let footnoteMark = Array("[^".utf8)

    struct Scanner {
        let path: String
        let lines: [Substring]
        let firstLine: Int
        let context: ForeignSyntaxContext
        var warnings: [Diagnostic] = []
        /// New text for lines, by their offset in the body.
        var replacements: [Int: String] = [:]
        /// The HTML that shortcodes made, by placeholder number.
        var trustedHTML: [String] = []
        /// The shortcodes with an inside that are open (`details`), innermost last.
        var openShortcodes: [String] = []
        /// Lists made by Liquid's `assign … | split:`, for the loops after them.
        var liquidLists: [String: [String]] = [:]
        /// The lines that are `{% endraw %}` or `{% endhighlight %}` alone,
        /// by tag name, in order; found when first needed.
        private var closingLines: [String: [Int]]?
        /// The open code fence: its character and length.
        var fence: (character: Unicode.Scalar, length: Int)?
        /// The Liquid block whose inside is literal (`raw`, `highlight`),
        /// with the tag that ends it.
        var literalBlockEnd: String?
        /// Whether the open literal block is `raw` written inside a line,
        /// whose tags are left out (a `highlight` one is shown as text).
        var literalBlockIsInlineRaw = false
        var previousLineIsBlank = true
        var inIndentedCode = false
        /// Where the text of the open list item starts (`5` for `   * x`):
        /// inside an item, a line is code only when indented four more.
        var listContentIndent: Int?

        init(path: String, lines: [Substring], firstLine: Int, context: ForeignSyntaxContext) {
            (self.path, self.lines, self.firstLine, self.context) = (path, lines, firstLine, context)
        }

        mutating func run() {
            var offset = 0
            while offset < lines.count {
                offset = scan(lineAt: offset)
            }
        }

        func scalars(ofLineAt offset: Int) -> [Unicode.Scalar] {
            let line = lines[offset]
            return Array((line.hasSuffix("\r") ? line.dropLast() : line).unicodeScalars)
        }

        /// Scans the line at `offset`; returns the offset of the next line
        /// to scan (past a translated block).
        private mutating func scan(lineAt offset: Int) -> Int {
            let scalars = scalars(ofLineAt: offset)
            let isBlank = scalars.allSatisfy { $0 == " " || $0 == "\t" }
            if literalBlockEnd == nil && fence == nil, let end = translateBlock(at: offset, scalars) {
                inIndentedCode = false
                // The block ends with a fence line, or with an emptied `endraw` line:
                // an indented line after either is code.
                previousLineIsBlank = true
                return end + 1
            }
            let wasInFence = fence != nil
            let next = scan(scalars, number: firstLine + offset, isBlank: isBlank)
            // After a fence closes, as after a blank line, an indented line is code.
            let closedFence = wasInFence && fence == nil
            previousLineIsBlank = closedFence || (next == offset + 1 ? isBlank : replacements[next - 1]?.isEmpty ?? false)
            return next
        }

        /// Scans one line; returns the offset of the next line to scan.
        private mutating func scan(_ scalars: [Unicode.Scalar], number: Int, isBlank: Bool) -> Int {
            let offset = number - firstLine
            if let open = fence {
                if let marker = Self.fenceMarker(scalars), marker.character == open.character,
                   marker.length >= open.length, marker.isBare {
                    fence = nil
                } else {
                    unescapeShortcodeExamples(inCodeLineAt: offset)
                }
                return offset + 1
            }
            if literalBlockEnd == nil, let marker = Self.fenceMarker(scalars) {
                fence = (marker.character, marker.length)
                return offset + 1
            }
            if !isBlank {
                if let itemIndent = Self.listItemContentIndent(scalars) {
                    if !(inIndentedCode || Self.indentation(of: scalars) >= (listContentIndent ?? 0) + 4) {
                        listContentIndent = itemIndent
                    }
                } else if let content = listContentIndent, previousLineIsBlank, Self.indentation(of: scalars) < content {
                    listContentIndent = nil
                }
            }
            if literalBlockEnd == nil && Self.indentation(of: scalars) >= (listContentIndent ?? 0) + 4
                && (previousLineIsBlank || inIndentedCode) {
                inIndentedCode = true
                unescapeShortcodeExamples(inCodeLineAt: offset)
                return offset + 1
            }
            if !isBlank { inIndentedCode = false }
            // A list Markdown reads (`{: .note}`) gives the block before it attributes;
            // the rest (`{:toc}`, `{::options}`) are kramdown's own and stay text.
            if literalBlockEnd == nil, Self.isAttributeList(scalars), AttributeList.parse(String(lines[offset])) == nil {
                let indent = scalars.prefix { $0 == " " || $0 == "\t" }.count
                warnings.append(.warning(
                    "kramdown attribute list \(String(String.UnicodeScalarView(scalars[indent...]))) is not supported; "
                        + "it is shown as text",
                    path: path, line: number, column: indent + 1))
                return offset + 1
            }
            if literalBlockEnd == nil, !context.readsFootnotes, let label = Self.footnoteLabel(scalars) {
                // Markdown without footnotes would read `[^1]: url` as a link
                // definition: the note would vanish and every `[^1]` become
                // a link. Escaped, the note is shown where it is written.
                let indent = scalars.prefix { $0 == " " }.count
                var escaped = String.UnicodeScalarView(scalars)
                escaped.insert("\\", at: escaped.index(escaped.startIndex, offsetBy: indent))
                replacements[number - firstLine] = String(escaped)
                warnings.append(.warning(
                    "footnotes are off (markdown.footnotes); the note [^\(label)] is shown as text where it is written",
                    path: path, line: number, column: indent + 1))
                return offset + 1
            }
            return scanText(scalars, offset: offset)
        }

        /// Hugo shows `{{</* x */>}}` as `{{< x >}}` even in code; so does
        /// this, in the code line at `offset`.
        private mutating func unescapeShortcodeExamples(inCodeLineAt offset: Int) {
            let line = lines[offset]
            guard line.contains("/*") || line.contains("*/") || (context.readsLiquidInCode && line.contains("raw")) else { return }
            let unescaped = code(String(line))
            if unescaped != line { replacements[offset] = unescaped }
        }

        /// Code as the old generator shows it: Hugo's escaped shortcode
        /// examples unescaped, and, for a site that follows Jekyll (whose
        /// Liquid runs before Markdown, in code too), `{% raw %}` tags
        /// left out around what they keep literal.
        private func code(_ text: String) -> String {
            let unescaped = Self.unescapingShortcodeExamples(text)
            return context.readsLiquidInCode ? Self.removingRawTags(unescaped) : unescaped
        }

        /// `text` with each `{% raw %}` … `{% endraw %}` pair (with or
        /// without spaces and `-`) replaced by what it encloses, as Liquid
        /// renders it: `{% raw %}{% raw %}{% endraw %}` is `{% raw %}`.
        static func removingRawTags(_ text: String) -> String {
            guard text.contains("raw") else { return text }
            var result = ""
            var rest = Substring(text)
            while let open = tag("raw", in: rest) {
                guard let close = tag("endraw", in: rest[open.upperBound...]) else { break }
                result += rest[..<open.lowerBound]
                result += rest[open.upperBound..<close.lowerBound]
                rest = rest[close.upperBound...]
            }
            return result + rest
        }

        /// The first Liquid tag `{% name %}` in `text`, spaces and `-` trims allowed.
        private static func tag(_ name: String, in text: Substring) -> Range<Substring.Index>? {
            var search = text.startIndex
            while let start = text[search...].range(of: "{%") {
                var index = start.upperBound
                func skip(_ characters: String) {
                    while index < text.endIndex, characters.contains(text[index]) { index = text.index(after: index) }
                }
                skip("- \t")
                if text[index...].hasPrefix(name) {
                    index = text.index(index, offsetBy: name.count)
                    skip(" \t-")
                    if text[index...].hasPrefix("%}") { return start.lowerBound..<text.index(index, offsetBy: 2) }
                }
                search = start.upperBound
            }
            return nil
        }

        static func unescapingShortcodeExamples(_ text: String) -> String {
            text.replacingOccurrences(of: "{{</*", with: "{{<").replacingOccurrences(of: "*/>}}", with: ">}}")
                .replacingOccurrences(of: "{{%/*", with: "{{%").replacingOccurrences(of: "*/%}}", with: "%}}")
        }

        /// Something like a kramdown attribute list alone on a line:
        /// `{: .note}`, `{:toc}`, `{::options ... /}`.
        private static func isAttributeList(_ scalars: [Unicode.Scalar]) -> Bool {
            var text = scalars.drop { $0 == " " || $0 == "\t" }
            while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
            return text.count >= 3 && text.first == "{" && text.dropFirst().first == ":" && text.last == "}"
        }

        /// The label of a footnote definition (`[^1]: text`) that starts
        /// the line, indented at most three spaces.
        private static func footnoteLabel(_ scalars: [Unicode.Scalar]) -> String? {
            let indent = scalars.prefix { $0 == " " }.count
            guard indent <= 3, scalars.count > indent + 4, scalars[indent] == "[", scalars[indent + 1] == "^" else {
                return nil
            }
            let rest = scalars[(indent + 2)...]
            guard let close = rest.firstIndex(of: "]"), close > indent + 2, close + 1 < scalars.count,
                  scalars[close + 1] == ":",
                  !scalars[(indent + 2)..<close].contains(where: { $0 == " " || $0 == "\t" || $0 == "[" })
            else { return nil }
            return String(String.UnicodeScalarView(scalars[(indent + 2)..<close]))
        }

        /// Indented by a tab or four spaces: code after a blank line.
        /// The line's indentation in columns, a tab counting to the next
        /// multiple of four.
        private static func indentation(of scalars: [Unicode.Scalar]) -> Int {
            var width = 0
            for scalar in scalars {
                if scalar == " " { width += 1 } else if scalar == "\t" { width += 4 - width % 4 } else { break }
            }
            return width
        }

        /// Where the text of the list item that `scalars` starts begins
        /// (`5` for `   * x`, `3` for `1. x`), or nil when it starts none.
        static func listItemContentIndent(_ scalars: [Unicode.Scalar]) -> Int? {
            let indent = indentation(of: scalars)
            var index = scalars.prefix { $0 == " " || $0 == "\t" }.count
            guard index < scalars.count else { return nil }
            if "*-+".unicodeScalars.contains(scalars[index]) {
                index += 1
            } else {
                let digits = scalars[index...].prefix { $0.properties.numericType == .decimal && $0.isASCII }.count
                guard (1...9).contains(digits), index + digits < scalars.count,
                      scalars[index + digits] == "." || scalars[index + digits] == ")" else { return nil }
                index += digits + 1
            }
            let marker = index - scalars.prefix { $0 == " " || $0 == "\t" }.count
            guard index < scalars.count, scalars[index] == " " || scalars[index] == "\t" else { return nil }
            let spaces = scalars[index...].prefix { $0 == " " }.count
            return indent + marker + (spaces > 4 ? 1 : spaces)
        }

        /// Translates a `highlight` or `raw` block that starts with the tag
        /// line at `offset` and ends with its closing tag on a line of its
        /// own; returns the offset of the closing line, or `nil` (the tag
        /// is then shown as text with a warning).
        private mutating func translateBlock(at offset: Int, _ scalars: [Unicode.Scalar]) -> Int? {
            // Indented four spaces or more (or by a tab), a fence would be text or code.
            let indent = scalars.prefix { $0 == " " }.count
            guard indent <= 3, indent < scalars.count, scalars[indent] == "{",
                  let tag = Self.loneTag(scalars), tag.name == "highlight" || tag.name == "raw",
                  let end = closingLine(named: "end" + tag.name, after: offset)
            else { return nil }
            if tag.name == "raw" {
                replacements[offset] = ""
                replacements[end] = ""
                return end
            }
            // A fence longer than any run of backticks that starts a line
            // inside, so that no line of the code closes it.
            var longest = 2
            for inside in (offset + 1)..<end {
                let line = self.scalars(ofLineAt: inside)
                let run = line.drop { $0 == " " }.prefix { $0 == "`" }.count
                longest = max(longest, run)
            }
            let fence = String(repeating: " ", count: indent) + String(repeating: "`", count: longest + 1)
            // `linenos` and other options have no counterpart in a fence; a
            // backtick would end the fence's info.
            let language = tag.arguments.first.map(String.init) ?? ""
            replacements[offset] = fence + (language.contains("`") ? "" : language)
            replacements[end] = fence
            return end
        }

        /// The first line after `offset` that is the tag `name` alone.
        private mutating func closingLine(named name: String, after offset: Int) -> Int? {
            if closingLines == nil {
                var found: [String: [Int]] = [:]
                for index in lines.indices where lines[index].contains("{%") || lines[index].contains("{{") {
                    if let tag = Self.loneTag(scalars(ofLineAt: index)), tag.name == "endraw" || tag.name == "endhighlight" {
                        found[tag.name, default: []].append(index)
                    }
                }
                closingLines = found
            }
            let candidates = closingLines?[name] ?? []
            // The first candidate after `offset`, found by halving.
            var low = 0, high = candidates.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            return low < candidates.count ? candidates[low] : nil
        }

        /// `{% name arguments %}` (or `{%- … -%}`) alone on a line, blanks
        /// around it allowed; also Hugo's `{{< highlight go >}}` and its
        /// closing `{{< /highlight >}}`, read as `highlight` and `endhighlight`.
        static func loneTag(_ scalars: [Unicode.Scalar]) -> (name: String, arguments: [Substring])? {
            guard scalars.first(where: { $0 != " " && $0 != "\t" }) == "{" else { return nil }
            let text = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces)
            if let shortcode = hugoHighlight(text) { return shortcode }
            guard text.hasPrefix("{%"), text.hasSuffix("%}"), text.count >= 4 else { return nil }
            let inside = text.dropFirst(2).dropLast(2)
            guard !inside.contains("%}"), !inside.contains("{%") else { return nil }
            let words = inside.trimmingCharacters(in: CharacterSet(charactersIn: " -\t"))
                .split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let name = words.first else { return nil }
            return (String(name), Array(words.dropFirst()))
        }

        /// Hugo's highlight shortcode alone on a line (`{{< highlight go
        /// "linenos=table" >}}`, `{{< / highlight >}}`, or with `%`
        /// delimiters).
        private static func hugoHighlight(_ text: String) -> (name: String, arguments: [Substring])? {
            let delimiters = [("{{<", ">}}"), ("{{%", "%}}")]
            guard let (open, close) = delimiters.first(where: { text.hasPrefix($0.0) && text.hasSuffix($0.1) }),
                  text.count >= open.count + close.count
            else { return nil }
            let inside = text.dropFirst(open.count).dropLast(close.count)
            var words = inside.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first else { return nil }
            if first == "/" || first.hasPrefix("/") {
                let name = first == "/" ? words.dropFirst().first.map(String.init) : String(first.dropFirst())
                return name == "highlight" && words.count <= (first == "/" ? 2 : 1) ? ("endhighlight", []) : nil
            }
            guard first == "highlight" else { return nil }
            words.removeFirst()
            return ("highlight", words.map { $0.hasPrefix("\"") && $0.hasSuffix("\"") && $0.count >= 2 ? $0.dropFirst().dropLast() : $0 })
        }

        /// What a construct found in the text becomes.
        struct Match {
            /// Where it ends: the line (offset in the body) and the index
            /// just after it in that line.
            var endLine: Int
            var endIndex: Int
            /// Its new text, or nil to keep it as written (on one line).
            var replacement: String?
            var warning: String?
        }

        /// Rewrites tags and shortcodes in the line at `offset`, outside
        /// code spans; returns the offset of the next line to scan (past
        /// the lines a construct over several lines covered, which are
        /// left empty).
        private mutating func scanText(_ scalars: [Unicode.Scalar], offset: Int) -> Int {
            var line = scalars
            var lineOffset = offset
            var output = String.UnicodeScalarView()
            var changed = false
            var index = 0
            while index < line.count {
                let scalar = line[index]
                if literalBlockEnd == nil, scalar == "`" {
                    let end = Self.endOfCodeSpan(in: line, from: index)
                    let span = String(String.UnicodeScalarView(line[index..<end]))
                    let unescaped = code(span)
                    if unescaped != span { changed = true }
                    output.append(contentsOf: unescaped.unicodeScalars)
                    index = end
                    continue
                }
                let found: Match?
                if scalar == "{", index + 1 < line.count {
                    found = match(in: line, at: index, lineOffset: lineOffset)
                } else if scalar == "*", literalBlockEnd == nil, let end = Self.escapedShortcodeEnd(in: line, at: index) {
                    // The end of an escaped example, `*/>}}`: shown as `>}}`.
                    found = Match(endLine: lineOffset, endIndex: end, replacement: String(String.UnicodeScalarView(line[(index + 2)..<end])))
                } else {
                    found = nil
                }
                guard let found else {
                    output.append(scalar)
                    index += 1
                    continue
                }
                if let message = found.warning {
                    warnings.append(.warning(message, path: path, line: firstLine + lineOffset, column: index + 1))
                }
                let before = output
                if let replacement = found.replacement {
                    output.append(contentsOf: replacement.unicodeScalars)
                    changed = true
                } else {
                    output.append(contentsOf: line[index..<found.endIndex])
                }
                if found.endLine > lineOffset {
                    // The lines the construct covered are left empty, so that
                    // every later line keeps its number. One that starts its
                    // line is put there; one inside a line (`({{ site.url\n}}/a)`)
                    // goes where it ends, so that what follows it stays
                    // joined to it (a link destination cannot break).
                    let startsLine = before.allSatisfy { $0 == " " || $0 == "\t" }
                    replacements[lineOffset] = String(startsLine ? output : before)
                    for covered in (lineOffset + 1)..<found.endLine { replacements[covered] = "" }
                    output = startsLine ? String.UnicodeScalarView() : String.UnicodeScalarView(output.dropFirst(before.count))
                    lineOffset = found.endLine
                    line = self.scalars(ofLineAt: lineOffset)
                    changed = true
                }
                index = found.endIndex
            }
            if changed { replacements[lineOffset] = String(output) }
            return lineOffset + 1
        }

        /// The construct that starts with the `{` at `start`, if any.
        private mutating func match(in line: [Unicode.Scalar], at start: Int, lineOffset: Int) -> Match? {
            let next = line[start + 1]
            let following = start + 2 < line.count ? line[start + 2] : " "
            if next == "%" { return liquidTag(in: line, from: start, lineOffset: lineOffset) }
            guard literalBlockEnd == nil, next == "{" else { return nil }
            if following == "<" || following == "%" {
                return shortcode(in: line, from: start, lineOffset: lineOffset, marker: following)
            }
            return liquidOutput(in: line, from: start, lineOffset: lineOffset)
        }

        /// Where `*/>}}` or `*/%}}` at `index` ends.
        private static func escapedShortcodeEnd(in line: [Unicode.Scalar], at index: Int) -> Int? {
            guard index + 5 <= line.count, line[index + 1] == "/",
                  line[index + 2] == ">" || line[index + 2] == "%", line[index + 3] == "}", line[index + 4] == "}"
            else { return nil }
            return index + 5
        }

        /// The first place after (`line`, `index`) where `needle` occurs,
        /// looking at most `maximumTagLength` characters and 40 lines
        /// ahead: the line, the index of the needle and the text before it.
        func find(
            _ needle: [Unicode.Scalar], fromLine line: Int, index: Int
        ) -> (line: Int, index: Int, text: String)? {
            var text = String.UnicodeScalarView()
            var budget = Self.maximumTagLength * 4
            for offset in line..<min(lines.count, line + 40) {
                let scalars = self.scalars(ofLineAt: offset)
                let start = offset == line ? index : 0
                if let found = Self.find(needle, in: scalars, from: start) {
                    text.append(contentsOf: scalars[start..<found])
                    return (offset, found, String(text))
                }
                guard start <= scalars.count else { return nil }
                text.append(contentsOf: scalars[start...])
                text.append("\n")
                budget -= scalars.count - start + 1
                if budget < 0 { return nil }
            }
            return nil
        }

        /// Adds `html` to the trusted fragments; returns its placeholder.
        mutating func placeholder(for html: String) -> String {
            trustedHTML.append(html)
            return TrustedHTML.placeholder(trustedHTML.count - 1)
        }

        /// The URL for `destination` when a link there would be resolved
        /// (a Markdown file, a path relative to the post), else nil.
        func resolvedDestination(_ destination: String) -> String? {
            let path = destination.prefix { $0 != "#" && $0 != "?" }.lowercased()
            let isMarkdown = isMarkdownPath(path)
            let isRelative = !destination.isEmpty && !destination.hasPrefix("/") && !destination.hasPrefix("#")
                && !destination.hasPrefix("?") && !destination.contains(":")
            guard isMarkdown || isRelative, !destination.contains("://") else { return nil }
            return context.resolveLink(destination)
        }

        /// Where a code span that starts at `start` ends (after its closing
        /// backticks), or just after the opening run when it is not closed
        /// on this line.
        static func endOfCodeSpan(in scalars: [Unicode.Scalar], from start: Int) -> Int {
            var runEnd = start
            while runEnd < scalars.count && scalars[runEnd] == "`" { runEnd += 1 }
            let length = runEnd - start
            var index = runEnd
            while index < scalars.count {
                guard scalars[index] == "`" else {
                    index += 1
                    continue
                }
                var closeEnd = index
                while closeEnd < scalars.count && scalars[closeEnd] == "`" { closeEnd += 1 }
                if closeEnd - index == length { return closeEnd }
                index = closeEnd
            }
            return runEnd
        }

        /// A line of ``` or ~~~ (three or more), indented at most three spaces.
        private static func fenceMarker(
            _ scalars: [Unicode.Scalar]
        ) -> (character: Unicode.Scalar, length: Int, isBare: Bool)? {
            let indent = scalars.prefix { $0 == " " }.count
            guard indent <= 3, indent < scalars.count else { return nil }
            let character = scalars[indent]
            guard character == "`" || character == "~" else { return nil }
            let length = scalars[indent...].prefix { $0 == character }.count
            guard length >= 3 else { return nil }
            let rest = scalars[(indent + length)...]
            if character == "`" && rest.contains("`") { return nil }
            return (character, length, rest.allSatisfy { $0 == " " || $0 == "\t" })
        }

        /// Where `needle` occurs in the next `maximumTagLength` characters
        /// from `start`; the bound keeps a very long line linear.
        static func find(_ needle: [Unicode.Scalar], in scalars: [Unicode.Scalar], from start: Int) -> Int? {
            let last = min(scalars.count, start + maximumTagLength) - needle.count
            guard start <= last else { return nil }
            return (start...last).first { scalars[$0..<($0 + needle.count)].elementsEqual(needle) }
        }

        /// The longest tag or shortcode looked for, in characters.
        static let maximumTagLength = 1_000
    }
}

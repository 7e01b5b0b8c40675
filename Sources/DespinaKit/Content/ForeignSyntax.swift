import Foundation

/// Reads the template syntax of other generators in a Markdown body.
///
/// Jekyll's `{% highlight swift %}` … `{% endhighlight %}` blocks become
/// fenced code blocks in that language, and `{% raw %}` … `{% endraw %}`
/// lose their tags and keep their inside as written, when each tag stands
/// on a line of its own. Every tag line is rewritten in place (a fence line
/// or an empty line), so every later line of the file keeps its number.
///
/// The rest — other Liquid tags (`{% include x.html %}`), Liquid output
/// (`{{ site.baseurl }}`), Hugo's shortcodes (`{{< figure >}}`,
/// `{{% note %}}`) — is shown as text with a warning at its place. Code
/// blocks, code spans and the inside of `raw` and `highlight` blocks are
/// not searched: there such text is meant literally.
enum ForeignSyntax {
    /// The Markdown of `body`, with Jekyll's `highlight` and `raw` blocks
    /// translated, and a warning for each piece of foreign syntax left;
    /// `body`'s first line is line `firstLine` of the file at `path`.
    static func translating(_ body: Substring, firstLine: Int, path: String) -> (markdown: Substring, warnings: [Diagnostic]) {
        // Every tag, output and shortcode starts with "{%" or "{{", every
        // kramdown attribute list with "{:", every footnote with "[^": a
        // body without them (most posts) has nothing to find.
        guard mayHoldTemplateSyntax(body) else { return (body, []) }
        // "\r\n" is one Character, so a CRLF file is split on both forms.
        let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        var scanner = Scanner(path: path, lines: lines, firstLine: firstLine)
        scanner.run()
        guard !scanner.replacements.isEmpty else { return (body, scanner.warnings) }
        var markdown = ""
        markdown.reserveCapacity(body.utf8.count + 16)
        for (offset, line) in lines.enumerated() {
            markdown += scanner.replacements[offset] ?? String(line)
            // Each line keeps its own ending, "\n" or "\r\n".
            if line.endIndex < body.endIndex { markdown.append(body[line.endIndex]) }
        }
        return (markdown[...], scanner.warnings)
    }

    /// Whether `text` has "{%", "{{", "{:" or "[^" anywhere (a byte scan).
    static func mayHoldTemplateSyntax(_ text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = bytes.startIndex
            while index < bytes.endIndex - 1 {
                let byte = bytes[index]
                let next = bytes[index + 1]
                if byte == UInt8(ascii: "{")
                    && (next == UInt8(ascii: "{") || next == UInt8(ascii: "%") || next == UInt8(ascii: ":")) {
                    return true
                }
                if byte == UInt8(ascii: "[") && next == UInt8(ascii: "^") { return true }
                index += 1
            }
            return false
        }
    }

    private struct Scanner {
        let path: String
        let lines: [Substring]
        let firstLine: Int
        var warnings: [Diagnostic] = []
        /// New text for lines, by their offset in the body.
        var replacements: [Int: String] = [:]
        /// The lines that are `{% endraw %}` or `{% endhighlight %}` alone,
        /// by tag name, in order; found when first needed.
        private var closingLines: [String: [Int]]?
        /// The open code fence: its character and length.
        var fence: (character: Unicode.Scalar, length: Int)?
        /// The Liquid block whose inside is literal (`raw`, `highlight`),
        /// with the tag that ends it.
        var literalBlockEnd: String?
        var previousLineIsBlank = true
        var inIndentedCode = false

        init(path: String, lines: [Substring], firstLine: Int) {
            self.path = path
            self.lines = lines
            self.firstLine = firstLine
        }

        mutating func run() {
            var offset = 0
            while offset < lines.count {
                offset = scan(lineAt: offset)
            }
        }

        private func scalars(ofLineAt offset: Int) -> [Unicode.Scalar] {
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
                // The block ends with a fence line, or with an emptied `endraw` line.
                previousLineIsBlank = replacements[end]?.isEmpty ?? false
                return end + 1
            }
            scan(scalars, number: firstLine + offset, isBlank: isBlank)
            previousLineIsBlank = isBlank
            return offset + 1
        }

        private mutating func scan(_ scalars: [Unicode.Scalar], number: Int, isBlank: Bool) {
            if let open = fence {
                if let marker = Self.fenceMarker(scalars), marker.character == open.character,
                   marker.length >= open.length, marker.isBare {
                    fence = nil
                }
                return
            }
            if literalBlockEnd == nil, let marker = Self.fenceMarker(scalars) {
                fence = (marker.character, marker.length)
                return
            }
            if literalBlockEnd == nil && Self.isIndented(scalars) && (previousLineIsBlank || inIndentedCode) {
                inIndentedCode = true
                return
            }
            if !isBlank { inIndentedCode = false }
            if literalBlockEnd == nil, Self.isAttributeList(scalars) {
                let indent = scalars.prefix { $0 == " " || $0 == "\t" }.count
                warnings.append(.warning(
                    "kramdown attribute list \(String(String.UnicodeScalarView(scalars[indent...]))) is not supported; "
                        + "it is shown as text",
                    path: path, line: number, column: indent + 1))
                return
            }
            if literalBlockEnd == nil, let label = Self.footnoteLabel(scalars) {
                // Markdown without footnotes would read `[^1]: url` as a link
                // definition: the note would vanish and every `[^1]` become
                // a link. Escaped, the note is shown where it is written.
                let indent = scalars.prefix { $0 == " " }.count
                var escaped = String.UnicodeScalarView(scalars)
                escaped.insert("\\", at: escaped.index(escaped.startIndex, offsetBy: indent))
                replacements[number - firstLine] = String(escaped)
                warnings.append(.warning(
                    "footnotes are not supported; the note [^\(label)] is shown as text where it is written",
                    path: path, line: number, column: indent + 1))
                return
            }
            scanText(scalars, line: number)
        }

        /// A kramdown attribute list alone on a line: `{: .note}`,
        /// `{:toc}`, `{::options ... /}`.
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
        private static func isIndented(_ scalars: [Unicode.Scalar]) -> Bool {
            scalars.first == "\t" || scalars.prefix(4).elementsEqual(Array(repeating: " ", count: 4))
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
        private static func loneTag(_ scalars: [Unicode.Scalar]) -> (name: String, arguments: [Substring])? {
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

        /// Looks for tags and shortcodes in one line outside code.
        private mutating func scanText(_ scalars: [Unicode.Scalar], line: Int) {
            var index = 0
            while index < scalars.count {
                if literalBlockEnd == nil, scalars[index] == "`" {
                    index = Self.endOfCodeSpan(in: scalars, from: index)
                    continue
                }
                guard scalars[index] == "{", index + 1 < scalars.count else {
                    index += 1
                    continue
                }
                let next = scalars[index + 1]
                let following = index + 2 < scalars.count ? scalars[index + 2] : " "
                let found: (end: Int, warning: String?)?
                if next == "%" {
                    found = liquidTag(in: scalars, from: index)
                } else if next == "{" && (following == "<" || following == "%") {
                    found = literalBlockEnd == nil ? Self.shortcode(in: scalars, from: index, marker: following) : nil
                } else if next == "{" {
                    found = literalBlockEnd == nil ? Self.liquidOutput(in: scalars, from: index) : nil
                } else {
                    found = nil
                }
                guard let found else {
                    index += 1
                    continue
                }
                if let message = found.warning {
                    warnings.append(.warning(message, path: path, line: line, column: index + 1))
                }
                index = found.end
            }
        }

        /// `{% name ... %}`: always a warning, and `raw` and `highlight`
        /// start a block whose inside is not searched.
        private mutating func liquidTag(in scalars: [Unicode.Scalar], from start: Int) -> (end: Int, warning: String?)? {
            guard let close = Self.find(["%", "}"], in: scalars, from: start + 2) else { return nil }
            let inside = String(String.UnicodeScalarView(scalars[(start + 2)..<close]))
            let name = inside.trimmingCharacters(in: CharacterSet(charactersIn: " -\t")).prefix { $0 != " " && $0 != "\t" && $0 != "-" }
            guard !name.isEmpty else { return nil }
            if let end = literalBlockEnd {
                guard name == end else { return (close + 2, nil) }
                literalBlockEnd = nil
            } else if name == "raw" || name == "highlight" {
                literalBlockEnd = "end" + name
            }
            return (close + 2, "Liquid tag {% \(name) %} is not supported; it is shown as text")
        }

        /// `{{< name ... >}}` or `{{% name ... %}}`.
        private static func shortcode(
            in scalars: [Unicode.Scalar], from start: Int, marker: Unicode.Scalar
        ) -> (end: Int, warning: String?)? {
            let closing: Unicode.Scalar = marker == "<" ? ">" : "%"
            guard let close = find([closing, "}", "}"], in: scalars, from: start + 3) else { return nil }
            let inside = String(String.UnicodeScalarView(scalars[(start + 3)..<close]))
            let name = inside.trimmingCharacters(in: .whitespaces).prefix { $0 != " " && $0 != "\t" }
            guard !name.isEmpty else { return nil }
            let open = marker == "<" ? "{{<" : "{{%", end = marker == "<" ? ">}}" : "%}}"
            return (close + 3, "Hugo shortcode \(open) \(name) \(end) is not supported; it is shown as text")
        }

        /// `{{ expression }}`.
        private static func liquidOutput(in scalars: [Unicode.Scalar], from start: Int) -> (end: Int, warning: String?)? {
            guard let close = find(["}", "}"], in: scalars, from: start + 2) else { return nil }
            // `{{- x -}}` is `{{ x }}` that also trims the text around it.
            let inside = String(String.UnicodeScalarView(scalars[(start + 2)..<close]))
                .trimmingCharacters(in: CharacterSet(charactersIn: " -\t"))
            guard !inside.isEmpty else { return nil }
            return (close + 2, "Liquid output {{ \(inside) }} is not supported; it is shown as text")
        }

        /// Where a code span that starts at `start` ends (after its closing
        /// backticks), or just after the opening run when it is not closed
        /// on this line.
        private static func endOfCodeSpan(in scalars: [Unicode.Scalar], from start: Int) -> Int {
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
        private static func find(_ needle: [Unicode.Scalar], in scalars: [Unicode.Scalar], from start: Int) -> Int? {
            let last = min(scalars.count, start + maximumTagLength) - needle.count
            guard start <= last else { return nil }
            return (start...last).first { scalars[$0..<($0 + needle.count)].elementsEqual(needle) }
        }

        /// The longest tag or shortcode looked for, in characters.
        static let maximumTagLength = 1_000
    }
}

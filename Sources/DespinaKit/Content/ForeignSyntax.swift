import Foundation

/// Finds the template syntax of other generators in a Markdown body —
/// Jekyll's Liquid tags (`{% include x.html %}`) and output
/// (`{{ site.baseurl }}`), Hugo's shortcodes (`{{< figure >}}`,
/// `{{% note %}}`) — so that a post brought from another blog gets a
/// warning at each place that Despina shows as plain text. Code blocks,
/// code spans and the inside of `{% raw %}` and `{% highlight %}` blocks
/// are not searched: there such text is meant literally.
enum ForeignSyntax {
    /// A warning for each piece of foreign syntax in `body`, whose first
    /// line is line `firstLine` of the file at `path`.
    static func warnings(in body: Substring, firstLine: Int, path: String) -> [Diagnostic] {
        var scanner = Scanner(path: path)
        // "\r\n" is one Character, so a CRLF file is split on both forms.
        let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (offset, line) in lines.enumerated() {
            scanner.scan(line: line, number: firstLine + offset)
        }
        return scanner.warnings
    }

    private struct Scanner {
        let path: String
        var warnings: [Diagnostic] = []
        /// The open code fence: its character and length.
        var fence: (character: Unicode.Scalar, length: Int)?
        /// The Liquid block whose inside is literal (`raw`, `highlight`),
        /// with the tag that ends it.
        var literalBlockEnd: String?
        var previousLineIsBlank = true
        var inIndentedCode = false

        init(path: String) {
            self.path = path
        }

        mutating func scan(line: Substring, number: Int) {
            let scalars = Array((line.hasSuffix("\r") ? line.dropLast() : line).unicodeScalars)
            let isBlank = scalars.allSatisfy { $0 == " " || $0 == "\t" }
            defer { previousLineIsBlank = isBlank }
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
            let indented = scalars.first == "\t" || scalars.prefix(4).elementsEqual(Array(repeating: " ", count: 4))
            if literalBlockEnd == nil && indented && (previousLineIsBlank || inIndentedCode) {
                inIndentedCode = true
                return
            }
            if !isBlank { inIndentedCode = false }
            scanText(scalars, line: number)
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

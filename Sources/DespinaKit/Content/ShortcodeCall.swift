/// One Hugo shortcode tag as written: `{{< figure src="a.png" >}}`,
/// `{{% alert title="Note" %}}`, `{{< /details >}}`.
///
/// Arguments are positional (`{{< youtube w7Ft2ymGmfc >}}`) or named
/// (`id="w7Ft2ymGmfc"`); a value is a bare word, or quoted with `"` (where
/// `\"` is a quote) or with backticks (taken as written, line breaks
/// included).
struct ShortcodeCall: Equatable {
    var name: String
    /// `{{< /name >}}`: the end of a shortcode with an inside.
    var isClosing = false
    /// Written `{{% … %}}`: its inside is Markdown.
    var isMarkdown = false
    var positional: [String] = []
    var named: [String: String] = [:]
    /// Named arguments in the order written (for warnings).
    var namedOrder: [String] = []

    /// The argument `key`, or else the positional one at `position`; nil
    /// when neither is given.
    func argument(_ key: String, at position: Int? = nil) -> String? {
        if let value = named[key] { return value }
        if let position, position < positional.count { return positional[position] }
        return nil
    }

    /// `argument(key)` when it is given and not empty.
    func nonEmpty(_ key: String, at position: Int? = nil) -> String? {
        argument(key, at: position).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the argument `key` says yes (`true`, `1`), no, or is absent.
    func flag(_ key: String) -> Bool? {
        switch argument(key) {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// The call written between the delimiters (`inside` of `{{< … >}}`),
    /// or nil when it has no name or an unclosed quote.
    static func parse(_ inside: String, isMarkdown: Bool) -> ShortcodeCall? {
        var scalars = Array(inside.unicodeScalars)[...]
        var tokens: [(key: String?, value: String)] = []
        while true {
            scalars = scalars.drop { $0.properties.isWhitespace }
            guard !scalars.isEmpty else { break }
            guard let first = readValue(&scalars) else { return nil }
            if case .bare(let word) = first, scalars.first == "=" {
                scalars = scalars.dropFirst()
                guard let value = readValue(&scalars) else { return nil }
                tokens.append((word, value.text))
            } else {
                tokens.append((nil, first.text))
            }
        }
        // `{{< name />}}` closes itself; the slash is not an argument.
        if let last = tokens.last, last.key == nil, last.value == "/", tokens.count > 1 { tokens.removeLast() }
        guard let head = tokens.first, head.key == nil else { return nil }
        var call = ShortcodeCall(name: head.value, isMarkdown: isMarkdown)
        var rest = tokens.dropFirst()
        if head.value.hasPrefix("/") {
            call.isClosing = true
            call.name = String(head.value.dropFirst())
            if call.name.isEmpty, let next = rest.first, next.key == nil {
                call.name = next.value
                rest = rest.dropFirst()
            }
        }
        guard !call.name.isEmpty else { return nil }
        for token in rest {
            if let key = token.key {
                if call.named.updateValue(token.value, forKey: key) == nil { call.namedOrder.append(key) }
            } else {
                call.positional.append(token.value)
            }
        }
        return call
    }

    private enum Value {
        case bare(String)
        case quoted(String)

        var text: String {
            switch self {
            case .bare(let text), .quoted(let text): text
            }
        }
    }

    /// Reads a bare word (up to a space or `=`) or a quoted value.
    private static func readValue(_ scalars: inout ArraySlice<Unicode.Scalar>) -> Value? {
        guard let first = scalars.first else { return .bare("") }
        if first == "\"" || first == "`" {
            var text = String.UnicodeScalarView()
            var index = scalars.index(after: scalars.startIndex)
            while index < scalars.endIndex {
                let scalar = scalars[index]
                if scalar == first {
                    scalars = scalars[scalars.index(after: index)...]
                    return .quoted(String(text))
                }
                if first == "\"", scalar == "\\", scalars.index(after: index) < scalars.endIndex {
                    index = scalars.index(after: index)
                }
                text.append(scalars[index])
                index = scalars.index(after: index)
            }
            return nil
        }
        let word = scalars.prefix { !$0.properties.isWhitespace && $0 != "=" }
        scalars = scalars[word.endIndex...]
        return .bare(String(String.UnicodeScalarView(word)))
    }
}

/// Shortens rendered HTML text to a number of visible characters.
enum TextTruncation {
    /// `text` cut to at most `limit` visible characters at a word boundary, with `…`
    /// appended when anything was cut. Tags (`<…>`) count as nothing and entities
    /// (`&amp;`) as one character; neither is ever cut in half.
    static func truncate(_ text: String, to limit: Int) -> String {
        let characters = Array(text)
        var visible = 0
        var index = 0
        var cut: Int?
        var lastBreak: (index: Int, visible: Int)?
        while index < characters.count {
            let character = characters[index]
            if character == "<", let close = characters[index...].firstIndex(of: ">") {
                index = close + 1
                continue
            }
            var unitEnd = index + 1
            if character == "&", let semicolon = characters[index..<min(characters.count, index + 12)].firstIndex(of: ";") {
                unitEnd = semicolon + 1
            }
            if visible == limit {
                cut = index
                break
            }
            if character.isWhitespace { lastBreak = (index, visible) }
            visible += 1
            index = unitEnd
        }
        guard let cut else { return text }
        var end = cut
        if !characters[cut].isWhitespace, let lastBreak, lastBreak.visible >= limit / 2 {
            end = lastBreak.index
        }
        while end > 0, characters[end - 1].isWhitespace || ",:".contains(characters[end - 1]) {
            end -= 1
        }
        return String(characters[..<end]) + "…"
    }
}

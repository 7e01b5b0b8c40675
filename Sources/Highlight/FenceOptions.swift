/// What a code fence's info string asks for: the language word, highlighted
/// lines and line numbers.
///
/// ```
/// swift {2,4-5}            lines 2, 4 and 5 highlighted
/// swift linenos            line numbers shown
/// swift {1-3 linenos=true} both
/// ```
///
/// Words after the language that are not options are ignored. A range is
/// capped at 10,000 lines so that a typo cannot ask for billions.
public struct FenceOptions: Sendable, Equatable {
    /// The first word of the info string, as written; `nil` when the info
    /// string is empty or starts with an option group.
    public var language: String?
    /// The 1-based numbers of the lines to highlight.
    public var highlightedLines: Set<Int>
    /// Whether line numbers are shown.
    public var lineNumbers: Bool

    /// The longest range of lines one `{a-b}` item may highlight.
    static let maximumRangeLength = 10_000

    /// Parses a fence info string (everything after the opening backticks).
    public init(info: String) {
        language = nil
        highlightedLines = []
        lineNumbers = false
        var rest = Substring(info)
        rest = rest.drop(while: Self.isSeparator)
        let word = rest.prefix { !Self.isSeparator($0) && $0 != "{" }
        if !word.isEmpty {
            language = String(word)
            rest = rest.dropFirst(word.count)
        }
        for item in rest.split(whereSeparator: { Self.isSeparator($0) || $0 == "{" || $0 == "}" || $0 == "," }) {
            apply(item)
        }
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }

    private mutating func apply(_ item: Substring) {
        let lowered = item.lowercased()
        switch lowered {
        case "linenos", "linenos=true", "linenos=table", "linenos=inline", "shownumbers", "showlinenumbers":
            lineNumbers = true
            return
        case "linenos=false":
            lineNumbers = false
            return
        default:
            break
        }
        let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = bounds.first, let lower = Int(first), lower > 0 else { return }
        if bounds.count == 1 {
            highlightedLines.insert(lower)
        } else if let upper = Int(bounds[1]), upper >= lower {
            let cappedUpper = min(upper, lower + Self.maximumRangeLength - 1)
            highlightedLines.formUnion(lower...cappedUpper)
        }
    }
}

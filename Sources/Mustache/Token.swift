/// One piece of a template's source, as the scanner cuts it.
struct Token {
    enum Kind: Equatable {
        /// Literal text without line endings.
        case text
        /// `\n` or `\r\n`.
        case lineEnding
        /// `{{name}}`.
        case variable
        /// `{{{name}}}` or `{{&name}}`.
        case unescapedVariable
        /// `{{#name}}`.
        case section
        /// `{{^name}}`.
        case invertedSection
        /// `{{/name}}`.
        case close
        /// `{{! … }}`.
        case comment
        /// `{{>name}}`.
        case partial
        /// `{{<name}}`.
        case parent
        /// `{{$name}}`.
        case block
        /// `{{=<% %>=}}`.
        case setDelimiters

        /// Whether the tag may stand alone on a line, which removes that line's
        /// whitespace and line ending from the output.
        var canStandAlone: Bool {
            switch self {
            case .section, .invertedSection, .close, .comment, .partial, .parent, .block, .setDelimiters:
                return true
            case .text, .lineEnding, .variable, .unescapedVariable:
                return false
            }
        }

        var isTag: Bool { self != .text && self != .lineEnding }
    }

    let kind: Kind
    /// The bytes of the token in the source (the whole tag, delimiters included).
    let range: Range<Int>
    /// A tag's name, trimmed, without its sigil.
    let name: String
    /// Where the token starts.
    let position: SourcePosition
    /// The delimiters the tag was written with.
    let delimiters: Delimiters

    /// Set when the tag stands alone on its line.
    var isStandalone = false
    /// For a standalone tag: the whitespace that opened its line (empty for all
    /// but the first tag of the line).
    var indentation: [UInt8] = []
    /// For a standalone tag: the line ending removed with its line, if any.
    var lineEnding: [UInt8]?
    /// For a standalone tag: whether it is the last tag of its line.
    var endsLine = false
}

/// The category of a highlighted piece of code, which becomes the CSS class
/// of the `<span>` around it.
///
/// The set is deliberately small so that one stylesheet can colour every
/// language; `docs/highlighting.md` lists what each class means per language.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    /// Text that gets no span: whitespace, identifiers, punctuation.
    case plain
    /// A keyword of the language (`let`, `func`, `if`, `return`).
    case keyword
    /// A type name (`String`, `UIView`, `int`).
    case type
    /// A string or character literal, or a string's delimiters.
    case string
    /// An escape sequence or an interpolation's delimiters inside a string.
    case escape
    /// A numeric literal.
    case number
    /// A comment.
    case comment
    /// A documentation comment (`///`, `/** */`).
    case docComment
    /// An attribute or decorator (`@MainActor`, `@property`).
    case attribute
    /// A function or method name, at its definition or at a call.
    case function
    /// A property or member accessed after a dot.
    case property
    /// An operator (`=`, `+`, `->`, `??`).
    case `operator`
    /// Structural punctuation that the language gives meaning to (Markdown
    /// list markers, YAML indicators).
    case punctuation
    /// A preprocessor directive or compiler directive (`#if`, `#include`).
    case preprocessor
    /// A variable reference (`$HOME`, `$0`).
    case variable
    /// A built-in literal value (`true`, `false`, `nil`, `null`).
    case literal
    /// A regular expression literal.
    case regex
    /// A markup tag name or a CSS selector's element name.
    case tag
    /// A markup attribute name.
    case attributeName
    /// A shell prompt in a console transcript.
    case prompt
    /// Program output in a console transcript.
    case output
    /// A line added in a diff.
    case inserted
    /// A line removed in a diff.
    case deleted
    /// Diff hunk headers and other meta information.
    case meta
    /// A heading (Markdown) or a file header (diff).
    case heading
    /// Emphasised text in Markdown.
    case emphasis
    /// Strong text in Markdown.
    case strong
    /// A link target in Markdown.
    case link

    /// The CSS class name written for this kind; empty for `plain`.
    public var className: String {
        switch self {
        case .plain: ""
        case .keyword: "kw"
        case .type: "ty"
        case .string: "str"
        case .escape: "esc"
        case .number: "num"
        case .comment: "com"
        case .docComment: "doc"
        case .attribute: "attr"
        case .function: "fn"
        case .property: "prop"
        case .operator: "op"
        case .punctuation: "punct"
        case .preprocessor: "pp"
        case .variable: "var"
        case .literal: "lit"
        case .regex: "re"
        case .tag: "tag"
        case .attributeName: "attr-name"
        case .prompt: "prompt"
        case .output: "out"
        case .inserted: "ins"
        case .deleted: "del"
        case .meta: "meta"
        case .heading: "heading"
        case .emphasis: "em"
        case .strong: "strong"
        case .link: "link"
        }
    }

    /// The opening tag of every kind, indexed by raw value, as UTF-8 bytes.
    static let openingTags: [[UInt8]] = allCases.map { kind in
        Array("<span class=\"\(kind.className)\">".utf8)
    }
}

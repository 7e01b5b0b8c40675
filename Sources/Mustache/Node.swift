/// The parsed form of a template: a tree built once and rendered many times.
///
/// Tags are immutable final classes so that walking the tree retains one
/// reference per node rather than one per field.
enum Node: Sendable {
    /// Literal bytes copied to the output.
    case text(TextBytes)
    /// The start of a template line: the renderer writes the current indentation here.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (unescaped).
    case variable(VariableTag)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    case section(SectionTag)
    /// `{{>name}}` or `{{>*name}}`.
    case partial(PartialTag)
    /// `{{<name}}…{{/name}}`: a partial with block overrides.
    case parent(ParentTag)
    /// `{{$name}}…{{/name}}`: a block that a child template may override.
    case block(BlockTag)
}

/// Literal text of a template, in memory of its own that lives as long as
/// the node holding it, so that the renderer can copy it through a plain
/// pointer (see ``Step``).
final class TextBytes: Sendable {
    nonisolated(unsafe) private let storage: UnsafeMutableBufferPointer<UInt8>

    init(_ bytes: [UInt8]) {
        storage = UnsafeMutableBufferPointer.allocate(capacity: bytes.count)
        _ = storage.initialize(from: bytes)
    }

    deinit { storage.deallocate() }

    /// The bytes; valid while this object lives.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(storage) }
}

/// A node as the renderer walks it: the same cases as ``Node``, with the
/// tags as unretained references and the text as a plain pointer. Walking
/// `[Node]` copies each node, and so retains and releases its tag or text:
/// with both cores rendering pages from the same templates, those atomic
/// counts on shared objects were most of a page's rendering time. Steps are
/// made from nodes once, at parse time, and kept beside them: the nodes
/// keep every tag and text alive for as long as the steps can be walked.
enum Step: @unchecked Sendable {
    case text(UnsafeBufferPointer<UInt8>)
    case lineStart
    case variable(Unmanaged<VariableTag>)
    case section(Unmanaged<SectionTag>)
    case partial(Unmanaged<PartialTag>)
    case parent(Unmanaged<ParentTag>)
    case block(Unmanaged<BlockTag>)

    /// The steps of `nodes`, valid while `nodes` lives.
    static func steps(of nodes: [Node]) -> [Step] {
        nodes.map { node in
            switch node {
            case .text(let text): .text(text.buffer)
            case .lineStart: .lineStart
            case .variable(let tag): .variable(.passUnretained(tag))
            case .section(let tag): .section(.passUnretained(tag))
            case .partial(let tag): .partial(.passUnretained(tag))
            case .parent(let tag): .parent(.passUnretained(tag))
            case .block(let tag): .block(.passUnretained(tag))
            }
        }
    }
}

final class VariableTag: Sendable {
    let name: Name
    let escapesHTML: Bool
    let position: SourcePosition

    init(name: Name, escapesHTML: Bool, position: SourcePosition) {
        self.name = name
        self.escapesHTML = escapesHTML
        self.position = position
    }
}

final class SectionTag: Sendable {
    let name: Name
    let isInverted: Bool
    let children: [Node]
    /// `children` as the renderer walks them.
    let steps: [Step]
    /// The unrendered source between the opening and closing tags (for lambdas).
    let rawText: String
    /// The delimiters in effect at the opening tag (for lambdas).
    let delimiters: Delimiters
    let position: SourcePosition

    init(name: Name, isInverted: Bool, children: [Node], rawText: String, delimiters: Delimiters, position: SourcePosition) {
        self.name = name
        self.isInverted = isInverted
        self.children = children
        steps = Step.steps(of: children)
        self.rawText = rawText
        self.delimiters = delimiters
        self.position = position
    }
}

/// The name of a partial or parent: fixed, or read from the context (`*name`).
enum TemplateReference: Sendable {
    case named(String)
    case dynamic(Name)

    var displayName: String {
        switch self {
        case .named(let name): return name
        case .dynamic(let name): return "*" + name.text
        }
    }
}

final class PartialTag: Sendable {
    let reference: TemplateReference
    /// Whitespace before a standalone tag, prepended to every line of the partial;
    /// `nil` when the tag is not standalone.
    let indentation: [UInt8]?
    let position: SourcePosition

    init(reference: TemplateReference, indentation: [UInt8]?, position: SourcePosition) {
        self.reference = reference
        self.indentation = indentation
        self.position = position
    }
}

final class ParentTag: Sendable {
    let reference: TemplateReference
    let indentation: [UInt8]?
    /// The blocks defined inside the tag, by name.
    let overrides: [String: BlockTag]
    let position: SourcePosition

    init(reference: TemplateReference, indentation: [UInt8]?, overrides: [String: BlockTag], position: SourcePosition) {
        self.reference = reference
        self.indentation = indentation
        self.overrides = overrides
        self.position = position
    }
}

final class BlockTag: Sendable {
    let name: String
    /// The block's content with its own indentation removed.
    let children: [Node]
    /// `children` as the renderer walks them.
    let steps: [Step]
    /// The indentation re-added to each line of whatever content fills this block.
    let indentation: [UInt8]
    /// The line ending removed after a standalone closing tag; written again after
    /// content that does not end a line itself. `nil` when the block is inline.
    let lineEnding: [UInt8]?
    /// The template that defined this content (for error messages).
    let templateName: String
    let position: SourcePosition

    init(name: String, children: [Node], indentation: [UInt8], lineEnding: [UInt8]?, templateName: String, position: SourcePosition) {
        self.name = name
        self.children = children
        steps = Step.steps(of: children)
        self.indentation = indentation
        self.lineEnding = lineEnding
        self.templateName = templateName
        self.position = position
    }
}

/// Open and close delimiters, `{{` and `}}` unless a set-delimiter tag changed them.
struct Delimiters: Sendable, Equatable {
    let open: [UInt8]
    let close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}

/// A name as written in a tag: `.`, `title`, `post.author.name` or `@index`.
struct Name: Sendable {
    enum Iteration: Sendable {
        case index, number, first, last
    }

    /// The dotted parts; empty for the implicit iterator `.`.
    let parts: [String]
    /// The ``Fields/hash(_:)`` of each part, worked out once.
    let partHashes: [UInt64]
    /// The name as written.
    let text: String
    /// Set for `@index`, `@number`, `@first` and `@last`.
    let iteration: Iteration?

    init(parsing text: String) {
        self.text = text
        if text == "." {
            parts = []
        } else {
            parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
        partHashes = parts.map(Fields.hash)
        switch text {
        case "@index": iteration = .index
        case "@number": iteration = .number
        case "@first": iteration = .first
        case "@last": iteration = .last
        default: iteration = nil
        }
    }

    /// Whether every dotted part is non-empty.
    var isWellFormed: Bool {
        text == "." || !parts.contains(where: \.isEmpty)
    }
}

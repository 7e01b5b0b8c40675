/// Turns template source into a tree of ``Node``s.
///
/// Parsing runs in three passes: the ``Scanner`` cuts the source into tokens;
/// standalone lines (lines holding only whitespace and tags that print nothing)
/// lose their whitespace and line ending; then the tokens are nested into a tree.
struct Parser {
    private let source: [UInt8]
    private let templateName: String
    private let delimiters: Delimiters

    init(source: [UInt8], templateName: String, delimiters: Delimiters = .standard) {
        self.source = source
        self.templateName = templateName
        self.delimiters = delimiters
    }

    /// Parses the whole source.
    func parse() throws(TemplateError) -> [Node] {
        var scanner = Scanner(source: source, templateName: templateName, delimiters: delimiters)
        var tokens = try scanner.scan()
        let lines = markStandaloneLines(&tokens)
        return try buildTree(tokens, lines: lines)
    }

    // MARK: - Standalone lines

    /// Marks the tokens of lines where tags stand alone, and returns, for each
    /// token, whether a line of output starts at it.
    private func markStandaloneLines(_ tokens: inout [Token]) -> [Bool] {
        var startsLine = [Bool](repeating: false, count: tokens.count)
        var lineFirst = 0
        while lineFirst < tokens.count {
            var lineEnd = lineFirst
            while lineEnd < tokens.count, tokens[lineEnd].kind != .lineEnding { lineEnd += 1 }
            // tokens[lineFirst..<lineEnd] is the line; tokens[lineEnd] its ending, if any.
            var tagCount = 0
            var isStandalone = true
            for index in lineFirst..<lineEnd {
                let token = tokens[index]
                if token.kind == .text {
                    if !source[token.range].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                        isStandalone = false
                    }
                } else if token.kind.canStandAlone {
                    tagCount += 1
                } else {
                    isStandalone = false
                }
            }
            let hasEnding = lineEnd < tokens.count
            if isStandalone && tagCount > 0 {
                let ending = hasEnding ? Array(source[tokens[lineEnd].range]) : nil
                var indentation: [UInt8] = []
                if tokens[lineFirst].kind == .text { indentation = Array(source[tokens[lineFirst].range]) }
                var isFirstTag = true
                var lastTag = lineFirst
                if hasEnding { tokens[lineEnd].isStandalone = true }
                for index in lineFirst..<lineEnd {
                    tokens[index].isStandalone = true
                    guard tokens[index].kind.isTag else { continue }
                    tokens[index].indentation = isFirstTag ? indentation : []
                    tokens[index].lineEnding = ending
                    isFirstTag = false
                    lastTag = index
                }
                tokens[lastTag].endsLine = true
            } else if lineFirst < lineEnd {
                startsLine[lineFirst] = true
            }
            lineFirst = hasEnding ? lineEnd + 1 : lineEnd
        }
        return startsLine
    }

    // MARK: - Tree

    private struct OpenTag {
        let token: Token
        var nodes: [Node] = []
        var overrides: [String: BlockTag] = [:]
        /// For a block: the indentation its content is written with.
        var blockIndentation: [UInt8] = []
    }

    private func buildTree(_ tokens: [Token], lines startsLine: [Bool]) throws(TemplateError) -> [Node] {
        var stack: [OpenTag] = []
        var nodes: [Node] = []
        var pendingText: [UInt8] = []
        var atLineStart = false

        func flushText() {
            guard !pendingText.isEmpty else { return }
            append(.text(TextBytes(pendingText)), to: &stack, root: &nodes)
            pendingText.removeAll(keepingCapacity: true)
        }

        for (index, token) in tokens.enumerated() {
            if startsLine[index] {
                flushText()
                append(.lineStart, to: &stack, root: &nodes)
                atLineStart = true
            }
            let dedent = enclosingBlockIndentation(stack)
            switch token.kind {
            case .text, .lineEnding:
                if token.isStandalone { continue }
                var bytes = source[token.range]
                if atLineStart, token.kind == .text { bytes = removingPrefix(dedent, from: bytes) }
                pendingText.append(contentsOf: bytes)
                atLineStart = false
                continue
            default:
                break
            }
            atLineStart = false
            flushText()
            switch token.kind {
            case .text, .lineEnding, .comment, .setDelimiters:
                break
            case .variable, .unescapedVariable:
                let name = try parseName(token)
                append(.variable(VariableTag(name: name, escapesHTML: token.kind == .variable, position: token.position)), to: &stack, root: &nodes)
            case .partial:
                let tag = PartialTag(reference: try parseReference(token), indentation: indentation(of: token, dedent: dedent), position: token.position)
                append(.partial(tag), to: &stack, root: &nodes)
            case .section, .invertedSection, .parent:
                _ = try parseReference(token)
                try checkNesting(stack, at: token)
                stack.append(OpenTag(token: token))
            case .block:
                try checkNesting(stack, at: token)
                var open = OpenTag(token: token)
                open.blockIndentation = intrinsicIndentation(of: token)
                stack.append(open)
            case .close:
                guard let open = stack.popLast() else {
                    throw TemplateError(templateName: templateName, position: token.position,
                                        message: "closing tag \(shown(token)) has no open section to close")
                }
                guard open.token.name == token.name else {
                    throw TemplateError(templateName: templateName, position: token.position,
                                        message: "closing tag \(shown(token)) does not match the open section \(shown(open.token))")
                }
                try close(open, with: token, stack: &stack, root: &nodes)
            }
        }
        flushText()
        if let unclosed = stack.last {
            throw TemplateError(templateName: templateName, position: unclosed.token.position,
                                message: "section \(shown(unclosed.token)) is never closed: expected {{/\(unclosed.token.name)}} before the end of the template")
        }
        return nodes
    }

    /// Sections, parents and blocks may nest this deep in one template.
    static let maximumNesting = 100

    private func checkNesting(_ stack: [OpenTag], at token: Token) throws(TemplateError) {
        guard stack.count < Parser.maximumNesting else {
            throw TemplateError(templateName: templateName, position: token.position,
                                message: "sections are nested more than \(Parser.maximumNesting) levels deep at \(shown(token))")
        }
    }

    /// Finishes the tag `open` at its closing tag.
    private func close(_ open: OpenTag, with closing: Token, stack: inout [OpenTag], root: inout [Node]) throws(TemplateError) {
        let token = open.token
        switch token.kind {
        case .section, .invertedSection:
            let rawText = String(decoding: source[token.range.upperBound..<closing.range.lowerBound], as: UTF8.self)
            let tag = SectionTag(name: try parseName(token), isInverted: token.kind == .invertedSection,
                                 children: open.nodes, rawText: rawText, delimiters: token.delimiters, position: token.position)
            append(.section(tag), to: &stack, root: &root)
        case .parent:
            let outerDedent = enclosingBlockIndentation(stack)
            let tag = ParentTag(reference: try parseReference(token), indentation: indentation(of: token, dedent: outerDedent),
                                overrides: open.overrides, position: token.position)
            append(.parent(tag), to: &stack, root: &root)
        case .block:
            let outerDedent = enclosingBlockIndentation(stack)
            let relative = Array(removingPrefix(outerDedent, from: open.blockIndentation[...]))
            let lineEnding = token.isStandalone && closing.isStandalone ? closing.lineEnding : nil
            let tag = BlockTag(name: token.name, children: open.nodes, indentation: relative, lineEnding: lineEnding,
                               templateName: templateName, position: token.position)
            if let index = stack.indices.last, stack[index].token.kind == .parent {
                stack[index].overrides[tag.name] = tag
            } else {
                append(.block(tag), to: &stack, root: &root)
            }
        default:
            break
        }
    }

    private func append(_ node: Node, to stack: inout [OpenTag], root: inout [Node]) {
        if stack.isEmpty {
            root.append(node)
        } else {
            stack[stack.count - 1].nodes.append(node)
        }
    }

    /// The indentation of the innermost enclosing block, removed from its lines.
    private func enclosingBlockIndentation(_ stack: [OpenTag]) -> [UInt8] {
        for open in stack.reversed() where open.token.kind == .block {
            return open.blockIndentation
        }
        return []
    }

    /// The indentation of a standalone partial or parent, relative to its block.
    private func indentation(of token: Token, dedent: [UInt8]) -> [UInt8]? {
        guard token.isStandalone else { return nil }
        return Array(removingPrefix(dedent, from: token.indentation[...]))
    }

    /// The indentation a block's content is written with: for a block whose
    /// opening tag ends a standalone line, that of the next line; for a block
    /// closed on the same standalone line, that of the line; otherwise none.
    private func intrinsicIndentation(of token: Token) -> [UInt8] {
        guard token.isStandalone else { return [] }
        guard token.endsLine, token.lineEnding != nil else { return token.indentation }
        var cursor = token.range.upperBound
        while cursor < source.count, source[cursor] != UInt8(ascii: "\n") { cursor += 1 }
        cursor += 1
        var indentation: [UInt8] = []
        while cursor < source.count, source[cursor] == UInt8(ascii: " ") || source[cursor] == UInt8(ascii: "\t") {
            indentation.append(source[cursor])
            cursor += 1
        }
        return indentation
    }

    private func removingPrefix(_ prefix: [UInt8], from bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        for byte in prefix {
            guard slice.first == byte else { break }
            slice.removeFirst()
        }
        return slice
    }

    // MARK: - Names

    private func parseName(_ token: Token) throws(TemplateError) -> Name {
        let name = Name(parsing: token.name)
        guard name.isWellFormed else {
            throw TemplateError(templateName: templateName, position: token.position,
                                message: "tag \(shown(token)) has an empty part in the dotted name \"\(token.name)\"")
        }
        return name
    }

    private func parseReference(_ token: Token) throws(TemplateError) -> TemplateReference {
        guard token.kind == .partial || token.kind == .parent else {
            _ = try parseName(token)
            return .named(token.name)
        }
        if token.name.hasPrefix("*") {
            let dynamic = String(token.name.dropFirst()).trimmingWhitespace()
            let name = Name(parsing: dynamic)
            guard !dynamic.isEmpty, name.isWellFormed, !dynamic.utf8.contains(where: Scanner.isWhitespace) else {
                throw TemplateError(templateName: templateName, position: token.position,
                                    message: "tag \(shown(token)) needs a name to look up after '*'")
            }
            return .dynamic(name)
        }
        if token.name.utf8.contains(where: Scanner.isWhitespace) {
            throw TemplateError(templateName: templateName, position: token.position,
                                message: "tag \(shown(token)) has a space inside its name \"\(token.name)\"")
        }
        return .named(token.name)
    }

    /// A tag as written, for messages.
    private func shown(_ token: Token) -> String {
        String(decoding: source[token.range], as: UTF8.self)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, Scanner.isWhitespace(bytes[start]) { start += 1 }
        while end > start, Scanner.isWhitespace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

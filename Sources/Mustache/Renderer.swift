import Bytes

/// Renders parsed templates into one byte buffer.
///
/// A renderer lives for one render call and is never shared between threads;
/// the templates and values it reads are immutable.
final class Renderer {
    /// Partials or parents nested deeper than this are reported as an error
    /// (most likely a template that includes itself).
    static let maximumDepth = 100

    private struct Frame {
        let value: Value
        /// The position in the list being iterated, or -1.
        let index: Int
        let count: Int
    }

    // The state of one render, which one thread reads and changes in
    // turn, never from two places at once: without dynamic exclusivity
    // checks, which cost every look-up and step a call into the runtime.
    // (The compiler still checks what it can see statically.)
    @exclusivity(unchecked) private var stack: [Frame] = []
    @exclusivity(unchecked) private var indentation: [UInt8] = []
    @exclusivity(unchecked) private var overrides: [String: BlockTag] = [:]
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var templateName: String
    private let templates: TemplateSet?
    /// The template this render was asked for, named when the budget runs out.
    private let renderedName: String
    private let budget: RenderBudget
    /// Steps walked so far, counted as each list of steps is entered.
    @exclusivity(unchecked) private var stepsTaken = 0
    private let memo: PartialMemo?
    /// While a partial is rendered for the memo: the place on the stack of
    /// the object it is rendered for (-1 otherwise), the names looked up
    /// below it, and whether it did something the memo cannot follow.
    @exclusivity(unchecked) private var memoFloor = -1
    @exclusivity(unchecked) private var memoReads: [(name: Name, value: Value?)] = []
    @exclusivity(unchecked) private var memoSpoiled = false

    init(
        templateName: String, templates: TemplateSet?, context: Value, globals: Value?, budget: RenderBudget = .standard,
        memo: PartialMemo? = nil
    ) {
        self.templateName = templateName
        self.renderedName = templateName
        self.templates = templates
        self.budget = budget
        self.memo = memo
        stack.reserveCapacity(16)
        if let globals { stack.append(Frame(value: globals, index: -1, count: 0)) }
        stack.append(Frame(value: context, index: -1, count: 0))
    }

    // MARK: - Nodes

    func render(_ steps: [Step], into output: inout [UInt8]) throws(TemplateError) {
        stepsTaken &+= steps.count
        for step in steps {
            switch step {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .lineStart:
                if !indentation.isEmpty, output.last == nil || output.last == UInt8(ascii: "\n") {
                    output.append(contentsOf: indentation)
                }
            // The template that holds the steps outlives this call, and so
            // do their tags: used without being retained.
            case .variable(let tag):
                unowned(unsafe) let tag = tag.takeUnretainedValue()
                try renderVariable(tag, into: &output)
            case .section(let tag):
                unowned(unsafe) let tag = tag.takeUnretainedValue()
                try renderSection(tag, into: &output)
            case .partial(let tag):
                unowned(unsafe) let tag = tag.takeUnretainedValue()
                try renderPartial(tag, into: &output)
            case .parent(let tag):
                unowned(unsafe) let tag = tag.takeUnretainedValue()
                try renderParent(tag, into: &output)
            case .block(let tag):
                unowned(unsafe) let tag = tag.takeUnretainedValue()
                try renderBlock(tag, into: &output)
            }
        }
    }

    private func renderVariable(_ tag: VariableTag, into output: inout [UInt8]) throws(TemplateError) {
        guard let value = lookUp(tag.name) else { return }
        let text: String
        switch value {
        case .string(let string):
            text = string
        case .lambda(let lambda):
            text = try call(lambda, section: nil, delimiters: .standard, name: tag.name, at: tag.position)
        case .object(let object) where !tag.escapesHTML:
            object.appendInterpolatedText(to: &output)
            return
        default:
            text = value.interpolatedText
        }
        if tag.escapesHTML {
            HTMLEscaping.appendAttribute(text, to: &output)
        } else {
            output.append(utf8: text)
        }
    }

    private func renderSection(_ tag: SectionTag, into output: inout [UInt8]) throws(TemplateError) {
        let value = lookUp(tag.name) ?? .null
        if tag.isInverted {
            if !value.isTruthy { try render(tag.steps, into: &output) }
            return
        }
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try spend(output: output, at: tag.position) { "section {{#\(tag.name.text)}}" }
                stack.append(Frame(value: element, index: index, count: elements.count))
                defer { stack.removeLast() }
                try render(tag.steps, into: &output)
            }
        case .lambda(let lambda):
            if case .section = lambda.body {
                let text = try call(lambda, section: tag, delimiters: tag.delimiters, name: tag.name, at: tag.position)
                output.append(utf8: text)
            } else {
                let text = try call(lambda, section: nil, delimiters: .standard, name: tag.name, at: tag.position)
                try renderOnce(.string(text), tag, into: &output)
            }
        default:
            try renderOnce(value, tag, into: &output)
        }
    }

    private func renderOnce(_ value: Value, _ tag: SectionTag, into output: inout [UInt8]) throws(TemplateError) {
        guard value.isTruthy else { return }
        stack.append(Frame(value: value, index: -1, count: 0))
        defer { stack.removeLast() }
        try render(tag.steps, into: &output)
    }

    private func renderPartial(_ tag: PartialTag, into output: inout [UInt8]) throws(TemplateError) {
        guard let template = try resolve(tag.reference, kind: "partial", at: tag.position) else { return }
        if let memo, memoFloor < 0, let frame = stack.last, frame.index >= 0, case .object(let object) = frame.value {
            try include(template, for: object, memo: memo, tag: tag, into: &output)
        } else {
            try include(template, kind: "partial", indentation: tag.indentation, at: tag.position, into: &output)
        }
    }

    /// Renders a partial for a list element that is an object, or copies
    /// the text the memo kept for it (`PartialMemo`).
    private func include(
        _ template: Template, for object: any MustacheObject, memo: PartialMemo, tag: PartialTag,
        into output: inout [UInt8]
    ) throws(TemplateError) {
        let lineIndentation = tag.indentation.map { indentation + $0 } ?? []
        let key = PartialMemo.Key(
            partial: template.name, object: ObjectIdentifier(object), indentation: lineIndentation,
            startsLine: !lineIndentation.isEmpty && (output.last ?? UInt8(ascii: "\n")) == UInt8(ascii: "\n"))
        for kept in memo.renderings(for: key)
        where kept.reads.allSatisfy({ PartialMemo.isSame(lookUp($0.name), as: $0.value) }) {
            output.append(contentsOf: kept.bytes)
            return
        }
        let start = output.count
        (memoFloor, memoReads, memoSpoiled) = (stack.count - 1, [], false)
        defer { memoFloor = -1 }
        try include(template, kind: "partial", indentation: tag.indentation, at: tag.position, into: &output)
        if !memoSpoiled {
            memo.keep(.init(reads: memoReads, bytes: Array(output[start...]), object: object), for: key)
        }
    }

    private func renderParent(_ tag: ParentTag, into output: inout [UInt8]) throws(TemplateError) {
        guard let template = try resolve(tag.reference, kind: "parent", at: tag.position) else { return }
        let saved = overrides
        defer { overrides = saved }
        // Blocks given further out win over the ones given here.
        var merged = tag.overrides
        for (name, block) in saved { merged[name] = block }
        overrides = merged
        try include(template, kind: "parent", indentation: tag.indentation, at: tag.position, into: &output)
    }

    private func renderBlock(_ tag: BlockTag, into output: inout [UInt8]) throws(TemplateError) {
        // What fills a block depends on the templates around the partial.
        if memoFloor >= 0 { memoSpoiled = true }
        let savedIndentation = indentation
        let savedName = templateName
        let savedOverrides = overrides
        defer {
            indentation = savedIndentation
            templateName = savedName
            overrides = savedOverrides
        }
        let content: BlockTag
        if let override = overrides[tag.name] {
            content = override
            // The block's own content cannot fill itself again.
            overrides[tag.name] = nil
        } else {
            content = tag
        }
        indentation.append(contentsOf: tag.indentation)
        templateName = content.templateName
        let start = output.count
        try render(content.steps, into: &output)
        if let lineEnding = tag.lineEnding, output.count > start, output.last != UInt8(ascii: "\n") {
            output.append(contentsOf: lineEnding)
        }
    }

    /// Renders another template in place, guarding against endless recursion.
    private func include(
        _ template: Template, kind: String, indentation added: [UInt8]?, at position: SourcePosition, into output: inout [UInt8]
    ) throws(TemplateError) {
        guard depth < Renderer.maximumDepth else {
            throw TemplateError(templateName: templateName, position: position,
                                message: "templates are nested more than \(Renderer.maximumDepth) levels deep at \"\(template.name)\"; does a partial include itself?")
        }
        try spend(output: output, at: position) { "\(kind) \"\(template.name)\"" }
        let savedIndentation = indentation
        let savedName = templateName
        depth += 1
        defer {
            depth -= 1
            indentation = savedIndentation
            templateName = savedName
        }
        if let added {
            indentation.append(contentsOf: added)
        } else {
            indentation = []
        }
        templateName = template.name
        try render(template.steps, into: &output)
    }

    /// Throws when the render has walked more steps or written more bytes
    /// than its budget allows; called wherever work can multiply (entering
    /// a partial, a parent or a list element), so a theme whose partials
    /// include each other many times over ends with an error instead of
    /// running for ever. `place` names what was about to be entered.
    private func spend(output: [UInt8], at position: SourcePosition, entering place: () -> String) throws(TemplateError) {
        let excess: String
        if stepsTaken > budget.steps {
            excess = "takes more than \(budget.steps) steps"
        } else if output.count > budget.outputBytes {
            excess = "writes more than \(Self.byteCount(budget.outputBytes))"
        } else {
            return
        }
        throw TemplateError(templateName: templateName, position: position,
                            message: "rendering \"\(renderedName)\" \(excess) (stopped at \(place())); do partials include each other many times over?")
    }

    /// `256 MiB`, or `1000 bytes` for a size that is not whole mebibytes.
    private static func byteCount(_ bytes: Int) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// Finds the template a partial or parent tag names; `nil` renders nothing.
    private func resolve(_ reference: TemplateReference, kind: String, at position: SourcePosition) throws(TemplateError) -> Template? {
        let name: String
        switch reference {
        case .named(let fixed):
            name = fixed
        case .dynamic(let dynamic):
            guard case .string(let found)? = lookUp(dynamic) else { return nil }
            name = found
        }
        if let template = templates?.templatesByName[name] { return template }
        if templates?.missingPartials == .renderNothing { return nil }
        throw TemplateError(templateName: templateName, position: position, message: TemplateSet.missingMessage(kind: kind, name: name, reference: reference))
    }

    // MARK: - Lambdas

    /// Calls a lambda and returns its finished text (rendered if it returned a template).
    ///
    /// A section lambda gets the section's raw text; for a variable lambda `section` is nil.
    private func call(_ lambda: Lambda, section: SectionTag?, delimiters: Delimiters, name: Name, at position: SourcePosition) throws(TemplateError) -> String {
        if memoFloor >= 0 { memoSpoiled = true }
        let context = LambdaContext(renderer: self, section: section, delimiters: delimiters, lambdaName: name.text, position: position)
        let rawText = section?.rawText ?? ""
        let result: LambdaOutput
        do {
            switch lambda.body {
            case .variable(let body): result = try body(context)
            case .section(let body): result = try body(rawText, context)
            }
        } catch let error as TemplateError {
            throw error
        } catch {
            throw TemplateError(templateName: templateName, position: position, message: "lambda \"\(name.text)\" failed: \(error)")
        }
        switch result {
        case .text(let text):
            return text
        case .template(let source):
            return try renderFragment(source, delimiters: delimiters, lambdaName: name.text, position: position)
        }
    }

    /// Renders template text a lambda produced, in the current context, into a
    /// string of its own.
    func renderFragment(_ source: String, delimiters: Delimiters, lambdaName: String, position: SourcePosition) throws(TemplateError) -> String {
        guard depth < Renderer.maximumDepth else {
            throw TemplateError(templateName: templateName, position: position,
                                message: "lambda \"\(lambdaName)\" renders templates nested more than \(Renderer.maximumDepth) levels deep")
        }
        let nodes: [Node]
        do {
            nodes = try Parser(source: Array(source.utf8), templateName: templateName, delimiters: delimiters).parse()
        } catch {
            throw TemplateError(templateName: templateName, position: position,
                                message: "the template text of lambda \"\(lambdaName)\" is invalid: \(error.message) (at its line \(error.line), column \(error.column))")
        }
        return try renderToString(nodes)
    }

    /// Renders nodes in the current context into a string of their own.
    func renderToString(_ nodes: [Node]) throws(TemplateError) -> String {
        var output: [UInt8] = []
        depth += 1
        defer { depth -= 1 }
        try withExtendedLifetime(nodes) { () throws(TemplateError) in
            try render(Step.steps(of: nodes), into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: - Lookup

    /// The value a name refers to in the current context stack, or `nil`.
    func lookUp(_ name: Name) -> Value? {
        if let iteration = name.iteration, let place = stack.lastIndex(where: { $0.index >= 0 }) {
            let frame = stack[place]
            let value: Value
            switch iteration {
            case .index: value = .int(frame.index)
            case .number: value = .int(frame.index + 1)
            case .first: value = .bool(frame.index == 0)
            case .last: value = .bool(frame.index == frame.count - 1)
            }
            // The place of the memo's object in its list is outside it.
            if place <= memoFloor { memoReads.append((name, value)) }
            return value
        }
        guard let first = name.parts.first else { return stack.last?.value }
        let hashes = name.partHashes
        var found: Value?
        var index = stack.count - 1
        while index >= 0 {
            if let value = stack[index].value.field(first, hash: hashes[0]) {
                found = value
                break
            }
            index -= 1
        }
        var part = 1
        while part < hashes.count, let current = found {
            found = current.field(name.parts[part], hash: hashes[part])
            part += 1
        }
        if index < memoFloor { memoReads.append((name, found)) }
        return found
    }
}

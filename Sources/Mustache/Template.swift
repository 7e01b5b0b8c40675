import Foundation
import Synchronization

/// A Mustache template, parsed once and rendered any number of times, from any thread.
///
/// ```swift
/// let template = try Template(source: "Hello, {{name}}!", name: "greeting")
/// let text = try template.render(["name": "Ada"])   // "Hello, Ada!"
/// ```
public struct Template: Sendable {
    /// The name used in error messages (for templates read from a folder: the file name).
    public let name: String
    let nodes: [Node]
    /// `nodes` as the renderer walks them.
    let steps: [Step]
    /// The source size, used to size the output buffer.
    private let sourceSize: Int
    /// The largest output rendered so far: a page made of a short template
    /// and its parent is many times the template's size, and an output
    /// buffer that starts small is copied each time it doubles.
    private let largestOutput = LargestOutput()

    /// Parses `source`.
    ///
    /// - Parameters:
    ///   - source: the template text.
    ///   - name: the name error messages give for this template.
    /// - Throws: ``TemplateError`` for a malformed template, with line and column.
    public init(source: String, name: String = "template") throws(TemplateError) {
        self.name = name
        let bytes = Array(source.utf8)
        self.nodes = try Parser(source: bytes, templateName: name).parse()
        steps = Step.steps(of: nodes)
        self.sourceSize = bytes.count
    }

    /// Renders the template against `context`.
    ///
    /// - Parameters:
    ///   - context: the root of the context stack.
    ///   - partials: where `{{>name}}` and `{{<name}}` find templates; without a set,
    ///     any partial or parent tag is reported as missing.
    ///   - globals: looked up after everything in `context`, e.g. ``Value/standardHelpers``.
    /// - Throws: ``TemplateError`` for a missing partial, runaway recursion, a
    ///   render past its budget (partials that include each other many times
    ///   over) or a failing lambda.
    public func render(_ context: Value, partials: TemplateSet? = nil, globals: Value? = nil) throws(TemplateError) -> String {
        String(decoding: try renderUTF8(context, partials: partials, globals: globals), as: UTF8.self)
    }

    /// Renders the template into UTF-8 bytes, ready to be written to a file
    /// without building a `String` first. Arguments as in ``render(_:partials:globals:)``;
    /// `memo` keeps partials rendered for list elements for later renders (``PartialMemo``).
    public func renderUTF8(
        _ context: Value, partials: TemplateSet? = nil, globals: Value? = nil, memo: PartialMemo? = nil
    ) throws(TemplateError) -> [UInt8] {
        try renderUTF8(context, partials: partials, globals: globals, budget: .standard, memo: memo)
    }

    /// Renders within `budget` (tests give a small one to reach it quickly).
    func renderUTF8(
        _ context: Value, partials: TemplateSet?, globals: Value?, budget: RenderBudget, memo: PartialMemo? = nil
    ) throws(TemplateError) -> [UInt8] {
        let renderer = Renderer(
            templateName: name, templates: partials, context: context, globals: globals, budget: budget, memo: memo)
        var output: [UInt8] = []
        output.reserveCapacity(max(sourceSize + sourceSize / 2 + 64, largestOutput.count))
        try renderer.render(steps, into: &output)
        largestOutput.raise(to: output.count)
        return output
    }

    /// Calls `body` with every node of the template, depth first: a tag
    /// before its children, a parent's overriding blocks in name order.
    private func forEachNode(_ body: (Node) -> Void) {
        func visit(_ nodes: [Node]) {
            for node in nodes {
                body(node)
                switch node {
                case .section(let tag): visit(tag.children)
                case .block(let tag): visit(tag.children)
                case .parent(let tag):
                    for name in tag.overrides.keys.sorted() { visit(tag.overrides[name]?.children ?? []) }
                case .text, .lineStart, .variable, .partial: break
                }
            }
        }
        visit(nodes)
    }

    /// Whether a partial or parent of this template takes its name from the
    /// context (`{{>*name}}`), so which templates it uses is known only while rendering.
    var hasDynamicReferences: Bool {
        var found = false
        forEachNode { node in
            switch node {
            case .partial(let tag): if case .dynamic = tag.reference { found = true }
            case .parent(let tag): if case .dynamic = tag.reference { found = true }
            default: break
            }
        }
        return found
    }

    /// Every part of every name its tags look up (`post.title` gives `post`
    /// and `title`), in this template only.
    func nameParts() -> Set<String> {
        var parts: Set<String> = []
        forEachNode { node in
            switch node {
            case .variable(let tag): parts.formUnion(tag.name.parts)
            case .section(let tag): parts.formUnion(tag.name.parts)
            case .partial(let tag): if case .dynamic(let name) = tag.reference { parts.formUnion(name.parts) }
            case .parent(let tag): if case .dynamic(let name) = tag.reference { parts.formUnion(name.parts) }
            case .block, .text, .lineStart: break
            }
        }
        return parts
    }

    /// The names of partials and parents this template includes by fixed name, with
    /// where each is used (dynamic names are only known while rendering).
    func references() -> [(name: String, kind: String, position: SourcePosition)] {
        var found: [(name: String, kind: String, position: SourcePosition)] = []
        forEachNode { node in
            switch node {
            case .partial(let tag): if case .named(let name) = tag.reference { found.append((name, "partial", tag.position)) }
            case .parent(let tag): if case .named(let name) = tag.reference { found.append((name, "parent", tag.position)) }
            default: break
            }
        }
        return found
    }
}

/// The size of the largest output of a template, shared by its copies and
/// the threads that render it.
private final class LargestOutput: Sendable {
    private let value = Atomic<Int>(0)

    var count: Int { value.load(ordering: .relaxed) }

    /// Raises the size to `count` when that is larger; of two threads
    /// raising it at once, the larger size stays.
    func raise(to count: Int) {
        var known = value.load(ordering: .relaxed)
        while count > known {
            let (exchanged, found) = value.compareExchange(expected: known, desired: count, ordering: .relaxed)
            if exchanged { return }
            known = found
        }
    }
}

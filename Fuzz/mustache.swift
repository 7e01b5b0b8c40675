// Fuzz target: parsing and rendering Mustache templates.
//
// Input format: parts separated by NUL bytes.
//   part 1        the template;
//   part 2        a JSON object whose fields are laid over a fixed rich
//                 context (strings with HTML, numbers, lists, nested objects,
//                 a MustacheObject and lambdas); anything that is not a JSON
//                 object leaves the fixed context alone;
//   parts 3...    partials, each "NAME\nSOURCE".
// The template is parsed alone with `Template(source:)` and rendered with
// and without the standard helpers as globals; then the template and the
// partials are put into `TemplateSet`s (reporting or ignoring missing
// partials) and rendered by name. Every outcome must be a string or a
// TemplateError.
//
// Run with `Fuzz/run.sh mustache SECONDS`.

import Foundation
import Mustache

/// A JSON value decoded without Foundation's untyped `Any` tree.
private enum JSONValue: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String)
    case array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    var mustacheValue: Value {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let value): return .string(value)
        case .array(let values): return .array(values.map(\.mustacheValue))
        case .object(let fields): return .dictionary(fields.mapValues(\.mustacheValue))
        }
    }
}

/// An object that answers lookups itself, as a site's post model does.
private struct Post: MustacheObject {
    let title: String
    let tags: [String]

    func value(forKey key: String) -> Value? {
        switch key {
        case "title": return .string(title)
        case "tags": return .array(tags.map(Value.string))
        case "self": return .object(self)
        default: return nil
        }
    }

    var interpolatedText: String { title }
}

private let fixedContext: [String: Value] = [
    "title": "Tom & Jerry <script>\"'",
    "name": "Chris",
    "empty": "",
    "zero": 0,
    "number": 42,
    "negative": -7,
    "pi": 3.14159,
    "huge": .double(1e308),
    "yes": true,
    "no": false,
    "nothing": .null,
    "list": [1, "two", 3.0, false, .null, ["nested": "value"]],
    "posts": [
        ["title": "First <post>", "date": "2015-06-08", "url": "/posts/first/", "tags": ["swift", "ios"]],
        ["title": "İkinci yazı", "date": "2024-02-29T10:00:00+03:00", "url": "posts/second", "tags": []],
    ],
    "site": ["title": "Despina", "url": "https://example.com/blog/", "author": ["name": "A. Writer"]],
    "date": "2026-11-30T00:00:00Z",
    "text": .string(String(repeating: "Lorem ipsum dolor sit amet, ", count: 12)),
    "post": .object(Post(title: "Objects & lookups", tags: ["a", "b"])),
    "upper": .lambda(Lambda(section: { rawText, context in .text(try context.render(rawText).uppercased()) })),
    "wrap": .lambda(.section { rawText in "<b>" + rawText + "</b>" }),
    "tagged": .lambda(.variable { "{{title}}" }),
    "lookup": .lambda(Lambda(variable: { context in .text(context.value(named: "name").interpolatedText) })),
    "failing": .lambda(.variable { throw CancellationError() }),
]

private func context(fromJSON bytes: ArraySlice<UInt8>?) -> Value {
    var fields = fixedContext
    if let bytes, let json = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)),
       case .object(let overlay) = json {
        for (key, value) in overlay { fields[key] = value.mustacheValue }
    }
    return .dictionary(fields)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false)
    guard let templatePart = parts.first else { return 0 }
    let source = String(decoding: templatePart, as: UTF8.self)
    let values = context(fromJSON: parts.count > 1 ? parts[1] : nil)

    var sources: [String: String] = [:]
    for part in parts.dropFirst(2) {
        let text = String(decoding: part, as: UTF8.self)
        let nameAndSource = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(nameAndSource[0])
        sources[name] = nameAndSource.count > 1 ? String(nameAndSource[1]) : ""
    }

    if let template = try? Template(source: source, name: "fuzz") {
        _ = try? template.render(values)
        _ = try? template.renderUTF8(values, globals: .standardHelpers)
    }

    sources["main"] = source
    for policy in [MissingPartialPolicy.renderNothing, .reportError] {
        guard let set = try? TemplateSet(sources: sources, missingPartials: policy) else { continue }
        _ = try? set.render("main", with: values, globals: .standardHelpers)
        if policy == .renderNothing, let first = set.names.first {
            _ = try? set.renderUTF8(first, with: values)
        }
    }
    return 0
}

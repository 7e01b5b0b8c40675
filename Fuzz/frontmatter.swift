// Fuzz target: reading a post's front matter.
//
// The input is the bytes of a Markdown file. It goes through the same steps
// as a build: UTF-8 validation, splitting off the front matter, and every
// typed accessor on every key (and on the keys of nested mappings), whose
// answers are either a value or a MarkupError, never a crash. The YAML
// parser is also called directly on the whole input, as if it were the
// block between the `---` lines, and so is the TOML reader of Hugo's `+++`
// front matter (its files are compiled into this target by run.sh).
//
// Run with `Fuzz/run.sh frontmatter SECONDS`.

import Foundation
import Markup

private let timeZones: [TimeZone] = [
    TimeZone(identifier: "UTC"), TimeZone(identifier: "Europe/Istanbul"),
    TimeZone(identifier: "America/St_Johns"),
].compactMap { $0 }

/// Calls every typed accessor for every key of `mapping`, descending into
/// nested mappings and lists of mappings.
private func readEveryKey(of mapping: YAMLMapping, depth: Int) {
    guard depth < 8 else { return }
    for key in mapping.keys {
        let name = key.name
        _ = try? mapping.string(name)
        _ = try? mapping.strings(name)
        _ = try? mapping.bool(name)
        _ = try? mapping.int(name)
        _ = try? mapping.double(name)
        for timeZone in timeZones { _ = try? mapping.date(name, timeZone: timeZone) }
        _ = mapping[name.uppercased()]?.summary
        if let nested = try? mapping.mapping(name) { readEveryKey(of: nested, depth: depth + 1) }
        for element in (try? mapping.list(name)) ?? [] {
            _ = element.summary
            if case .mapping(let nested) = element.content { readEveryKey(of: nested, depth: depth + 1) }
        }
    }
}

private func readEveryKey(of frontMatter: FrontMatter) {
    for key in frontMatter.keys {
        let name = key.name
        _ = frontMatter[name]?.summary
        _ = try? frontMatter.string(name)
        _ = try? frontMatter.strings(name)
        _ = try? frontMatter.bool(name)
        _ = try? frontMatter.int(name)
        _ = try? frontMatter.double(name)
        for timeZone in timeZones { _ = try? frontMatter.date(name, timeZone: timeZone) }
        _ = try? frontMatter.list(name)
        _ = try? frontMatter.mapping(name)
    }
    readEveryKey(of: frontMatter.values, depth: 0)
    // Keys that a build looks up whether or not they are present.
    for name in ["title", "date", "updated", "tags", "draft", "weight", "summary", "language"] {
        _ = try? frontMatter.string(name)
        _ = try? frontMatter.strings(name)
        _ = try? frontMatter.date(name, timeZone: timeZones[0])
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    _ = UTF8Validation.firstInvalidPosition(in: bytes)
    guard let source = try? UTF8Validation.decode(bytes) else { return 0 }

    if let split = try? FrontMatter.split(source) {
        precondition(split.bodyFirstLine >= 1, "the body starts before the first line")
        _ = split.body.utf8.count
        if let frontMatter = split.frontMatter { readEveryKey(of: frontMatter) }
    }
    if let frontMatter = try? FrontMatter.parse(yaml: source, firstLine: 2) {
        readEveryKey(of: frontMatter)
    }
    if let split = try? TOMLFrontMatter.split(source) {
        precondition(split.bodyFirstLine >= 1, "the body starts before the first line")
        readEveryKey(of: split.frontMatter)
    }
    var reader = TOMLReader(source, firstLine: 2)
    if let mapping = try? reader.read() { readEveryKey(of: mapping, depth: 0) }
    return 0
}

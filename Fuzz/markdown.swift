// Fuzz target: Markdown to HTML, with code blocks highlighted.
//
// Input format: the first byte switches the Markdown options, one bit each
// (1 smart punctuation, 2 hard line breaks, 4 raw HTML, 8 tables,
// 16 strikethrough, 32 heading anchors; bit 64 also resolves links to `.md`
// files); the rest is the Markdown, decoded as UTF-8 with replacement
// characters. Code blocks go through the site's highlighter
// (`Highlighter.highlightedBlock(code:language:info:)`), and the table of
// contents is built from the headings, as a build does. Checked on every
// input: heading anchor ids are unique and link positions lie in the file.
//
// Run with `Fuzz/run.sh markdown SECONDS`.

import Foundation
import Highlight
import Markup

/// Hands Markdown code blocks to the syntax highlighter, as the site does.
private struct SiteHighlighter: CodeHighlighter {
    func highlightedBlock(code: String, language: String?, info: String) -> String {
        Highlighter.highlightedBlock(code: code, language: language, info: info)
    }
}

private func options(from byte: UInt8) -> MarkdownOptions {
    MarkdownOptions(
        smartPunctuation: byte & 1 != 0,
        hardLineBreaks: byte & 2 != 0,
        allowsRawHTML: byte & 4 != 0,
        tables: byte & 8 != 0,
        strikethrough: byte & 16 != 0,
        headingAnchors: byte & 32 != 0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let optionByte = data[0]
    let markdown = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    var resolver: (@Sendable (String) -> String?)?
    if optionByte & 64 != 0 {
        resolver = { destination in
            destination.hasPrefix("..") ? nil : "/resolved/" + destination
        }
    }

    let document = Document(
        markdown: markdown, options: options(from: optionByte), highlighter: SiteHighlighter(),
        linkResolver: resolver, firstLineNumber: Int(optionByte >> 7) * 5 + 1)
    _ = document.tableOfContents
    precondition(document.wordCount >= 0 && document.readingMinutes >= 0, "negative text statistics")
    for link in document.links + document.images {
        precondition(link.line >= 1 && link.column >= 1, "a link outside the file")
    }
    if optionByte & 32 != 0 {
        let ids = document.headings.map(\.id)
        precondition(Set(ids).count == ids.count, "two headings share an anchor id")
    }
    return 0
}

import Bytes

/// Turns a fenced or indented code block into HTML.
///
/// A highlighter returns the HTML of the whole block, usually
/// `<pre><code class="language-swift">…</code></pre>`, with the code
/// escaped and marked up as it sees fit.
public protocol CodeHighlighter: Sendable {
    /// The HTML for a code block.
    ///
    /// - Parameters:
    ///   - code: The code, exactly as written (ending with a newline when the
    ///     block has any line).
    ///   - language: The first word of the info string, or `nil` when the
    ///     block has no info string.
    ///   - info: The whole info string after the opening fence, for example
    ///     `swift title="main.swift"`; empty when there is none.
    func highlightedBlock(code: String, language: String?, info: String) -> String
}

/// The highlighter that only escapes: its output is byte for byte the HTML
/// cmark itself gives a code block.
public struct EscapingHighlighter: CodeHighlighter {
    /// Creates the escaping highlighter.
    public init() {}

    /// `<pre><code class="language-LANG">ESCAPED CODE</code></pre>` and a
    /// newline; without a language, `<pre><code>`.
    public func highlightedBlock(code: String, language: String?, info: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(code.utf8.count + 48)
        if let language, !language.isEmpty {
            output.append(contentsOf: "<pre><code class=\"language-".utf8)
            HTMLEscaping.appendText(language, to: &output)
            output.append(contentsOf: "\">".utf8)
        } else {
            output.append(contentsOf: "<pre><code>".utf8)
        }
        HTMLEscaping.appendText(code, to: &output)
        output.append(contentsOf: "</code></pre>\n".utf8)
        return String(decoding: output, as: UTF8.self)
    }
}

import Bytes

/// Syntax highlighting of code blocks into HTML at build time.
///
/// Input comes as a `String` (always valid Unicode: any invalid UTF-8 was
/// already replaced by U+FFFD when the string was made) or as raw bytes,
/// where invalid UTF-8 is passed through unchanged. Either way the output,
/// with its tags removed and `&amp;`, `&lt;`, `&gt;`, `&quot;` unescaped, is
/// exactly the input: highlighting never loses, adds or reorders text, and
/// never fails, whatever the input (unterminated strings and comments run to
/// the end of their line or of the block).
public enum Highlighter {
    /// The language a fence info string names (its first word, any case),
    /// or `nil` for an unknown or absent language.
    public static func language(forInfo info: String) -> Language? {
        FenceOptions(info: info).language.flatMap(Language.init(alias:))
    }

    /// Highlights `code` as `language`: escaped text with `<span class="…">`
    /// around tokens and no enclosing element. No span crosses a newline.
    public static func highlight(_ code: String, language: Language) -> String {
        String(decoding: render(code, language: language, lineWrapping: nil), as: UTF8.self)
    }

    /// Highlights UTF-8 `bytes` as `language`, like `highlight(_:language:)`.
    /// Bytes that are not valid UTF-8 are copied to the output unchanged (no
    /// span boundary falls between them and their neighbours), so the
    /// result is valid UTF-8 exactly when the input is.
    public static func highlight(bytes: [UInt8], language: Language) -> [UInt8] {
        bytes.withUnsafeBufferPointer { buffer in
            render(buffer, language: language, lineWrapping: nil)
        }
    }

    /// The whole HTML of a fenced code block whose info string is `info`:
    ///
    /// ```html
    /// <pre class="code" data-lang="swift"><code class="language-swift"><span class="line">…</span>
    /// </code></pre>
    /// ```
    ///
    /// Every line is wrapped in `<span class="line">`; lines named in the
    /// info string (`swift {2,4-5}`) get the class `line hl`; with `linenos`
    /// the `<pre>` gets the class `linenos` and each line a `data-line`
    /// number for the stylesheet to show. An unknown or absent language gives
    /// escaped plain text (an unknown name is still written in `data-lang`).
    public static func highlightedBlock(code: String, info: String) -> String {
        let options = FenceOptions(info: info)
        return highlightedBlock(code: code, languageName: options.language, options: options)
    }

    /// The whole HTML of a fenced code block, where `language` is the
    /// fence's language word as already parsed by the Markdown layer (it wins
    /// over the first word of `info` when given) and `info` is the full info
    /// string carrying the options.
    public static func highlightedBlock(code: String, language: String?, info: String) -> String {
        let options = FenceOptions(info: info)
        return highlightedBlock(code: code, languageName: language ?? options.language, options: options)
    }

    private static func highlightedBlock(code: String, languageName: String?, options: FenceOptions) -> String {
        let language = languageName.flatMap(Language.init(alias:))
        let shownName = language?.name ?? languageName.map(HTMLEscaping.attribute)
        var html = "<pre class=\"code"
        if options.lineNumbers { html += " linenos" }
        html += "\""
        if let shownName { html += " data-lang=\"\(shownName)\"><code class=\"language-\(shownName)\">" } else { html += "><code>" }
        let wrapping = HTMLWriter.LineWrapping(highlightedLines: options.highlightedLines, showsNumbers: options.lineNumbers)
        html += String(decoding: render(code, language: language, lineWrapping: wrapping), as: UTF8.self)
        html += "</code></pre>\n"
        return html
    }

    private static func render(_ code: String, language: Language?, lineWrapping: HTMLWriter.LineWrapping?) -> [UInt8] {
        var code = code
        return code.withUTF8 { buffer in
            render(buffer, language: language, lineWrapping: lineWrapping)
        }
    }

    private static func render(_ buffer: UnsafeBufferPointer<UInt8>, language: Language?, lineWrapping: HTMLWriter.LineWrapping?) -> [UInt8] {
        var lexer = Lexer(text: buffer, writer: HTMLWriter(expectedInputSize: buffer.count, lineWrapping: lineWrapping))
        if let language {
            lex(language, with: &lexer)
        }
        lexer.emitRest(.plain)
        lexer.writer.finish()
        return lexer.writer.bytes
    }

    /// Runs the lexer of `language` from the cursor to `lexer.end`.
    static func lex(_ language: Language, with lexer: inout Lexer) {
        switch language {
        case .swift: SwiftLexer.lex(&lexer)
        case .objectiveC: CStyleLexer.lex(&lexer, grammar: .objectiveC)
        case .c: CStyleLexer.lex(&lexer, grammar: .c)
        case .cpp: CStyleLexer.lex(&lexer, grammar: .cpp)
        case .javascript: CStyleLexer.lex(&lexer, grammar: .javascript)
        case .typescript: CStyleLexer.lex(&lexer, grammar: .typescript)
        case .python: CStyleLexer.lex(&lexer, grammar: .python)
        case .shell: ShellLexer.lex(&lexer)
        case .console: ConsoleLexer.lex(&lexer)
        case .json: JSONLexer.lex(&lexer)
        case .yaml: YAMLLexer.lex(&lexer)
        case .html: MarkupLanguageLexer.lex(&lexer, embedsScriptsAndStyles: true)
        case .xml: MarkupLanguageLexer.lex(&lexer, embedsScriptsAndStyles: false)
        case .css: CSSLexer.lex(&lexer)
        case .diff: DiffLexer.lex(&lexer)
        case .markdown: MarkdownLexer.lex(&lexer)
        case .kotlin: CStyleLexer.lex(&lexer, grammar: .kotlin)
        case .java: CStyleLexer.lex(&lexer, grammar: .java)
        case .go: CStyleLexer.lex(&lexer, grammar: .go)
        case .rust: CStyleLexer.lex(&lexer, grammar: .rust)
        case .ruby: RubyLexer.lex(&lexer)
        case .sql: SQLLexer.lex(&lexer)
        case .toml: TOMLLexer.lex(&lexer)
        case .dockerfile: DockerfileLexer.lex(&lexer)
        }
    }
}

import Highlight
import Markup

/// Connects the build-time highlighter to the Markup layer's code-block hook.
struct SyntaxHighlighter: CodeHighlighter {
    func highlightedBlock(code: String, language: String?, info: String) -> String {
        Highlighter.highlightedBlock(code: code, info: info)
    }
}

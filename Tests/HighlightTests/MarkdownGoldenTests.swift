import Testing
import Highlight

/// Golden output for a realistic Markdown post.
@Suite struct MarkdownGoldenTests {
    @Test func post() {
        let input = ##"""
        # Closures in Swift

        Some *emphasis*, **strong** and `code` with a [link](https://example.com) and snake_case_name.

        > A quote with \*escaped\*
        - item one
        1. first
        ---

        ```swift
        let x = 1
        ```
        """##
        let expected = ##"""
        <span class="heading"># Closures in Swift</span>

        Some <span class="em">*emphasis*</span>, <span class="strong">**strong**</span> and <span class="str">`code`</span> with a [link]<span class="link">(https://example.com)</span> and snake_case_name.

        <span class="punct">&gt;</span> A quote with <span class="esc">\*</span>escaped<span class="esc">\*</span>
        <span class="punct">-</span> item one
        <span class="punct">1.</span> first
        <span class="punct">---</span>

        <span class="meta">```swift</span>
        <span class="kw">let</span> x <span class="op">=</span> <span class="num">1</span>
        <span class="meta">```</span>
        """##
        #expect(Highlighter.highlight(input, language: .markdown) == expected)
    }
}

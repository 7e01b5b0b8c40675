import Testing
import Highlight

/// Golden output for a realistic git diff.
@Suite struct DiffGoldenTests {
    @Test func gitDiff() {
        let input = ##"""
        diff --git a/Sources/App.swift b/Sources/App.swift
        index 3b18e51..a9c2f4e 100644
        --- a/Sources/App.swift
        +++ b/Sources/App.swift
        @@ -1,4 +1,4 @@ struct App {
         import Foundation
        -let name = "old"
        +let name = "new"
        \ No newline at end of file
        """##
        let expected = ##"""
        <span class="heading">diff --git a/Sources/App.swift b/Sources/App.swift</span>
        <span class="meta">index 3b18e51..a9c2f4e 100644</span>
        <span class="heading">--- a/Sources/App.swift</span>
        <span class="heading">+++ b/Sources/App.swift</span>
        <span class="meta">@@ -1,4 +1,4 @@ struct App {</span>
         import Foundation
        <span class="del">-let name = &quot;old&quot;</span>
        <span class="ins">+let name = &quot;new&quot;</span>
        <span class="meta">\ No newline at end of file</span>
        """##
        #expect(Highlighter.highlight(input, language: .diff) == expected)
    }
}

import Testing
import Highlight

/// Golden output for a realistic terminal transcript.
@Suite struct ConsoleGoldenTests {
    @Test func transcript() {
        let input = ##"""
        $ swift build -c release
        Building for production...
        Build complete! (42.10s)
        % despina build --output "Site" \
            --drafts
        Wrote 1204 pages in 0.8s
        $ echo $HOME
        """##
        let expected = ##"""
        <span class="prompt">$ </span><span class="fn">swift</span> build -c release
        <span class="out">Building for production...</span>
        <span class="out">Build complete! (42.10s)</span>
        <span class="prompt">% </span><span class="fn">despina</span> build --output <span class="str">&quot;Site&quot;</span> <span class="esc">\</span>
            --drafts
        <span class="out">Wrote 1204 pages in 0.8s</span>
        <span class="prompt">$ </span><span class="fn">echo</span> <span class="var">$HOME</span>
        """##
        #expect(Highlighter.highlight(input, language: .console) == expected)
    }
}

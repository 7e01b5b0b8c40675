import Testing
import Highlight

@Suite struct FenceOptionsTests {
    @Test func readsTheLanguageWord() {
        let options = FenceOptions(info: "swift")
        #expect(options.language == "swift")
        #expect(options.highlightedLines.isEmpty)
        #expect(options.lineNumbers == false)
    }

    @Test func readsLinesAndRanges() {
        #expect(FenceOptions(info: "swift {2,4-5}").highlightedLines == [2, 4, 5])
        #expect(FenceOptions(info: "py {1, 3-3}").highlightedLines == [1, 3])
    }

    @Test func readsLineNumbersInEitherSpelling() {
        #expect(FenceOptions(info: "swift linenos").lineNumbers)
        #expect(FenceOptions(info: "swift {linenos=true}").lineNumbers)
        #expect(FenceOptions(info: "swift {1-2 linenos}").highlightedLines == [1, 2])
        #expect(FenceOptions(info: "swift {linenos=false}").lineNumbers == false)
    }

    @Test func optionsWithoutALanguage() {
        let options = FenceOptions(info: "{3}")
        #expect(options.language == nil)
        #expect(options.highlightedLines == [3])
    }

    @Test func ignoresNonsenseAndCapsHugeRanges() {
        #expect(FenceOptions(info: "swift {0,-3,5-2,x,7-}").highlightedLines.isEmpty)
        #expect(FenceOptions(info: "swift {1-999999999999}").highlightedLines.count == 10_000)
        #expect(FenceOptions(info: "").language == nil)
    }
}

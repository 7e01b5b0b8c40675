import Foundation
import Testing
import TextFolding

@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("İstanbul", "istanbul"), ("ISTANBUL", "istanbul"), ("Iğdır", "igdir"), ("ığdır", "igdir"),
        ("ılık", "ilik"), ("Önümde", "onumde"), ("Việt", "viet"), ("Đà Nẵng", "da nang"),
        ("nhà", "nha"), ("tìm kiếm", "tim kiem"), ("Straße", "strasse"), ("Øresund", "oresund"),
        ("Łódź", "lodz"), ("ﬁle", "file"), ("plain ascii", "plain ascii"), ("MixedCase", "mixedcase"),
    ])
    func folds(input: String, expected: String) {
        #expect(TextFolding.fold(input) == expected)
    }

    @Test func nfcAndNfdFoldAlike() {
        let nfc = "tìm kiếm Đà Nẵng Önümde"
        let nfd = nfc.decomposedStringWithCanonicalMapping
        #expect(nfc.unicodeScalars.count != nfd.unicodeScalars.count)
        #expect(TextFolding.fold(nfc) == TextFolding.fold(nfd))
    }

    @Test(arguments: [
        ("Kỹ thuật", "ky-thuat"), ("Önümde sokaklar", "onumde-sokaklar"),
        ("  Swift: Closures & Functions!  ", "swift-closures-functions"),
        ("Don't panic", "dont-panic"), ("C++ in 2024", "c-in-2024"), ("日本語 タイトル", "日本語-タイトル"),
        ("---", ""), ("snake_case and-dash", "snake-case-and-dash"), ("'x'", "x"), ("It’s", "its"),
    ])
    func slugs(input: String, expected: String) {
        #expect(TextFolding.slug(input) == expected)
    }

    @Test(arguments: [
        ("C++", "c-plus-plus"), ("C#", "c-sharp"), ("c", "c"), ("Notepad++", "notepad-plus-plus"),
        ("F# and C#", "f-sharp-and-c-sharp"), ("#swift", "swift"), ("a + b", "a-b"), ("Swift", "swift"),
        ("...", ""), ("!!!", ""), ("+", ""), ("Türkçe", "turkce"),
    ])
    func termSlugsSpellOutPlusAndSharpAfterAWord(input: String, expected: String) {
        #expect(TextFolding.termSlug(input) == expected)
    }
}

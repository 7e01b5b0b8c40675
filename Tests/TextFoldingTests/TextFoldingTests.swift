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

    /// Latin text folds one scalar at a time from a table; text with a
    /// scalar of another script is decomposed whole. Both must agree, so
    /// each Latin text is folded again with a CJK letter after it.
    @Test func latinTextFoldsAsDecomposingTheWholeTextDoes() {
        var texts = [
            "İstanbul'da ılık bir gece", "Kỹ thuật lập trình", "Ky\u{0303} thua\u{0323}\u{0302}t",
            "Đà Nẵng và Hội An", "ÇĞİÖŞÜ çğıöşü", "Œuvre ǅemal Ǆ ǉ ŉ ſ", "e\u{0302}\u{0323} a\u{0323}\u{0306}",
            "Æsir øre Þorn ðað ß ĸ ŀ",
        ]
        texts += (0x80..<0x250).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        texts += (0x1E00..<0x1F00).compactMap { Unicode.Scalar($0).map { "x" + String(Character($0)) + "\u{0301}" } }
        for text in texts {
            #expect(TextFolding.fold(text) + "中" == TextFolding.fold(text + "中"), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
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

    /// A slug of text that folds to ASCII is made in one pass as the text
    /// folds; text with a scalar of another script goes through the whole
    /// fold first. Both must agree, so each Latin text is slugged again with
    /// a CJK word after it.
    @Test func latinTextSlugsAsTheWholeFoldDoes() {
        var texts = [
            "İstanbul'da ılık bir gece", "Kỹ thuật lập trình", "Ky\u{0303} thua\u{0323}\u{0302}t", "Don't  panic!",
            "Đà Nẵng và Hội An", "ÇĞİÖŞÜ çğıöşü", "Œuvre ǅemal Ǆ ǉ ŉ ſ", "5×3 µs ½ ª", "-- a_b --", "", "'",
        ]
        texts += (0x20..<0x250).compactMap { Unicode.Scalar($0).map { "x" + String(Character($0)) + "y" } }
        texts += (0x300..<0x370).compactMap { Unicode.Scalar($0).map { "e" + String(Character($0)) } }
        texts += (0x1E00..<0x1F00).compactMap { Unicode.Scalar($0).map { "x" + String(Character($0)) + "\u{0301}" } }
        for text in texts {
            let slug = TextFolding.slug(text)
            #expect((slug.isEmpty ? "中" : slug + "-中") == TextFolding.slug(text + " 中"), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
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

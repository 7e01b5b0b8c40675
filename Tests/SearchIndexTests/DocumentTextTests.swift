import Testing
@testable import SearchIndex

/// The text file a document's excerpts and phrase checks read: each line
/// one passage, white space collapsed, JSON escapes where they are due.
@Suite struct DocumentTextTests {
    @Test func linesBecomePassagesWithWhiteSpaceCollapsedAndEscapes() {
        let document = SearchDocument(
            id: "a", url: "/a/", title: "A",
            body: "Hello  world \"q\" a\\b\u{01}\r\n\n  x\u{00A0}\u{00A0}y © z \t\nlast",
            code: "let a = 1\n")
        let file = DocumentText.file(for: document)
        #expect(String(decoding: file.bytes, as: UTF8.self)
            == #"{"passages":["Hello world \"q\" a\\b\u0001","x y © z","last","let a = 1"]}"#)
        #expect(file.path == "t/af63dc4c8601ec8c.json")
    }

    @Test func aDocumentWithoutTextHasNoPassages() {
        let file = DocumentText.file(for: SearchDocument(id: "a", url: "/a/", title: "A", body: " \n\u{00A0}\n"))
        #expect(String(decoding: file.bytes, as: UTF8.self) == #"{"passages":[]}"#)
    }
}

/// The text file against its rule written plainly, on random text made of
/// every kind of byte the writer tells apart.
@Suite struct DocumentTextRuleTests {
    @Test func passagesFollowThePlainRule() {
        let pieces = ["a", "plain words", "Zü", "ệ", " ", "  ", "\t", "\u{0B}", "\u{0C}", "\n", "\r", "\r\n", "\u{00A0}", "\u{00C2}",
                      "\"", "\\", "\u{01}", "\u{1F}", "©", "-"]
        var generator = SystemRandomNumberGenerator()
        func text() -> String {
            (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        }
        for _ in 0..<1000 {
            let document = SearchDocument(id: "a", url: "/a/", title: "A", body: text(), code: text())
            let expected = "{\"passages\":[" + (passages(document.body) + passages(document.code)).joined(separator: ",") + "]}"
            #expect(String(decoding: DocumentText.file(for: document).bytes, as: UTF8.self) == expected)
        }
    }

    /// Each line, its runs of white space (ASCII or no-break) one space,
    /// without the ones at its ends, as a JSON string; empty lines left out.
    private func passages(_ text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).compactMap { line in
            let words = line.split(whereSeparator: { [" ", "\t", "\u{0B}", "\u{0C}", "\u{00A0}"].contains($0) })
            guard !words.isEmpty else { return nil }
            var literal = "\""
            for scalar in words.map({ String(String.UnicodeScalarView($0)) }).joined(separator: " ").unicodeScalars {
                switch scalar {
                case "\"": literal += "\\\""
                case "\\": literal += "\\\\"
                case _ where scalar.value < 0x20: literal += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                default: literal.unicodeScalars.append(scalar)
                }
            }
            return literal + "\""
        }
    }
}

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

import Foundation
import Testing
@testable import SearchIndex

struct JSONWriterTests {
    @Test(arguments: [
        ("", #""""#),
        ("plain words", #""plain words""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("line\nbreak\r\ttab", #""line\nbreak\r\ttab""#),
        ("\u{01}x\u{1F}", #""\u0001x\u001f""#),
        ("Tìm kiếm “tiếng Việt” — İstanbul", "\"Tìm kiếm “tiếng Việt” — İstanbul\""),
        ("\"", #""\"""#),
        ("end\\", #""end\\""#),
    ])
    func stringsAreEscapedAsJSON(text: String, json: String) throws {
        var writer = JSONWriter()
        writer.string(text)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == json)
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes), options: [.fragmentsAllowed])
        #expect(decoded as? String == text)
    }
}

/// The text of one document that excerpts and phrase checks read, in a
/// file of its own (`t/<key>.json`, see docs/search-index.md).
///
/// One small file per document, named by a hash of its identifier rather
/// than by its place in the index: a query reads only the files of the
/// results it shows (or checks), never text that grows with the site, and
/// a build writes a document's file while the document is analysed, with
/// no need to keep the text of every document until the index is made.
public enum DocumentText {
    /// The key of the document with identifier `id`: the 64-bit FNV-1a
    /// hash of its UTF-8 bytes, in 16 lowercase hex digits.
    public static func key(forID id: String) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The path, relative to the index folder, of the text file of the
    /// document whose key is `key`.
    public static func path(forKey key: String) -> String { "t/\(key).json" }

    /// The path of the text file of the document with identifier `id`.
    public static func path(forID id: String) -> String { path(forKey: key(forID: id)) }

    /// The passages of `document`: each line of its body (a paragraph, a
    /// heading, a list item, a table cell), then each line of its code,
    /// white space collapsed, empty ones left out.
    public static func passages(of document: SearchDocument) -> [String] {
        var passages: [String] = []
        for text in [document.body, document.code] {
            for line in text.split(whereSeparator: \.isNewline) {
                let passage = DocumentAnalyzer.collapsingWhitespace(String(line), limit: Int.max)
                if !passage.isEmpty { passages.append(passage) }
            }
        }
        return passages
    }

    /// The text file of `document`: its path and its bytes,
    /// `{"passages":[...]}`.
    public static func file(for document: SearchDocument) -> (path: String, bytes: [UInt8]) {
        let passages = passages(of: document)
        var writer = JSONWriter(capacity: document.body.utf8.count + document.code.utf8.count + 64)
        writer.raw("{\"passages\":")
        writer.stringArray(passages)
        writer.raw("}")
        return (path(forID: document.id), writer.bytes)
    }
}

/// The decoded form of a text file.
struct TextFile: Decodable {
    var passages: [String]
}

extension IndexBuilder {
    /// The whole index of `documents`, their text files included: for a
    /// caller that holds every document at once (tests, tools). A site
    /// build adds analysed documents to a builder and writes each text
    /// file (`DocumentText.file(for:)`) as it goes.
    public static func files(for documents: [SearchDocument]) -> [String: [UInt8]] {
        var builder = IndexBuilder()
        var files: [String: [UInt8]] = [:]
        for document in documents {
            builder.add(DocumentAnalyzer.analyze(document))
            let text = DocumentText.file(for: document)
            files[text.path] = text.bytes
        }
        return files.merging(builder.build()) { _, built in built }
    }
}

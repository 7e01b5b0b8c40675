import Bytes

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
        HexText.sixteenDigits(FNV1a64.hash(id))
    }

    /// The path, relative to the index folder, of the text file of the
    /// document whose key is `key`.
    public static func path(forKey key: String) -> String { "t/\(key).json" }

    /// The path of the text file of the document with identifier `id`.
    public static func path(forID id: String) -> String { path(forKey: key(forID: id)) }

    /// The text file of `document`: its path and its bytes,
    /// `{"passages":[...]}`: each line of its body (a paragraph, a heading,
    /// a list item, a table cell), then each line of its code, white space
    /// collapsed, empty ones left out. Written straight from the UTF-8 of the body
    /// and the code in one pass (a build writes one per post).
    public static func file(for document: SearchDocument) -> (path: String, bytes: [UInt8]) {
        var out: [UInt8] = []
        out.reserveCapacity(document.bodyBytes.count + document.codeBytes.count + 64)
        out += Array("{\"passages\":[".utf8)
        var isFirst = true
        document.bodyBytes.withUnsafeBufferPointer { appendPassages(of: $0, to: &out, isFirst: &isFirst) }
        document.codeBytes.withUnsafeBufferPointer { appendPassages(of: $0, to: &out, isFirst: &isFirst) }
        out += Array("]}".utf8)
        return (path(forID: document.id), out)
    }

    /// Appends each line of `text` as a JSON string, white space (ASCII,
    /// and no-break spaces) collapsed to one space, empty lines left out.
    private static func appendPassages(of text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], isFirst: inout Bool) {
        var isOpen = false
        var pendingSpace = false
        var index = 0
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        let byteKinds = Self.byteKinds
        func close() {
            if isOpen { out.append(0x22) }
            isOpen = false
            pendingSpace = false
        }
        while index < text.count {
            let byte = text[index]
            if byte == 0x0A || byte == 0x0D {
                close()
                index += 1
                continue
            }
            let isNoBreakSpace = byte == 0xC2 && index + 1 < text.count && text[index + 1] == 0xA0
            if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C || isNoBreakSpace {
                pendingSpace = isOpen
                index += isNoBreakSpace ? 2 : 1
                continue
            }
            if !isOpen {
                if !isFirst { out.append(0x2C) }
                out.append(0x22)
                isOpen = true
                isFirst = false
            } else if pendingSpace {
                out.append(0x20)
            }
            pendingSpace = false
            // Bytes that need no escaping go over as a run, with the single
            // spaces between words: most of a post is such runs.
            var end = index
            while end < text.count {
                if end + 8 <= text.count, let base = text.baseAddress, Self.isPlainRun(ByteLanes.load(base + end)) {
                    end += 8
                    continue
                }
                let kind = byteKinds[Int(text[end])]
                if kind == plain {
                    end += 1
                } else if kind == space, end + 1 < text.count, byteKinds[Int(text[end + 1])] == plain {
                    end += 2
                } else {
                    break
                }
            }
            if end > index {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<end]))
                index = end
                continue
            }
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0..<0x20: out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
            index += 1
        }
        close()
    }

    /// Whether eight bytes go over whole as part of a run: none of them
    /// ends a run (a control byte, `"`, `\`, 0xC2), no two spaces are side
    /// by side, and the last is not a space (whose follower is not known
    /// here). Most blocks of a post's text are, so a run is mostly crossed
    /// eight bytes at a time, with no branch for each space.
    @inline(__always)
    private static func isPlainRun(_ lanes: UInt64) -> Bool {
        let ending = ByteLanes.zero(lanes & (ByteLanes.ones &* 0xE0)) | ByteLanes.equal(lanes, 0x22)
            | ByteLanes.equal(lanes, 0x5C) | ByteLanes.equal(lanes, 0xC2)
        let spaces = ByteLanes.equal(lanes, 0x20)
        return ending | (spaces & (spaces >> 8)) | (spaces >> 56) == 0
    }

    /// What each byte is to a run copied as it is: `plain`, copied with no
    /// look of its own (not white space or a line break, not escaped in
    /// JSON, not the first byte of a no-break space, 0xC2 0xA0); `space`,
    /// copied when a plain byte follows; else it ends the run. Looked up in
    /// a table rather than compared four times, byte after byte of every post.
    private static let byteKinds: [UInt8] = (0...255).map { byte in
        byte == 0x20 ? space : byte > 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xC2 ? plain : 0
    }
    private static let plain: UInt8 = 1
    private static let space: UInt8 = 2
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

import Markup

/// Hugo's TOML front matter, a block between two `+++` lines at the top of
/// a file. It is read into the same `FrontMatter` as YAML front matter, so
/// every key Despina knows means the same in either form.
enum TOMLFrontMatter {
    /// Splits `text` into its TOML front matter, its body and the file line
    /// the body starts on; `nil` when `text` does not start with a `+++`
    /// line (after a byte order mark).
    ///
    /// - Throws: `MarkupError` when the block is not closed or is not valid
    ///   TOML, at the place of the problem in the file.
    static func split(_ text: String) throws(MarkupError)
        -> (frontMatter: FrontMatter, body: Substring, bodyFirstLine: Int)?
    {
        let utf8 = text.utf8
        var start = utf8.startIndex
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { start = utf8.index(start, offsetBy: 3) }
        guard let firstEnd = utf8[start...].firstIndex(of: UInt8(ascii: "\n")),
              isFence(utf8[start..<firstEnd]) else { return nil }
        let blockStart = utf8.index(after: firstEnd)
        var lineStart = blockStart
        var lineNumber = 2
        while lineStart < utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            if isFence(utf8[lineStart..<lineEnd]) {
                var reader = TOMLReader(String(text[blockStart..<lineStart]), firstLine: 2)
                let values = try reader.read()
                let bodyStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
                return (FrontMatter(values: values), text[bodyStart...], lineNumber + 1)
            }
            guard lineEnd < utf8.endIndex else { break }
            lineStart = utf8.index(after: lineEnd)
            lineNumber += 1
        }
        throw MarkupError(
            line: 1, column: 1,
            message: "the front matter that starts here is never closed; add a line '+++' after it")
    }

    /// `+++`, with trailing blanks or a carriage return.
    private static func isFence(_ line: Substring.UTF8View) -> Bool {
        var bytes = line[...]
        while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0D { bytes = bytes.dropLast() }
        return bytes.elementsEqual("+++".utf8)
    }
}

/// Recognizes the `<!--more-->` marker that ends a post's summary, and HTML
/// comments in general.
enum SummaryMarker {
    /// Whether `html` is `<!--more-->`, allowing spaces inside the comment
    /// and around it and any letter case (`<!-- MORE -->`).
    static func isMarker(_ html: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let body = commentBody(html) else { return false }
        let word = trimmingSpaces(body)
        guard word.count == 4 else { return false }
        return zip(word, "more".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// Whether `html` is one HTML comment and nothing else.
    static func isComment(_ html: UnsafeBufferPointer<UInt8>) -> Bool {
        commentBody(html) != nil
    }

    /// The text between `<!--` and `-->` when `html` is a single comment.
    private static func commentBody(_ html: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        let trimmed = trimmingSpaces(html[...])
        guard trimmed.count >= 7,
              trimmed.starts(with: "<!--".utf8),
              trimmed.reversed().starts(with: ">--".utf8) else { return nil }
        let body = trimmed.dropFirst(4).dropLast(3)
        if containsPair(UnsafeBufferPointer(rebasing: body), UInt8(ascii: "-"), UInt8(ascii: "-")) { return nil }
        return body
    }

    private static func trimmingSpaces(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Slice<UnsafeBufferPointer<UInt8>> {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end]
    }
}

/// Word count and reading time of plain text.
enum TextStatistics {
    /// Words a reader reads in a minute.
    static let wordsPerMinute = 220

    /// The number of words in `text`: runs of letters, digits and other
    /// non-space characters, where dashes, quotes and other punctuation
    /// standing alone do not count.
    static func wordCount(of text: String) -> Int {
        var text = text
        return text.withUTF8 { wordCount(ofUTF8: $0) }
    }

    /// The number of words in UTF-8 `bytes`; see ``wordCount(of:)``.
    static func wordCount(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var inWord = false
        var utf8 = bytes.makeIterator()
        while let byte = utf8.next() {
            let isWordByte: Bool
            if byte < 0x80 {
                isWordByte = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                if !isWordByte && (byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D) {
                    inWord = false
                    continue
                }
                if !isWordByte { continue }
            } else if byte == 0xE2 {
                // U+2000...U+206F, general punctuation: dashes, curly quotes,
                // ellipsis. A separator, not part of a word.
                // Curly single quotes are apostrophes inside a word (it’s).
                if let second = utf8.next(), second == 0x80 || second == 0x81 {
                    let third = utf8.next()
                    if second == 0x80, third == 0x98 || third == 0x99 { continue }
                    inWord = false
                    continue
                }
                isWordByte = true
            } else {
                isWordByte = true
            }
            if isWordByte && !inWord {
                count += 1
                inWord = true
            }
        }
        return count
    }

    /// Minutes to read `wordCount` words, rounded to the nearest minute and
    /// at least 1.
    static func readingMinutes(forWordCount wordCount: Int) -> Int {
        max(1, (wordCount + wordsPerMinute / 2) / wordsPerMinute)
    }
}

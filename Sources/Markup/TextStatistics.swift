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
        var index = 0
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            index += 1
            switch byteClasses[Int(byte)] {
            case .word:
                if !inWord {
                    count += 1
                    inWord = true
                }
            case .space:
                inWord = false
            case .other:
                continue
            case .punctuationLead:
                // U+2000...U+206F, general punctuation: dashes, curly quotes,
                // ellipsis. A separator, not part of a word. Curly single
                // quotes are apostrophes inside a word (it’s). Any other
                // character with this first byte is a word's.
                guard index < end else {
                    if !inWord { count += 1 }
                    return count
                }
                let second = bytes[index]
                index += 1
                if second == 0x80 || second == 0x81 {
                    let third = index < end ? bytes[index] : nil
                    if third != nil { index += 1 }
                    if second == 0x80, third == 0x98 || third == 0x99 { continue }
                    inWord = false
                } else if !inWord {
                    count += 1
                    inWord = true
                }
            }
        }
        return count
    }

    /// What a byte does to a count of words.
    private enum ByteClass {
        /// A letter or digit, or any byte of a character beyond ASCII.
        case word
        /// A space, tab or line break: ends a word.
        case space
        /// Other ASCII (punctuation): neither starts nor ends a word.
        case other
        /// 0xE2, which starts the general punctuation block and more.
        case punctuationLead
    }

    private static let byteClasses: [ByteClass] = (0...255).map { (byte: Int) -> ByteClass in
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return .word
        case 0x20, 0x0A, 0x09, 0x0D: return .space
        case 0xE2: return .punctuationLead
        case 0x80...: return .word
        default: return .other
        }
    }

    /// Minutes to read `wordCount` words, rounded to the nearest minute and
    /// at least 1.
    static func readingMinutes(forWordCount wordCount: Int) -> Int {
        max(1, (wordCount + wordsPerMinute / 2) / wordsPerMinute)
    }
}

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
    ///
    /// Words and spaces alternate every few bytes, which a branch on each
    /// byte's class would guess wrong about half the time; the state is
    /// worked out from the class with bit operations instead, and only the
    /// rare first byte of general punctuation takes a branch of its own.
    static func wordCount(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        byteClasses.withUnsafeBufferPointer { classes in
            var count = 0
            // 1 inside a word, 0 outside.
            var inWord: UInt8 = 0
            var index = 0
            let end = bytes.count
            while index < end {
                let byteClass = classes[Int(bytes[index])]
                index += 1
                if byteClass != punctuationLead {
                    let next = (byteClass & word) | ((byteClass >> 1) & inWord)
                    count &+= Int(next & ~inWord)
                    inWord = next
                    continue
                }
                // U+2000...U+206F, general punctuation: dashes, curly quotes,
                // ellipsis. A separator, not part of a word. Curly single
                // quotes are apostrophes inside a word (it’s). Any other
                // character with this first byte is a word's.
                guard index < end else { return count + Int(1 - inWord) }
                let second = bytes[index]
                index += 1
                if second == 0x80 || second == 0x81 {
                    let third = index < end ? bytes[index] : nil
                    if third != nil { index += 1 }
                    if second == 0x80, third == 0x98 || third == 0x99 { continue }
                    inWord = 0
                } else {
                    count += Int(1 - inWord)
                    inWord = 1
                }
            }
            return count
        }
    }

    /// What a byte does to a count of words, as bits: `word` for a letter
    /// or digit or any byte of a character beyond ASCII (starts or goes on
    /// with a word); `keeps` for other ASCII, punctuation, which neither
    /// starts nor ends one; neither for a space, tab or line break, which
    /// ends it; and `punctuationLead` for 0xE2, which starts the general
    /// punctuation block and more.
    private static let word: UInt8 = 1
    private static let keeps: UInt8 = 2
    private static let punctuationLead: UInt8 = 0xFF

    private static let byteClasses: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return word
        case 0x20, 0x0A, 0x09, 0x0D: return 0
        case 0xE2: return punctuationLead
        case 0x80...: return word
        default: return keeps
        }
    }

    /// Minutes to read `wordCount` words, rounded to the nearest minute and
    /// at least 1.
    static func readingMinutes(forWordCount wordCount: Int) -> Int {
        max(1, (wordCount + wordsPerMinute / 2) / wordsPerMinute)
    }
}

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
    /// byte's class would guess wrong about half the time; each byte is
    /// instead looked up in a table of transitions, by the byte and by
    /// whether the count is inside a word, which gives the next state and
    /// whether a word started. Only the rare first byte of general
    /// punctuation takes a branch of its own.
    static func wordCount(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        transitions.withUnsafeBufferPointer { transitions in
            var count = 0
            // 256 inside a word, 0 outside: the half of `transitions` to read.
            var state = 0
            var index = 0
            let end = bytes.count
            while index < end {
                let transition = transitions[state | Int(bytes[index])]
                index += 1
                if transition != punctuationLead {
                    count &+= Int(transition >> 1)
                    state = Int(transition & 1) << 8
                    continue
                }
                // U+2000...U+206F, general punctuation: dashes, curly quotes,
                // ellipsis. A separator, not part of a word. Curly single
                // quotes are apostrophes inside a word (it’s). Any other
                // character with this first byte is a word's.
                let outside = state == 0 ? 1 : 0
                guard index < end else { return count + outside }
                let second = bytes[index]
                index += 1
                if second == 0x80 || second == 0x81 {
                    let third = index < end ? bytes[index] : nil
                    if third != nil { index += 1 }
                    if second == 0x80, third == 0x98 || third == 0x99 { continue }
                    state = 0
                } else {
                    count += outside
                    state = 256
                }
            }
            return count
        }
    }

    /// The first byte of the general punctuation block and more (0xE2),
    /// in `transitions`.
    private static let punctuationLead: UInt8 = 0xFF

    /// What a byte does to a count of words, outside a word (the first 256
    /// entries) and inside one (the next 256): bit 0 is whether the count
    /// is inside a word after it, bit 1 whether a word started with it. A
    /// letter or digit or any byte of a character beyond ASCII starts or
    /// goes on with a word; other ASCII, punctuation, neither starts nor
    /// ends one; a space, tab or line break ends it; 0xE2 is
    /// `punctuationLead`.
    private static let transitions: [UInt8] = [false, true].flatMap { inWord in
        (0...255).map { (byte: Int) -> UInt8 in
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80..<0xE2, 0xE3...: return inWord ? 1 : 3
            case 0x20, 0x0A, 0x09, 0x0D: return 0
            case 0xE2: return punctuationLead
            default: return inWord ? 1 : 0
            }
        }
    }

    /// Minutes to read `wordCount` words, rounded to the nearest minute and
    /// at least 1.
    static func readingMinutes(forWordCount wordCount: Int) -> Int {
        max(1, (wordCount + wordsPerMinute / 2) / wordsPerMinute)
    }
}

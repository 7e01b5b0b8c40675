import Bytes

/// Word count and reading time of plain text.
enum TextStatistics {
    /// Words a reader reads in a minute.
    static let wordsPerMinute = 220

    /// The number of words in UTF-8 `bytes`: runs of letters, digits and
    /// other non-space characters, where dashes, quotes and other
    /// punctuation standing alone do not count.
    ///
    /// Eight bytes at a time: each byte's class is worked out for all eight
    /// at once, in the bits of one integer, and so is whether each byte is
    /// inside a word; words start where a letter follows a byte outside
    /// one. Eight bytes holding 0xE2, the first byte of general punctuation,
    /// and the last few bytes go through `WordCounter.count(_:from:to:)`.
    static func wordCount(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var counter = WordCounter()
        var index = 0
        while index < bytes.count {
            if bytes.count - index >= 8 {
                let chunk = ByteLanes.load(base + index)
                if ByteLanes.equal(chunk, 0xE2) == 0 {
                    counter.count(chunk)
                    index += 8
                    continue
                }
            }
            index = counter.count(bytes, from: index, to: min(index + 8, bytes.count))
        }
        return counter.words
    }

    /// A count of words under way, and whether it is inside one.
    private struct WordCounter {
        var words = 0
        var inWord = false

        /// Counts the words of eight bytes with no 0xE2 among them, the
        /// first in the low byte. A letter, digit or byte beyond ASCII
        /// starts or goes on with a word, a space ends one, and other ASCII
        /// (punctuation) keeps the state of the byte before it.
        @inline(__always)
        mutating func count(_ chunk: UInt64) {
            let beyondASCII = chunk & ByteLanes.high
            let spaces = ByteLanes.equal(chunk, 0x20) | ByteLanes.equal(chunk, 0x0D) | ByteLanes.within(chunk, 0x09, 0x0A)
            let wordBytes = beyondASCII | ByteLanes.lettersAndDigits(chunk)
            // Whole bytes of ones: each 0x80 moved down to bit 0, times 0xFF.
            let word = (wordBytes >> 7) &* 0xFF
            let other = ((ByteLanes.high & ~wordBytes & ~spaces) >> 7) &* 0xFF
            let before: UInt64 = inWord ? 0xFF : 0
            // A run of punctuation after a word byte (or after a word at
            // the start) is inside it: one added to the run's first byte
            // carries through the run, flipping every byte of it.
            let runStarts = ((word << 8) | before) & other & ByteLanes.ones
            let inside = word | (((other &+ runStarts) ^ other) & other)
            let starts = word & ~((inside << 8) | before)
            // One bit a byte at most: multiplying by `ones` sums them into the top byte.
            words += Int(((starts & ByteLanes.ones) &* ByteLanes.ones) >> 56)
            inWord = inside >> 56 != 0
        }

        /// Counts the words of `bytes` from `start` up to `end`, one byte at
        /// a time, through `transitions`; returns where it stopped, past
        /// `end` when general punctuation started before it.
        ///
        /// Words and spaces alternate every few bytes, which a branch on
        /// each byte's class would guess wrong about half the time; each
        /// byte is instead looked up in a table of transitions, by the byte
        /// and by whether the count is inside a word, which gives the next
        /// state and whether a word started. Only the rare first byte of
        /// general punctuation takes a branch of its own.
        mutating func count(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
            // 256 inside a word, 0 outside: the half of `transitions` to read.
            var state = inWord ? 256 : 0
            var index = start
            defer { inWord = state != 0 }
            while index < end {
                let transition = TextStatistics.transitions[state | Int(bytes[index])]
                index += 1
                if transition != TextStatistics.punctuationLead {
                    words &+= Int(transition >> 1)
                    state = Int(transition & 1) << 8
                    continue
                }
                // U+2000...U+206F, general punctuation: dashes, curly quotes,
                // ellipsis. A separator, not part of a word. Curly single
                // quotes are apostrophes inside a word (it’s). Any other
                // character with this first byte is a word's.
                let outside = state == 0 ? 1 : 0
                guard index < bytes.count else {
                    words += outside
                    return index
                }
                let second = bytes[index]
                index += 1
                if second == 0x80 || second == 0x81 {
                    let third = index < bytes.count ? bytes[index] : nil
                    if third != nil { index += 1 }
                    if second == 0x80, third == 0x98 || third == 0x99 { continue }
                    state = 0
                } else {
                    words += outside
                    state = 256
                }
            }
            return index
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

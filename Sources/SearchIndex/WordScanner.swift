import Bytes

/// Finds words in text: runs of letters, marks, digits and underscores, with
/// every ideograph a word of its own. Apostrophes, hyphens, punctuation and
/// spaces separate words (so `İstanbul'da` gives `İstanbul` and `da`).
///
/// The browser script classifies characters the same way; see
/// `docs/search-index.md`.
enum WordScanner {
    enum ScalarClass { case word, ideograph, separator }

    /// How a scalar takes part in words, looked up in `classes` (the
    /// common ones, which a caller that classifies many scalars reads once:
    /// each read of a static table goes through its lazy initialisation).
    static func classify(_ scalar: Unicode.Scalar, in classes: [ScalarClass] = commonClasses) -> ScalarClass {
        if scalar.value < UInt32(classes.count) { return classes[Int(scalar.value)] }
        return classifyUncached(scalar)
    }

    /// Classes of the scalars below U+3000 (Latin, Greek, Cyrillic,
    /// Vietnamese...), looked up instead of computed.
    static let commonClasses: [ScalarClass] = (0..<0x3000).map { value in
        Unicode.Scalar(UInt32(value)).map(classifyUncached) ?? .separator
    }

    private static func classifyUncached(_ scalar: Unicode.Scalar) -> ScalarClass {
        if scalar.isASCII { return asciiWordTable[Int(scalar.value)] ? .word : .separator }
        let properties = scalar.properties
        if properties.isIdeographic { return .ideograph }
        if properties.isAlphabetic || properties.numericType != nil { return .word }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .word
        default: return .separator
        }
    }

    /// Calls `body` with the UTF-8 bytes of each word of `bytes` (valid
    /// UTF-8), and whether the word is plain ASCII. Works on bytes: eight
    /// bytes of ASCII at a time, where only the places a word starts or ends
    /// take a step each; other text a byte or a character at a time.
    static func forEachWord(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> Void) {
        let table = asciiWordTable
        let classes = commonClasses
        let count = bytes.count
        var index = 0
        var start = -1
        var ascii = true
        while index < count {
            if count - index >= 8, let base = bytes.baseAddress {
                let chunk = ByteLanes.load(base + index)
                if chunk & ByteLanes.high == 0 {
                    let words = ByteLanes.lettersAndDigits(chunk) | ByteLanes.equal(chunk, 0x5F)
                    // The lanes where a word starts or ends: those unlike the lane before.
                    var changes = (words ^ (words << 8 | (start >= 0 ? 0x80 : 0))) & ByteLanes.high
                    while changes != 0 {
                        let end = index + changes.trailingZeroBitCount >> 3
                        if start < 0 {
                            (start, ascii) = (end, true)
                        } else {
                            body(UnsafeBufferPointer(rebasing: bytes[start..<end]), ascii)
                            start = -1
                        }
                        changes &= changes &- 1
                    }
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if table[Int(byte)] {
                    if start < 0 { start = index; ascii = true }
                } else if start >= 0 {
                    body(UnsafeBufferPointer(rebasing: bytes[start..<index]), ascii)
                    start = -1
                }
                index += 1
                continue
            }
            let (scalar, length) = decodeScalar(bytes, at: index)
            switch classify(scalar, in: classes) {
            case .word:
                if start < 0 { start = index }
                ascii = false
            case .ideograph:
                if start >= 0 { body(UnsafeBufferPointer(rebasing: bytes[start..<index]), ascii) }
                body(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), false)
                start = -1
            case .separator:
                if start >= 0 { body(UnsafeBufferPointer(rebasing: bytes[start..<index]), ascii) }
                start = -1
            }
            index += length
        }
        if start >= 0 { body(UnsafeBufferPointer(rebasing: bytes[start..<count]), ascii) }
    }

    /// The words of a scalar array as half-open ranges of scalar offsets.
    static func wordRanges(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = -1
        for (index, scalar) in scalars.enumerated() {
            switch classify(scalar) {
            case .word:
                if start < 0 { start = index }
            case .ideograph:
                if start >= 0 { ranges.append(start..<index) }
                ranges.append(index..<(index + 1))
                start = -1
            case .separator:
                if start >= 0 { ranges.append(start..<index) }
                start = -1
            }
        }
        if start >= 0 { ranges.append(start..<scalars.count) }
        return ranges
    }

    /// The words of `text`, as strings.
    static func words(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return wordRanges(in: scalars).map { range in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            return String(view)
        }
    }

    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return ("\u{FFFD}", 1) }
        var value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = (value << 6) | (UInt32(bytes[index + offset]) & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    private static let asciiWordTable: [Bool] = (0..<128).map { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}

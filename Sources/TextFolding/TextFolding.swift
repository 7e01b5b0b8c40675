import Foundation

/// Folding of text for comparison and for readable identifiers.
///
/// `fold` lowercases (with Turkish dotted and dotless I meeting plain `i`),
/// applies compatibility decomposition, removes diacritics, and maps the
/// letters that do not decompose (`đ`, `ø`, `ł`, `ß`, ...) to their usual
/// Latin spelling. NFC and NFD input fold to the same string.
public enum TextFolding {
    /// Returns `text` lowercased, without diacritics, in plain Latin where a
    /// letter has a conventional transliteration.
    ///
    ///     TextFolding.fold("Đà Nẵng")   // "da nang"
    ///     TextFolding.fold("Iğdır")     // "igdir"
    public static func fold(_ text: String) -> String {
        if let ascii = foldASCII(text) { return ascii }
        if let latin = foldLatin(text) { return latin }
        return foldAnyScript(text)
    }

    /// `fold` through compatibility decomposition of the whole text: for
    /// any script.
    private static func foldAnyScript(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            appendFolded(scalar, to: &result)
        }
        return String(result)
    }

    /// Returns a readable, URL-safe identifier for `text`: folded letters and
    /// digits, runs of anything else turned into one hyphen, no hyphen at
    /// either end. Apostrophes vanish rather than split a word.
    ///
    ///     TextFolding.slug("Kỹ thuật")            // "ky-thuat"
    ///     TextFolding.slug("Önümde sokaklar")     // "onumde-sokaklar"
    public static func slug(_ text: String) -> String {
        if let latin = latinSlug(text) { return latin }
        let folded = fold(text)
        if let ascii = asciiSlug(folded) { return ascii }
        var out = String.UnicodeScalarView()
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" { continue }
            if isWordScalar(scalar) {
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return String(out)
    }

    /// `slug` of folded text that is all ASCII, made byte by byte; nil for
    /// any other text.
    private static func asciiSlug(_ folded: String) -> String? {
        var slug = ASCIISlug(capacity: folded.utf8.count)
        for byte in folded.utf8 {
            guard slug.add(byte) else { return nil }
        }
        return slug.text
    }

    /// `slug` of text that `foldLatin` folds to ASCII (most headings, titles
    /// and file names, Turkish and Vietnamese ones too), made in one pass
    /// over its bytes as they fold; nil for any other text.
    private static func latinSlug(_ text: String) -> String? {
        var slug = ASCIISlug(capacity: text.utf8.count)
        guard forEachFoldedLatinByte(of: text, { slug.add($0) }) else { return nil }
        return slug.text
    }

    /// A slug made of ASCII bytes of folded text, one at a time.
    private struct ASCIISlug {
        private var bytes: [UInt8] = []
        private var pendingHyphen = false

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// Adds a byte of the folded text; false when it is not ASCII.
        mutating func add(_ byte: UInt8) -> Bool {
            guard byte < 0x80 else { return false }
            if byte == UInt8(ascii: "'") { return true }
            if isASCIIWordByte(byte) {
                if pendingHyphen && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                bytes.append(byte)
            } else {
                pendingHyphen = true
            }
            return true
        }
    }

    /// The slug of a tag or series name: `slug`, with `+` and `#` right
    /// after a word spelled out, since they tell languages apart that
    /// would otherwise share one page (C, C++ and C#).
    ///
    ///     TextFolding.termSlug("C++")     // "c-plus-plus"
    ///     TextFolding.termSlug("C#")      // "c-sharp"
    ///     TextFolding.termSlug("#swift")  // "swift"
    public static func termSlug(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") }) else {
            return slug(text)
        }
        var spelled = ""
        var followsWord = false
        for character in text {
            if followsWord, character == "+" || character == "#" {
                spelled += character == "+" ? " plus " : " sharp "
                continue
            }
            spelled.append(character)
            followsWord = character.unicodeScalars.allSatisfy(isWordScalar)
        }
        return slug(spelled)
    }

    /// Whether `scalar` belongs inside a word (a letter, a mark or a digit).
    public static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIIWordByte(UInt8(truncatingIfNeeded: scalar.value)) }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
    }

    // MARK: - Implementation

    /// Whether the ASCII `byte` is a letter or a digit.
    @inline(__always)
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }

    /// `fold` of text whose every scalar is ASCII or in `latinRanges`
    /// (Turkish, Vietnamese and the other Latin-script languages, precomposed
    /// or with combining marks), one scalar at a time from a table made
    /// once; nil for any other text. Decomposing the whole text gives the
    /// same: in these ranges the only scalars that decomposition reorders
    /// are nonspacing marks, which folding drops.
    private static func foldLatin(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        guard forEachFoldedLatinByte(of: text, { bytes.append($0); return true }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with each byte of `foldLatin(text)` in turn; false when
    /// `text` has a scalar outside ASCII and `latinRanges`, or when `body`
    /// returns false. Decodes the text's UTF-8 (valid, as a `String`'s is)
    /// over its contiguous bytes.
    @inline(__always)
    private static func forEachFoldedLatinByte(of text: String, _ body: (UInt8) -> Bool) -> Bool {
        var text = text
        let folds = latinFolds
        return text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let lead = utf8[index]
                if lead < 0x80 {
                    guard body(lead >= 0x41 && lead <= 0x5A ? lead + 0x20 : lead) else { return false }
                    index += 1
                    continue
                }
                // Latin scalars are below U+1F00: two or three bytes.
                guard lead < 0xF0 else { return false }
                var value = UInt32(lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
                if lead >= 0xE0 { value = UInt32(lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F) }
                index += lead >= 0xE0 ? 3 : 2
                guard let scalar = latinIndex(value) else { return false }
                for offset in Int(folds.starts[scalar])..<Int(folds.starts[scalar + 1]) {
                    guard body(folds.bytes[offset]) else { return false }
                }
            }
            return true
        }
    }

    /// Latin-1 Supplement with Latin Extended-A and -B, the combining
    /// diacritical marks, and Latin Extended Additional (Vietnamese).
    private static let latinRanges: [Range<UInt32>] = [0x80..<0x250, 0x300..<0x370, 0x1E00..<0x1F00]

    /// The place of scalar `value` in `latinFolds`, or nil outside `latinRanges`.
    private static func latinIndex(_ value: UInt32) -> Int? {
        var offset = 0
        for range in latinRanges {
            if range.contains(value) { return offset + Int(value - range.lowerBound) }
            offset += range.count
        }
        return nil
    }

    /// The folded UTF-8 of each scalar in `latinRanges`, in order, one after
    /// another: scalar n's is `bytes[starts[n]..<starts[n + 1]]`. Flat, so
    /// that reading a scalar's fold retains no array of its own.
    private static let latinFolds: (bytes: [UInt8], starts: [Int32]) = {
        var (bytes, starts): ([UInt8], [Int32]) = ([], [0])
        for value in latinRanges.joined() {
            if let scalar = Unicode.Scalar(value) { bytes += foldAnyScript(String(Character(scalar))).utf8 }
            starts.append(Int32(bytes.count))
        }
        return (bytes, starts)
    }()

    /// The fast path: pure ASCII text only needs lowercasing.
    private static func foldASCII(_ text: String) -> String? {
        var isLowercaseASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 { return nil }
            if byte >= 0x41 && byte <= 0x5A { isLowercaseASCII = false }
        }
        if isLowercaseASCII { return text }
        // Mapped over the contiguous bytes: `map` on `String.UTF8View` goes
        // through its generic iterator.
        var text = text
        return text.withUTF8 { String(decoding: $0.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self) }
    }

    private static func appendFolded(_ scalar: Unicode.Scalar, to result: inout String.UnicodeScalarView) {
        if scalar.isASCII {
            let v = scalar.value
            if v >= 0x41 && v <= 0x5A, let lower = Unicode.Scalar(v + 0x20) {
                result.append(lower)
            } else {
                result.append(scalar)
            }
            return
        }
        if scalar.properties.generalCategory == .nonspacingMark { return }
        if let replacement = specialLetters[scalar.value] {
            result.append(contentsOf: replacement.unicodeScalars)
            return
        }
        let lower = scalar.properties.lowercaseMapping
        for folded in lower.unicodeScalars where folded.properties.generalCategory != .nonspacingMark {
            result.append(folded)
        }
    }

    /// Letters that have no canonical decomposition into a base letter and a
    /// mark, with the Latin spelling readers type for them.
    private static let specialLetters: [UInt32: String] = [
        0x0110: "d", 0x0111: "d",   // Đ đ
        0x00D0: "d", 0x00F0: "d",   // Ð ð
        0x0131: "i",                // ı
        0x00D8: "o", 0x00F8: "o",   // Ø ø
        0x0141: "l", 0x0142: "l",   // Ł ł
        0x00DF: "ss", 0x1E9E: "ss", // ß ẞ
        0x00C6: "ae", 0x00E6: "ae", // Æ æ
        0x0152: "oe", 0x0153: "oe", // Œ œ
        0x00DE: "th", 0x00FE: "th", // Þ þ
        0x0126: "h", 0x0127: "h",   // Ħ ħ
        0x0166: "t", 0x0167: "t",   // Ŧ ŧ
        0x014A: "n", 0x014B: "n",   // Ŋ ŋ
        0x0138: "k",                // ĸ
        0x0192: "f",                // ƒ
        0x0268: "i", 0x0197: "i",   // ɨ Ɨ
        0x0237: "j",                // ȷ
        0x0180: "b", 0x0243: "b",   // ƀ Ƀ
        0x01B6: "z", 0x01B5: "z",   // ƶ Ƶ
    ]
}

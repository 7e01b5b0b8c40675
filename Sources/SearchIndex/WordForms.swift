import Foundation
import TextFolding

/// The spellings of one word the index cares about.
enum WordForms {
    /// The word in lowercase and composed (NFC), accents kept; Turkish
    /// dotted capital İ becomes plain i. This is the "exact" form used to
    /// rank exact-accent matches first.
    static func exact(_ word: String) -> String {
        let composed = word.precomposedStringWithCanonicalMapping
        guard composed.unicodeScalars.contains("\u{130}") else { return composed.lowercased() }
        return composed.replacingOccurrences(of: "\u{130}", with: "i").lowercased()
    }

    /// The folded form (case, accents and special letters folded).
    static func folded(_ word: String) -> String { TextFolding.fold(word) }

    /// The parts of a code identifier: split at underscores, at a lowercase
    /// letter or digit followed by an uppercase one, and before the last
    /// capital of an uppercase run followed by lowercase (`URLSession` →
    /// `URL`, `Session`). Parts of one letter are dropped. Returns an empty
    /// array when the word is not a compound.
    static func identifierParts(_ word: String) -> [String] {
        let scalars = Array(word.unicodeScalars)
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if current.count > 1 { parts.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar == "_" { flush(); continue }
            if index > 0, !current.isEmpty, isUpper(scalar) {
                let previous = scalars[index - 1]
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && next.map(isLower) == true) {
                    flush()
                }
            }
            current.append(scalar)
        }
        flush()
        let wholeIsCompound = parts.count > 1 || (parts.count == 1 && parts[0].unicodeScalars.count != scalars.count)
        return wholeIsCompound ? parts : []
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (scalar.value >= 0x41 && scalar.value <= 0x5A) : scalar.properties.isUppercase
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (scalar.value >= 0x61 && scalar.value <= 0x7A) : scalar.properties.isLowercase
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }
}

import TextFolding

/// How a heading's text becomes its anchor id.
///
/// Blogs moved from another generator have links into their posts
/// (`/post/#the-id`) made by that generator's rule; choosing its style keeps
/// those links working.
public enum HeadingIDStyle: String, Sendable, Hashable, CaseIterable, Codable {
    /// Despina's own: letters folded to ASCII (`Kỹ thuật` → `ky-thuat`),
    /// runs of other characters become one `-`; `section` when nothing is
    /// left.
    case despina
    /// Hugo's Goldmark ids (its default `github` type): letters of any
    /// script, digits and `_` kept and lowercased, each space, tab and `-`
    /// becomes `-`, everything else dropped (`Q&A` → `qa`, `Kỹ thuật` →
    /// `kỹ-thuật`); `heading` when nothing is left.
    case goldmark
    /// kramdown's `auto_ids` (Jekyll with kramdown): everything before the
    /// first ASCII letter dropped (`1. Intro` → `intro`), then every
    /// character but ASCII letters, digits, spaces and `-` dropped, spaces
    /// become `-`, lowercased; `section` when nothing is left.
    case kramdown
}

/// Hands out unique, readable anchor ids for the headings of one document.
///
/// The id is the heading's text made into an id by the chosen
/// ``HeadingIDStyle``; a repeated id gets `-1`, `-2`, ... Reserved ids
/// (those of the page around the document, footnotes, explicit heading ids)
/// count as given.
///
/// A counter per base id remembers the next suffix to try, so a page of
/// many equal headings costs one look-up per heading instead of one per
/// earlier duplicate.
struct HeadingAnchors {
    private let style: HeadingIDStyle
    private var used: Set<String>
    private var nextSuffix: [String: Int] = [:]
    /// How many candidate ids were looked up so far, for tests that check
    /// the work stays linear in the number of headings.
    private(set) var probes = 0

    /// Anchors that never hand out an id in `reserved`.
    init(style: HeadingIDStyle = .despina, reserved: Set<String> = []) {
        self.style = style
        used = reserved
    }

    /// The id for a heading titled `title`, unique among the ids given so far.
    mutating func uniqueID(for title: String) -> String {
        unique(Self.baseID(for: title, style: style))
    }

    /// `base` itself when no one has it yet, else `base-N` with the
    /// smallest N not yet given after those tried before.
    mutating func unique(_ base: String) -> String {
        probes += 1
        if used.insert(base).inserted { return base }
        var number = nextSuffix[base] ?? 1
        while true {
            probes += 1
            let candidate = "\(base)-\(number)"
            number += 1
            if used.insert(candidate).inserted {
                nextSuffix[base] = number
                return candidate
            }
        }
    }

    /// Marks `id` as given, for an id the author chose (`{#id}`).
    mutating func reserve(_ id: String) {
        used.insert(id)
    }

    /// The id of `title` before duplicates are numbered.
    static func baseID(for title: String, style: HeadingIDStyle) -> String {
        switch style {
        case .despina:
            let slug = TextFolding.slug(title)
            return slug.isEmpty ? "section" : slug
        case .goldmark:
            let id = goldmarkID(title)
            return id.isEmpty ? "heading" : id
        case .kramdown:
            let id = kramdownID(title)
            return id.isEmpty ? "section" : id
        }
    }

    private static func goldmarkID(_ title: String) -> String {
        var id = String.UnicodeScalarView()
        for scalar in title.unicodeScalars {
            if scalar == "-" || scalar == " " || scalar == "\t" {
                id.append("-")
            } else if scalar == "_" || isLetterOrDigit(scalar) {
                id.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(id)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return true
        default:
            return false
        }
    }

    private static func kramdownID(_ title: String) -> String {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        var id: [UInt8] = []
        var started = false
        for byte in title.utf8 {
            if !started {
                guard isLetter(byte) else { continue }
                started = true
            }
            if isLetter(byte) {
                id.append(byte | 0x20)
            } else if isDigit(byte) || byte == UInt8(ascii: "-") {
                id.append(byte)
            } else if byte == UInt8(ascii: " ") {
                id.append(UInt8(ascii: "-"))
            }
        }
        return String(decoding: id, as: UTF8.self)
    }
}

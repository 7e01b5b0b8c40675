import Bytes
import TextFolding

/// Decides which words of stored text match the query, for highlighting and
/// phrase checks: a word matches when its folded form is one of the matched
/// vocabulary words, or starts with one of the matched terms of at least
/// three letters.
struct MatchMarker: Sendable {
    var words: Set<String> = []
    var terms: [String] = []

    mutating func add(_ other: MatchMarker) {
        words.formUnion(other.words)
        for term in other.terms where !terms.contains(term) { terms.append(term) }
    }

    func matches(folded word: String) -> Bool {
        if words.contains(word) { return true }
        return terms.contains { word.utf8.starts(with: $0.utf8) }
    }
}

/// Cuts an excerpt from the passage that holds most of the query's words,
/// around its first matched word.
enum Excerpt {
    static let contextBefore = 60
    static let length = 200

    struct Result {
        var text: String
        var highlights: [TextRange]
        var html: String
    }

    /// Picks, among the passages and then the description, the first that
    /// holds the most query words (`words`, one marker per word); when
    /// none holds any, the description, else the first passage. Cuts a
    /// window around its first word that `marker` matches, and highlights
    /// those words.
    static func make(passages: [String], description: String, words: [MatchMarker], marker: MatchMarker) -> Result {
        var chosen: (scalars: [Unicode.Scalar], words: [Range<Int>], found: Int)?
        for source in passages + [description] where !source.isEmpty {
            let scalars = Array(source.unicodeScalars)
            let ranges = WordScanner.wordRanges(in: scalars)
            let folded = ranges.map { fold(scalars[$0]) }
            let found = words.count { word in folded.contains { word.matches(folded: $0) } }
            if found > (chosen?.found ?? 0) { chosen = (scalars, ranges, found) }
            if found == words.count && found > 0 { break }
        }
        if chosen == nil, let fallback = [description, passages.first ?? ""].first(where: { !$0.isEmpty }) {
            let scalars = Array(fallback.unicodeScalars)
            chosen = (scalars, WordScanner.wordRanges(in: scalars), 0)
        }
        guard let chosen else { return Result(text: "", highlights: [], html: "") }
        return cut(chosen.scalars, words: chosen.words, marker: marker)
    }

    /// The window of `scalars` around the first word `marker` matches, its
    /// matched words highlighted.
    private static func cut(_ scalars: [Unicode.Scalar], words: [Range<Int>], marker: MatchMarker) -> Result {
        let matches = words.map { marker.matches(folded: fold(scalars[$0])) }
        var start = 0
        var end = scalars.count
        if scalars.count > length {
            if let match = matches.firstIndex(of: true) {
                start = max(0, words[match].lowerBound - contextBefore)
                if start > 0, let first = words.first(where: { $0.lowerBound >= start }) { start = first.lowerBound }
            }
            end = min(scalars.count, start + length)
            if end < scalars.count,
               let last = words.last(where: { $0.upperBound <= end && $0.lowerBound >= start }) {
                end = last.upperBound
            }
        }
        let prefix: [Unicode.Scalar] = start > 0 ? ["\u{2026}"] : []
        let suffix: [Unicode.Scalar] = end < scalars.count ? ["\u{2026}"] : []
        let text = prefix + scalars[start..<end] + suffix
        var marked: [Range<Int>] = []
        for (word, isMatch) in zip(words, matches) where isMatch && word.lowerBound >= start && word.upperBound <= end {
            marked.append((word.lowerBound - start + prefix.count)..<(word.upperBound - start + prefix.count))
        }
        return Result(text: string(text), highlights: utf16Ranges(marked, in: text), html: html(text, marked: marked))
    }

    private static func fold(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        TextFolding.fold(string(Array(scalars)))
    }

    static func string(_ scalars: [Unicode.Scalar]) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private static func utf16Ranges(_ ranges: [Range<Int>], in scalars: [Unicode.Scalar]) -> [TextRange] {
        var offsets = [0]
        offsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars { offsets.append(offsets[offsets.count - 1] + (scalar.value > 0xFFFF ? 2 : 1)) }
        return ranges.map { TextRange(start: offsets[$0.lowerBound], length: offsets[$0.upperBound] - offsets[$0.lowerBound]) }
    }

    /// HTML-escapes the text and wraps the marked ranges in `<mark>`.
    static func html(_ scalars: [Unicode.Scalar], marked: [Range<Int>]) -> String {
        var out = ""
        var index = 0
        func escape(_ range: Range<Int>) {
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[range])
            out += HTMLEscaping.attribute(String(piece))
        }
        for range in marked {
            escape(index..<range.lowerBound)
            out += "<mark>"
            escape(range)
            out += "</mark>"
            index = range.upperBound
        }
        escape(index..<scalars.count)
        return out
    }
}

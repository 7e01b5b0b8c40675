import TextFolding

/// Hands out unique, readable anchor ids for the headings of one document.
///
/// The id is the heading's slug (`Kỹ thuật` → `ky-thuat`); a repeated slug
/// gets `-1`, `-2`, ... A heading with no letters or digits gets `section`.
/// Reserved ids (those of the page around the document) count as given.
struct HeadingAnchors {
    private var used: Set<String>

    /// Anchors that never hand out an id in `reserved`.
    init(reserved: Set<String> = []) {
        used = reserved
    }

    /// The id for a heading titled `title`, unique among the ids given so far.
    mutating func uniqueID(for title: String) -> String {
        var base = TextFolding.slug(title)
        if base.isEmpty { base = "section" }
        if used.insert(base).inserted { return base }
        var number = 1
        while !used.insert("\(base)-\(number)").inserted { number += 1 }
        return "\(base)-\(number)"
    }
}

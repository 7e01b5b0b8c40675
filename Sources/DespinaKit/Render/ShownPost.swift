import Foundation
import Mustache

/// A post as a page shows it: the values the page adds (a series part, or
/// a post's own content, contents and neighbours), then its summary's
/// fields, each worked out when a template first reads it. On a list page
/// (home, tag, section, archive, series) its dates are in the list's
/// language rather than the post's, so that the meta line of a Vietnamese
/// post on an English list reads "November 26, 2026 · 1 min read" like its
/// neighbours, not "26 tháng 11, 2026 · 1 min read". Every other field, the
/// title and summary included, is the post's own, in its own language.
final class ShownPost: MustacheObject {
    let summary: PostSummary
    let localization: Localization
    /// Nil for a post in a list, which adds nothing (most posts shown).
    let added: Fields?

    init(_ summary: PostSummary, localization: Localization, adding added: Fields? = nil) {
        (self.summary, self.localization, self.added) = (summary, localization, added)
    }

    func value(forKey key: String) -> Value? {
        value(forKey: key, hash: Fields.hash(key))
    }

    func value(forKey key: String, hash: UInt64) -> Value? {
        added?.value(named: key, hash: hash) ?? summary.value(forKey: key, hash: hash, in: localization)
    }
}

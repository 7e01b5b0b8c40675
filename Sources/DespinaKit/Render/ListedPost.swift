import Foundation
import Mustache

/// A post as a list page (home, tag, section, archive, series) shows it:
/// its dates in the list's language rather than the post's, so that the
/// meta line of a Vietnamese post on an English list reads "November 26,
/// 2026 · 1 min read" like its neighbours, not "26 tháng 11, 2026 · 1 min
/// read". Every other field, the title and summary included, is the post's
/// own, in its own language.
final class ListedPost: MustacheObject {
    let summary: PostSummary
    let localization: Localization

    init(_ summary: PostSummary, localization: Localization) {
        self.summary = summary
        self.localization = localization
    }

    func value(forKey key: String) -> Value? {
        value(forKey: key, hash: Fields.hash(key))
    }

    func value(forKey key: String, hash: UInt64) -> Value? {
        summary.value(forKey: key, hash: hash, in: localization)
    }
}

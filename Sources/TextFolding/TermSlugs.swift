import Synchronization

/// `TextFolding.termSlug` of each text, made once: a blog's few dozen tags
/// are each slugged for every post that has them, and a slug costs
/// thousands of instructions (folding, then a byte at a time) where
/// finding it again costs a hash. Safe to share between threads.
public final class TermSlugs: Sendable {
    private let known = Mutex<[String: String]>([:])

    public init() {}

    /// The slug of the tag or series name `text` (see `TextFolding.termSlug`).
    public func slug(_ text: String) -> String {
        if let slug = known.withLock({ $0[text] }) { return slug }
        let slug = TextFolding.termSlug(text)
        known.withLock { $0[text] = slug }
        return slug
    }
}

import SearchIndex
import Synchronization

/// The text files of the search index (`search/t/<key>.json`, one per
/// document, read for excerpts and phrases), written into the output while
/// the posts are analysed, each as soon as its document is: the build never
/// holds the text of every document, and neither does the index builder or
/// its saved state. A document rendered from the cache keeps the file the
/// last build wrote for it, found by the digest of its entry.
final class SearchTextFiles: Sendable {
    private let output: OutputFolder
    /// The configuration and the tool (0: nothing is kept, every file is written).
    private let key: UInt64
    /// The identifiers whose file this build wrote or kept.
    private let done = Mutex(Set<String>())
    /// The first file that could not be written.
    private let failure = Mutex<(any Error)?>(nil)

    init(output: OutputFolder, key: UInt64) {
        self.output = output
        self.key = key
    }

    /// What a text file of an entry with digest `version` is made from.
    private func fingerprint(_ version: UInt64) -> UInt64 {
        guard key != 0 else { return 0 }
        var fingerprint = Fingerprint()
        fingerprint.combine(key)
        fingerprint.combine("search text")
        fingerprint.combine(version)
        return max(fingerprint.value, 1)
    }

    /// How many text files this build wrote or kept.
    var count: Int { done.withLock { $0.count } }

    /// Writes the text file of `document`, made from an entry with digest
    /// `version`, unless this build wrote or kept it already. A failure is
    /// kept for `keep(_:remaking:)`, which the index step calls.
    func write(_ document: SearchDocument, version: UInt64) {
        guard done.withLock({ $0.insert(document.id).inserted }) else { return }
        let file = DocumentText.file(for: document)
        do {
            try output.write(file.bytes, to: "search/" + file.path, fingerprint: fingerprint(version))
        } catch {
            failure.withLock { if $0 == nil { $0 = error } }
        }
    }

    /// Keeps the last build's text files of the `entries` this build did
    /// not analyse, and has `remake` analyse (and so write) those whose
    /// file is not there; then throws the first failure to write a file.
    func keep(_ entries: [Entry], remaking remake: @Sendable (Entry) -> AnalyzedDocument?) throws {
        let waiting = done.withLock { done in entries.filter { !done.contains($0.identifier) } }
        let kept = output.keep(waiting.map { ("search/" + DocumentText.path(forID: $0.identifier), fingerprint($0.digest)) })
        done.withLock { done in
            for (entry, isKept) in zip(waiting, kept) where isKept { done.insert(entry.identifier) }
        }
        let missing = zip(waiting, kept).filter { !$0.1 }.map(\.0)
        _ = parallelMap(missing) { remake($0) != nil }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}

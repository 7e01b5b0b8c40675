import Markup

/// What the build cache keeps of one Markdown file: enough to publish it
/// again without reading, parsing or rendering it while neither the file
/// nor anything its rendering looked up has changed.
struct CachedEntry: Sendable {
    /// The file's size and modification time when it was read.
    var size: Int
    var modified: Int64
    /// A digest of the file's bytes, so a file touched but not changed
    /// still counts as unchanged.
    var sourceHash: UInt64
    /// The decoded entry, with its rendered content when it was rendered
    /// (no Markdown body, no plain text: its search document is kept by the
    /// saved search index, `SearchIndexState`).
    var entry: Entry
    /// Warnings of reading and of rendering the file, repeated on reuse.
    var loadDiagnostics: [Diagnostic]
    var renderDiagnostics: [Diagnostic]
    /// Each link the body asked the site about, with the answer; the
    /// rendering stays valid while every answer is the same.
    var linkLookups: [LinkLookup]
}

/// One question a post's rendering asked the site: which URL a link to a
/// Markdown file resolves to, or a Jekyll `{% post_url %}` names (nil:
/// none; see `Routing.answer(toLookup:from:)`).
struct LinkLookup: Sendable, Equatable {
    var destination: String
    var result: String?
}

extension CachedEntry {
    /// Whether the rendered content can be used for a build that routes
    /// the entry to `path` and resolves links with `routing`.
    func rendering(isValidAt path: String, routing: Routing) -> Bool {
        guard entry.content != nil, entry.path == path else { return false }
        return linkLookups.allSatisfy { routing.answer(toLookup: $0.destination, from: entry.sourcePath) == $0.result }
    }

    /// A digest of everything the entry shows on any page: the cache's key
    /// (tool, reading settings, theme ids), its source, its URL and the
    /// links it resolved.
    static func digest(key: UInt64, sourceHash: UInt64, path: String, lookups: [LinkLookup]) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.combine(key)
        fingerprint.combine(sourceHash)
        fingerprint.combine(path)
        for lookup in lookups {
            fingerprint.combine(lookup.destination)
            fingerprint.combine(lookup.result)
        }
        return fingerprint.value
    }
}

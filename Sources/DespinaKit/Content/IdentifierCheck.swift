/// The search index finds a post by its id, so two posts with one id would
/// make one of them unfindable (and its results point at the other).
enum IdentifierCheck {
    /// An error for each entry whose id an earlier entry has already,
    /// naming both files; placed at the `id` key when the file sets one.
    static func duplicates(in entries: [Entry]) -> [Diagnostic] {
        // Ids with distinct hashes are distinct: most sites are done with
        // one set of numbers, holding no strings; a repeated hash (a
        // repeated id, or two ids that happen to share one) is looked at
        // below, by the ids themselves.
        var hashes = Set<Int>(minimumCapacity: entries.count)
        guard entries.contains(where: { !hashes.insert($0.identifier.hashValue).inserted })
        else { return [] }
        var owners: [String: String] = [:]
        owners.reserveCapacity(entries.count)
        var errors: [Diagnostic] = []
        for entry in entries {
            // Both fields in one look-up: most entries need no more.
            let (identifier, sourcePath) = entry.withFields { ($0.identifier, $0.sourcePath) }
            if let other = owners[identifier] {
                errors.append(Diagnostic(
                    path: sourcePath, line: entry.identifierPosition?.line ?? 0,
                    column: entry.identifierPosition?.column ?? 0,
                    message: "the id '\(identifier)' is also the id of \(other); give each post its own id"))
            } else {
                owners[identifier] = sourcePath
            }
        }
        return errors
    }
}

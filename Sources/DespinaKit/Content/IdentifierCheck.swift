/// The search index finds a post by its id, so two posts with one id would
/// make one of them unfindable (and its results point at the other).
enum IdentifierCheck {
    /// An error for each entry whose id an earlier entry has already,
    /// naming both files; placed at the `id` key when the file sets one.
    static func duplicates(in entries: [Entry]) -> [Diagnostic] {
        var owners: [String: String] = [:]
        owners.reserveCapacity(entries.count)
        var errors: [Diagnostic] = []
        for entry in entries {
            if let other = owners[entry.identifier] {
                errors.append(Diagnostic(
                    path: entry.sourcePath, line: entry.identifierPosition?.line ?? 0,
                    column: entry.identifierPosition?.column ?? 0,
                    message: "the id '\(entry.identifier)' is also the id of \(other); give each post its own id"))
            } else {
                owners[entry.identifier] = entry.sourcePath
            }
        }
        return errors
    }
}

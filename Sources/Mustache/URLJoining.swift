/// Joins URL pieces with exactly one slash between them.
enum URLJoining {
    /// `["https://example.com/", "/posts/", "swift/"]` → `https://example.com/posts/swift/`.
    static func join(_ pieces: [String]) -> String {
        var result = ""
        for piece in pieces where !piece.isEmpty {
            if result.isEmpty {
                result = piece
                continue
            }
            while result.hasSuffix("/") { result.removeLast() }
            result += "/" + piece.drop(while: { $0 == "/" })
        }
        return result
    }
}

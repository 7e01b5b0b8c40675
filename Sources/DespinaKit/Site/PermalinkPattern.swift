/// The tokens a permalink pattern (`/:year/:month/:slug/`) may hold, and the
/// check that a pattern holds no other: a misspelt `:yaer` would otherwise
/// end up in every URL as written.
enum PermalinkPattern {
    /// The token names ``SitePath/expand(_:section:slug:date:zone:)``
    /// replaces, in the order the message lists them.
    static let tokens = ["section", "slug", "title", "year", "month", "day"]

    /// The first `:name` in `pattern` that is not a known token
    /// (`:yaer` for `/:yaer/:slug/`), or nil. A colon not followed by a
    /// letter (`https://`, `:8080`) is no token.
    static func unknownToken(in pattern: String) -> String? {
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            let after = rest[rest.index(after: colon)...]
            let name = after.prefix { $0.isLetter }
            if !name.isEmpty, !tokens.contains(String(name)) {
                // Shown whole: Jekyll's `:i_month` rather than `:i`.
                return ":" + after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            }
            rest = rest[name.endIndex...]
        }
        return nil
    }

    /// The error message for `token`, unknown in `pattern`, listing the
    /// known tokens.
    static func unknownTokenMessage(_ token: String, in pattern: String) -> String {
        let known = tokens.map { ":" + $0 }.joined(separator: ", ")
        return "unknown token '\(token)' in the permalink '\(pattern)'; the tokens are \(known)"
    }
}

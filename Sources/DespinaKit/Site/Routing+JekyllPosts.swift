/// Jekyll's `{% post_url NAME %}`: a post named by its file name.
///
/// An imported Jekyll site keeps `_posts/**/FILE` as `Content/posts/**/FILE`,
/// so `NAME` (`2019-01-01-a`, or `weekly/2019-01-01-a` with its folder)
/// is a file name below `Content/posts/` without its extension. As in
/// Jekyll, the post in the folder the name gives wins; failing that, one of
/// the same file name in any folder below it (which Jekyll accepts with a
/// deprecation notice).
extension Routing {
    /// The prefix of the lookups that `url(forPostNamed:)` answers, as the
    /// build cache records them (`LinkLookup.destination`): the tag itself.
    static let postNameLookupPrefix = "{% post_url "

    /// The lookup destination recorded for `{% post_url name %}`.
    static func postNameLookup(_ name: String) -> String {
        postNameLookupPrefix + name + " %}"
    }

    /// The URL of the post whose file is `name` below `Content/posts/`,
    /// or nil when no published post has that name.
    func url(forPostNamed name: String) -> String? {
        let trimmed = name.hasPrefix("/") ? String(name.dropFirst()) : name
        for ext in [".md", ".markdown"] {
            if let path = pathsBySource["posts/" + trimmed + ext] { return root + path.drop { $0 == "/" } }
        }
        guard !trimmed.contains("/") else { return nil }
        let matches = pathsBySource.keys.filter { key in
            key.hasPrefix("posts/") && (key.hasSuffix("/" + trimmed + ".md") || key.hasSuffix("/" + trimmed + ".markdown"))
        }
        // Several posts of that name in different folders: the first by path, for a stable answer.
        guard let key = matches.min(), let path = pathsBySource[key] else { return nil }
        return root + path.drop { $0 == "/" }
    }

    /// The answer to a lookup the build cache recorded: a `{% post_url %}`
    /// name or a link destination, as asked by `sourcePath`.
    func answer(toLookup destination: String, from sourcePath: String) -> String? {
        if destination.hasPrefix(Self.postNameLookupPrefix), destination.hasSuffix(" %}") {
            let name = destination.dropFirst(Self.postNameLookupPrefix.count).dropLast(" %}".count)
            return url(forPostNamed: String(name))
        }
        return url(forLink: destination, from: sourcePath)
    }
}

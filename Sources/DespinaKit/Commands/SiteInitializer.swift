import Foundation

/// `despina init`: a new site with a configuration and a first post,
/// ready to build with the built-in theme.
public struct SiteInitializer: Sendable {
    /// Files, clock and log.
    public let environment: BuildEnvironment

    /// Creates the command over `environment`.
    public init(environment: BuildEnvironment) {
        self.environment = environment
    }

    /// Creates the site in `directory`, which must not hold a site already.
    /// `author` is the name the footer and the feeds show; without one the
    /// configuration keeps an empty `author` with a comment saying what it
    /// is for, and the built-in theme leaves the copyright line out.
    public func create(in directory: String, author: String? = nil) throws(Diagnostic) -> [String] {
        let fileSystem = environment.fileSystem
        for name in ["despina.yml", "Content"] where fileSystem.exists(joinPath(directory, name)) {
            throw Diagnostic(path: joinPath(directory, name), message: "a site exists here already; not overwriting it")
        }
        let date = CalendarParts(environment.now(), zone: TimeZone(secondsFromGMT: 0) ?? .current)
        let name = author?.trimmingCharacters(in: .whitespaces) ?? ""
        let authorLine = name.isEmpty ? "author: \"\"  # your name, for the footer and the feeds" : "author: \(yamlQuoted(name))"
        let files: [(String, String)] = [
            ("despina.yml", """
            title: My Blog
            description: Notes on what I build and learn.
            \(authorLine)
            baseURL: https://example.com/
            language: en
            timeZone: UTC
            postsPerPage: 10

            """),
            ("Content/posts/hello-world.md", """
            ---
            title: Hello, world
            date: \(date.isoDay)
            tags: [meta]
            description: The first post of this blog.
            ---

            This is the first post. Edit it in `Content/posts/hello-world.md`, or add another
            with `despina new "My next post"`, then run `despina build` (or `despina serve`
            to watch it change as you write).

            ## What goes where

            - Posts are Markdown files in `Content/posts/`.
            - Pages such as `about.md` sit directly in `Content/`.
            - Images and other files under `Content/` are copied as they are.

            """),
            ("Content/about.md", """
            ---
            title: About
            description: Who writes this blog.
            ---

            A few words about the author.

            """),
            (".gitignore", "Output/\n.Output.*/\n.despina/\n"),
        ]
        var created: [String] = []
        for (relative, text) in files {
            do {
                try fileSystem.write(Array(text.utf8), to: joinPath(directory, relative))
            } catch {
                throw Diagnostic(path: relative, message: "cannot write the file: \(error)")
            }
            created.append(relative)
        }
        return created
    }
}

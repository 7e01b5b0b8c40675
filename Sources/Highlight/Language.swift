/// A language the highlighter knows.
public enum Language: String, Sendable, CaseIterable {
    case swift
    case objectiveC = "objective-c"
    case c
    case cpp
    case shell
    case console
    case json
    case yaml
    case html
    case xml
    case css
    case javascript
    case typescript
    case python
    case diff
    case markdown
    case kotlin
    case java
    case go
    case rust
    case ruby
    case sql
    case toml
    case dockerfile

    /// The canonical name, written in `data-lang` and the `language-` class.
    public var name: String { rawValue }

    /// The language that a fence's language word names, compared without
    /// regard to case: canonical names and common aliases (`objc`, `c++`,
    /// `zsh`, `yml`, `plist`, `tsx`, `py`, `patch`, `md`, `rb`, `kt`, `rs`,
    /// ...), and the names of files written in a language, so that a fence
    /// may be labelled `Podfile` or `Dockerfile`.
    public init?(alias: String) {
        guard let language = Self.aliases[alias.lowercased()] else { return nil }
        self = language
    }

    private static let aliases: [String: Language] = {
        let table: [(Language, [String])] = [
            (.swift, ["swift"]),
            (.objectiveC, ["objective-c", "objc", "obj-c", "objectivec", "m", "mm", "objective-c++", "objc++"]),
            (.c, ["c", "h"]),
            (.cpp, ["cpp", "c++", "cc", "cxx", "hpp", "hh", "hxx", "h++"]),
            (.shell, ["sh", "shell", "bash", "zsh", "ksh", "fish", "shellscript"]),
            (.console, ["console", "shell-session", "shellsession", "terminal", "sh-session"]),
            (.json, ["json", "jsonc", "json5", "geojson", "webmanifest"]),
            (.yaml, ["yaml", "yml"]),
            (.html, ["html", "htm", "xhtml"]),
            (.xml, ["xml", "svg", "plist", "xsd", "xsl", "xslt", "rss", "atom", "storyboard", "xib"]),
            (.css, ["css"]),
            (.javascript, ["js", "javascript", "jsx", "mjs", "cjs", "node"]),
            (.typescript, ["ts", "typescript", "tsx", "mts", "cts"]),
            (.python, ["py", "python", "python3", "py3", "gyp"]),
            (.diff, ["diff", "patch", "udiff"]),
            (.markdown, ["md", "markdown", "mkd", "mdown"]),
            (.kotlin, ["kotlin", "kt", "kts"]),
            (.java, ["java"]),
            (.go, ["go", "golang"]),
            (.rust, ["rust", "rs"]),
            (.ruby, ["ruby", "rb", "gemfile", "podfile", "fastfile", "appfile", "matchfile", "pluginfile",
                     "dangerfile", "brewfile", "rakefile", "rake", "gemspec", "podspec"]),
            (.sql, ["sql", "sqlite", "sqlite3", "postgresql", "postgres", "pgsql", "psql", "mysql", "mariadb", "plsql"]),
            (.toml, ["toml"]),
            (.dockerfile, ["dockerfile", "docker", "containerfile"]),
        ]
        var aliases: [String: Language] = [:]
        for (language, names) in table {
            for name in names { aliases[name] = language }
        }
        return aliases
    }()
}

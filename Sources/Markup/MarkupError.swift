/// An error in a Markdown file, at a 1-based line and column of the file.
///
/// The error does not know the file's path; the caller adds it when
/// reporting, with ``formatted(path:)``:
///
///     Content/posts/x.md:3:7: error: expected a list of strings for 'tags', found the number 5
public struct MarkupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the problem, in the file's coordinates.
    public var line: Int
    /// The 1-based column of the problem (counted in characters).
    public var column: Int
    /// What is wrong and what was expected, readable on its own.
    public var message: String

    /// Creates an error at `line` and `column` with `message`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error as `LINE:COL: error: MESSAGE`.
    public var description: String {
        "\(line):\(column): error: \(message)"
    }

    /// The error as `PATH:LINE:COL: error: MESSAGE`, the form editors and
    /// terminals turn into a link to the place.
    public func formatted(path: String) -> String {
        "\(path):\(line):\(column): error: \(message)"
    }
}

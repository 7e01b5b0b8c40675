/// An error in a template, or met while rendering one, with the place it happened.
///
/// `description` reads like a compiler diagnostic:
/// `post.mustache:3:7: error: closing tag {{/items}} does not match the open section {{#item}}`.
public struct TemplateError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The name of the template the error is in (a file name for templates read from a folder).
    public let templateName: String
    /// The 1-based line of the tag at fault.
    public let line: Int
    /// The 1-based column (in Unicode scalars) of the tag at fault.
    public let column: Int
    /// What is wrong, as a sentence.
    public let message: String

    /// Creates an error at a position in a named template.
    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    init(templateName: String, position: SourcePosition, message: String) {
        self.init(templateName: templateName, line: position.line, column: position.column, message: message)
    }

    /// `NAME:LINE:COL: error: MESSAGE`.
    public var description: String {
        "\(templateName):\(line):\(column): error: \(message)"
    }
}

/// A line and column in a template's source, both 1-based.
struct SourcePosition: Sendable, Equatable {
    var line: Int
    var column: Int
}

/// A message about the site's input, placed like a compiler's:
/// `Content/posts/x.md:3:7: error: ...`.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// Whether the build can go on.
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// The file, relative to the site folder where possible.
    public var path: String
    /// The line, 1-based; 0 when the message is about the whole file.
    public var line: Int
    /// The column, 1-based; 0 when unknown.
    public var column: Int
    /// Error or warning.
    public var severity: Severity
    /// One sentence a person understands.
    public var message: String

    /// Creates a diagnostic.
    public init(path: String, line: Int = 0, column: Int = 0, severity: Severity = .error, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// Creates a warning.
    public static func warning(_ message: String, path: String, line: Int = 0, column: Int = 0) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, severity: .warning, message: message)
    }

    public var description: String {
        var location = path
        if line > 0 {
            location += ":\(line)"
            if column > 0 { location += ":\(column)" }
        }
        return "\(location): \(severity.rawValue): \(message)"
    }
}

/// A build that stopped on one or more errors.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// The errors, in the order of the files they are about.
    public var diagnostics: [Diagnostic]

    /// Creates a failure from its errors.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

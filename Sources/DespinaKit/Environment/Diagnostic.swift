/// A message about the site's input, placed like a compiler's:
/// `Content/posts/x.md:3:7: error: ...`.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
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
    /// Whether the same message in many files is one problem of the site
    /// (an unknown layout that every imported post names): the build
    /// reports it once, at its first place, with the number of files.
    public var isSiteWide = false

    /// Creates a diagnostic.
    public init(path: String, line: Int = 0, column: Int = 0, severity: Severity = .error, message: String) {
        (self.path, self.line, self.column, self.severity, self.message) = (path, line, column, severity, message)
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

extension Diagnostic {
    /// `diagnostics` with each site-wide message kept only at its first
    /// place, saying in how many files it was found; the rest as they are.
    static func summarizingSiteWide(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard diagnostics.contains(where: \.isSiteWide) else { return diagnostics }
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics where diagnostic.isSiteWide { counts[diagnostic.message, default: 0] += 1 }
        var seen: Set<String> = []
        var result: [Diagnostic] = []
        for var diagnostic in diagnostics {
            if diagnostic.isSiteWide {
                guard seen.insert(diagnostic.message).inserted else { continue }
                let count = counts[diagnostic.message] ?? 1
                if count > 1 { diagnostic.message += " (the same in \(count) files; shown once)" }
            }
            result.append(diagnostic)
        }
        return result
    }
}

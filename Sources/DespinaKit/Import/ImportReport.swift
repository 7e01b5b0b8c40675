/// What `despina import` carried over from the old site and what it could
/// not, each loss at its place in the old site's files, so that a writer
/// can decide about each one.
public struct ImportReport: Sendable, Equatable {
    /// The generator the old site was written for.
    public var generator: ImportedGenerator
    /// One line for each thing carried over (`permalink: /:year/:title:output_ext`).
    public var carriedOver: [String] = []
    /// Each thing left behind, at its file and line in the old site.
    public var notCarriedOver: [Diagnostic] = []
    /// How many posts, pages and other files were written.
    public var posts = 0, pages = 0, files = 0

    /// Creates an empty report.
    public init(generator: ImportedGenerator) {
        self.generator = generator
    }

    mutating func carry(_ line: String) {
        carriedOver.append(line)
    }

    /// Reports that the old setting `key` became Despina's `name`, with its
    /// value; nothing when the old site did not set it.
    mutating func carry(_ key: String, _ value: String?, as name: String) {
        guard let value else { return }
        carriedOver.append("\(key) → \(name): \(value)")
    }

    mutating func leave(_ message: String, path: String, line: Int = 0, column: Int = 0) {
        notCarriedOver.append(.warning(message, path: path, line: line, column: column))
    }

    /// The report as the command prints it.
    public var text: String {
        var lines = ["Imported a \(generator.name) site: \(posts) posts, \(pages) pages, \(files) other files."]
        if !carriedOver.isEmpty {
            lines.append("Carried over:")
            lines += carriedOver.map { "  " + $0 }
        }
        if notCarriedOver.isEmpty {
            lines.append("Nothing was left behind.")
        } else {
            lines.append("Not carried over (\(notCarriedOver.count)):")
            lines += notCarriedOver.map { "  " + $0.description }
        }
        return lines.joined(separator: "\n")
    }
}

/// The generators `despina import` reads.
public enum ImportedGenerator: String, Sendable, CaseIterable {
    case jekyll, hugo

    /// The generator's name as people write it.
    public var name: String {
        switch self {
        case .jekyll: "Jekyll"
        case .hugo: "Hugo"
        }
    }
}

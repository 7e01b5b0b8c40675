import DespinaKit

/// What a command accepts: positional arguments, options with a value, and flags.
struct CommandSpec {
    var name: String
    var summary: String
    /// Names of positional arguments, in order, with whether each is required.
    var positionals: [(name: String, required: Bool)]
    /// Options taking a value: `--output DIR`.
    var options: [(name: String, value: String, help: String)]
    /// Flags: `--drafts`.
    var flags: [(name: String, help: String)]

    /// The usage line, made from the same lists as the options of
    /// ``help``, so the two cannot disagree: `despina serve [SITE_DIR]
    /// [--port PORT] … [--drafts] …`.
    var usage: String {
        let arguments = positionals.map { $0.required ? $0.name : "[\($0.name)]" }
            + options.map { "[--\($0.name) \($0.value)]" }
            + flags.map { "[--\($0.name)]" }
        return (["despina", name] + arguments).joined(separator: " ")
    }

    /// The `--help` text.
    var help: String {
        var lines = ["usage: \(usage)", "", summary, "", "options:"]
        for option in options {
            lines.append("  \(Self.spelling(option.name)) \(option.value)".padding(to: 30) + option.help)
        }
        for flag in flags {
            lines.append("  \(Self.spelling(flag.name))".padding(to: 30) + flag.help)
        }
        lines.append("  -h, --help".padding(to: 30) + "show this help")
        return lines.joined(separator: "\n")
    }

    /// One-letter spellings of the common options, as Hugo and Zola have
    /// them: `-D` drafts, `-F` future, `-o` output, `-p` port, `-v` verbose.
    static let shortNames: [Character: String] = [
        "D": "drafts", "F": "future", "o": "output", "p": "port", "v": "verbose",
    ]

    /// `--name`, or `-x, --name` where the option has a short spelling.
    private static func spelling(_ name: String) -> String {
        shortNames.first { $0.value == name }.map { "-\($0.key), --\(name)" } ?? "--\(name)"
    }
}

/// Arguments parsed against a `CommandSpec`.
struct ParsedArguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func option(_ name: String) -> String? { options[name] }
}

/// A mistake in the command line; the tool exits with status 2.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension CommandSpec {
    /// Parses `arguments` (the words after the command name).
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "--help" || argument == "-h" { result.wantsHelp = true; continue }
            var name = String(argument.drop { $0 == "-" })
            if !argument.hasPrefix("--"), name.count == 1, let letter = name.first, let long = Self.shortNames[letter] {
                name = long
            }
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if options.contains(where: { $0.name == name }) {
                if let inlineValue {
                    result.options[name] = inlineValue
                } else if index < arguments.count {
                    result.options[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "option --\(name) needs a value")
                }
            } else if flags.contains(where: { $0.name == name }) {
                if inlineValue != nil { throw UsageError(message: "flag --\(name) takes no value") }
                result.flags.insert(name)
            } else {
                let known = options.map(\.name) + flags.map(\.name)
                let hint = nearest(to: name, among: known).map { "; did you mean '--\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(argument)' for '\(self.name)'\(hint)")
            }
        }
        if result.wantsHelp { return result }
        if result.positionals.count > positionals.count {
            throw UsageError(message: "unexpected argument '\(result.positionals[positionals.count])'")
        }
        for (position, positional) in positionals.enumerated()
        where positional.required && position >= result.positionals.count {
            throw UsageError(message: "missing argument \(positional.name)")
        }
        return result
    }
}

/// The word of `candidates` nearest to `word` when it is a likely
/// misspelling of it (at most two letters off), else nil.
func nearest(to word: String, among candidates: [String]) -> String? {
    let best = candidates.min { editDistance(word, $0) < editDistance(word, $1) }
    return best.flatMap { editDistance(word, $0) <= 2 ? $0 : nil }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

/// What a command accepts: positional arguments, options with a value, and flags.
struct CommandSpec {
    var name: String
    var summary: String
    var usage: String
    /// Names of positional arguments, in order, with whether each is required.
    var positionals: [(name: String, required: Bool)]
    /// Options taking a value: `--output DIR`.
    var options: [(name: String, value: String, help: String)]
    /// Flags: `--drafts`.
    var flags: [(name: String, help: String)]

    /// The `--help` text.
    var help: String {
        var lines = ["usage: \(usage)", "", summary]
        if !options.isEmpty || !flags.isEmpty { lines += ["", "options:"] }
        for option in options {
            lines.append("  --\(option.name) \(option.value)".padding(to: 26) + option.help)
        }
        for flag in flags {
            lines.append("  --\(flag.name)".padding(to: 26) + flag.help)
        }
        lines.append("  --help".padding(to: 26) + "show this help")
        return lines.joined(separator: "\n")
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
                throw UsageError(message: "unknown option '\(argument)' for '\(self.name)'")
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

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

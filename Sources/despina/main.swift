import DespinaKit
import Foundation

// The command-line front end: parses arguments and calls DespinaKit.
// Exit status: 0 success, 1 build or input errors, 2 usage errors.

let version = "0.1.0"

let commands: [CommandSpec] = [
    CommandSpec(
        name: "build", summary: "Builds the site in SITE_DIR (default: the current folder) into its Output folder.",
        positionals: [("SITE_DIR", false)],
        options: [("output", "DIR", "write the site here (default: SITE_DIR/Output)"),
                  ("base-url", "URL", "publish under this URL instead of the configured one")],
        flags: [("drafts", "include posts marked as drafts"), ("future", "include posts dated in the future"),
                ("clean", "ignore the build cache (files Despina did not make are kept)"), ("force", "build into an output folder Despina did not create (its files are kept)"),
                ("verbose", "time each build step")]),
    CommandSpec(
        name: "new", summary: "Creates a post, as a draft, with its front matter filled in, in the site in SITE_DIR (default: the current folder). Never overwrites a file.",
        positionals: [("TITLE", true), ("SITE_DIR", false)],
        options: [("section", "NAME", "the section folder under Content/ (default: posts)"),
                  ("lang", "LANG", "the post's language, e.g. tr or vi"),
                  ("date", "DATE", "the post's date, e.g. 2026-12-01 or '2026-12-01 10:00' (default: now)"),
                  ("tags", "T1,T2", "the post's tags, separated by commas"),
                  ("site", "DIR", "the site folder; deprecated, give SITE_DIR instead")],
        flags: [("bundle", "make a page bundle: SECTION/SLUG/index.md, a folder for the post and its images")]),
    CommandSpec(
        name: "init", summary: "Creates a new site with a configuration and a first post in DIR (default: the current folder).",
        positionals: [("DIR", false)],
        options: [("author", "NAME", "your name, for the footer and the feeds (default: none, and no copyright line)")],
        flags: []),
    CommandSpec(
        name: "copy-theme", summary: "Copies the built-in theme into Templates/ of the site in SITE_DIR (default: the current folder), to edit there. Never overwrites a file.",
        positionals: [("SITE_DIR", false)], options: [], flags: []),
    CommandSpec(
        name: "import", summary: "Makes a Despina site in SITE_DIR of the Jekyll or Hugo site in SOURCE, keeping its URLs.",
        positionals: [("SOURCE", true), ("SITE_DIR", false)],
        options: [("from", "jekyll|hugo", "the generator SOURCE was written for: jekyll or hugo (default: found from its files)")],
        flags: []),
    CommandSpec(
        name: "search", summary: "Searches the built site's index (run despina build first) and prints ranked results.",
        positionals: [("QUERY", true), ("SITE_DIR", false)],
        options: [("tag", "TAG", "only posts with this tag"), ("lang", "LANG", "only posts in this language"),
                  ("section", "NAME", "only posts of this section"), ("sort", "relevance|date", "relevance (default) or date"),
                  ("limit", "N", "at most N results (default: 10)"),
                  ("output", "DIR", "the built site (default: SITE_DIR/Output)")],
        flags: [("json", "print the results as JSON")]),
    CommandSpec(
        name: "check", summary: "Builds the site in memory and reports broken links and anchors, missing images, posts without a description or title, and titles used twice.",
        positionals: [("SITE_DIR", false)], options: [],
        flags: [("drafts", "include drafts"), ("future", "include posts dated in the future"),
                ("external", "also request every link to another site and report dead ones")]),
    CommandSpec(
        name: "serve", summary: "Builds the site, serves it on this machine and rebuilds and reloads pages on every change.",
        positionals: [("SITE_DIR", false)],
        options: [("port", "PORT", "the port to listen on (default: 8080)"),
                  ("host", "HOST", "the address to listen on (default: 127.0.0.1)"),
                  ("base-url", "URL", "make the pages' links with this URL instead of the server's address"),
                  ("output", "DIR", "build the preview here (default: SITE_DIR/.despina/preview)")],
        flags: [("drafts", "include drafts"), ("future", "include posts dated in the future"),
                ("force", "build into an output folder Despina did not create (its files are kept)"),
                ("no-reload", "serve the pages as they are, without the live-reload script"),
                ("open", "open the site in a browser"), ("verbose", "time each build step")]),
]

let generalHelp = """
    usage: despina COMMAND [ARGUMENTS]

    Despina builds a static blog from Markdown posts.

    commands:
    \(commands.map { "  " + $0.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

    Run 'despina COMMAND --help' for a command's options. 'despina --version' prints the version.
    """

/// Writes a line to standard output at once (no buffering, so lines keep
/// their order with standard error when both go to one file).
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func absolute(_ path: String) -> String {
    let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    var result = url.standardizedFileURL.path
    while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
    return result
}

func makeEnvironment(verbose: Bool) -> BuildEnvironment {
    // On a terminal, the current step shows on one line that the next
    // output erases; piped output gets only the lasting lines.
    let showsProgress = isatty(STDERR_FILENO) == 1 && !verbose
    let clearLine = "\r\u{1B}[2K"
    let logger = Logger(isVerbose: verbose) { level, message in
        switch level {
        case .progress:
            if showsProgress { FileHandle.standardError.write(Data("\(clearLine)\(message)…".utf8)) }
        case .info, .verbose:
            if showsProgress { FileHandle.standardError.write(Data(clearLine.utf8)) }
            say(message)
        case .warning, .error:
            if showsProgress { FileHandle.standardError.write(Data(clearLine.utf8)) }
            printError(message)
        }
    }
    return .live(log: logger)
}

func run(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else {
        printError(generalHelp)
        return 2
    }
    if name == "--help" || name == "-h" || name == "help" {
        say(generalHelp)
        return 0
    }
    if name == "--version" || name == "version" {
        say("despina \(version)")
        return 0
    }
    guard let spec = commands.first(where: { $0.name == name }) else {
        let hint = nearest(to: name, among: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        printError("despina: unknown command '\(name)'\(hint)\n\n\(generalHelp)")
        return 2
    }
    let parsed: ParsedArguments
    do {
        parsed = try spec.parse(Array(arguments.dropFirst()))
    } catch {
        printError("despina \(name): \(error)\n\(spec.help)")
        return 2
    }
    if parsed.wantsHelp {
        say(spec.help)
        return 0
    }
    do {
        return try Commands.run(spec.name, parsed)
    } catch let usage as UsageError {
        printError("despina \(name): \(usage.message)")
        return 2
    } catch {
        printError("\(error)")
        return 1
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())))

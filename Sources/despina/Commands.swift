import DespinaKit
import Foundation

/// Calls DespinaKit for each command, with parsed arguments.
enum Commands {
    static func run(_ name: String, _ arguments: ParsedArguments) throws -> Int32 {
        switch name {
        case "build": return try build(arguments)
        case "new": return try newPost(arguments)
        case "init": return try initialize(arguments)
        case "search": return try search(arguments)
        case "serve": return try serve(arguments)
        default: throw UsageError(message: "unknown command '\(name)'")
        }
    }

    static func buildOptions(_ arguments: ParsedArguments, site: String) -> BuildOptions {
        var options = BuildOptions(siteDirectory: absolute(site))
        options.outputDirectory = arguments.option("output").map(absolute)
        options.includeDrafts = arguments.flag("drafts")
        options.includeFuture = arguments.flag("future")
        options.baseURL = arguments.option("base-url")
        options.force = arguments.flag("force")
        options.clean = arguments.flag("clean")
        return options
    }

    static func build(_ arguments: ParsedArguments) throws -> Int32 {
        let environment = makeEnvironment(verbose: arguments.flag("verbose"))
        let options = buildOptions(arguments, site: arguments.positionals.first ?? ".")
        do {
            let summary = try SiteBuilder(environment: environment).build(options)
            print(summary.line)
            return 0
        } catch {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            printError("despina: the build failed; the previous output is unchanged")
            return 1
        }
    }

    static func newPost(_ arguments: ParsedArguments) throws -> Int32 {
        let environment = makeEnvironment(verbose: false)
        do {
            let path = try NewPost(environment: environment).create(
                title: arguments.positionals[0], section: arguments.option("section") ?? "posts",
                language: arguments.option("lang"), siteDirectory: absolute(arguments.option("site") ?? "."))
            print("Created \(path)")
            return 0
        } catch {
            printError(error.description)
            return 1
        }
    }

    static func initialize(_ arguments: ParsedArguments) throws -> Int32 {
        let environment = makeEnvironment(verbose: false)
        let directory = absolute(arguments.positionals.first ?? ".")
        do {
            let files = try SiteInitializer(environment: environment).create(in: directory)
            for file in files { print("Created \(file)") }
            print("Build it with: despina build \(arguments.positionals.first ?? "")")
            return 0
        } catch {
            printError(error.description)
            return 1
        }
    }

    static func search(_ arguments: ParsedArguments) throws -> Int32 {
        throw UsageError(message: "search is not available yet")
    }

    static func serve(_ arguments: ParsedArguments) throws -> Int32 {
        throw UsageError(message: "serve is not available yet")
    }
}

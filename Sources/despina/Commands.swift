import DespinaKit
import Foundation
import SearchIndex

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
        let text = arguments.positionals[0]
        let site = absolute(arguments.positionals.count > 1 ? arguments.positionals[1] : ".")
        let output = arguments.option("output").map(absolute) ?? site + "/Output"
        var limit = 10
        if let value = arguments.option("limit") {
            guard let number = Int(value), number > 0 else { throw UsageError(message: "--limit needs a positive number") }
            limit = number
        }
        var order = SearchQuery.Order.relevance
        if let value = arguments.option("sort") {
            guard let parsed = SearchQuery.Order(rawValue: value) else {
                throw UsageError(message: "--sort is 'relevance' or 'date'")
            }
            order = parsed
        }
        let query = SearchQuery(
            text, tags: arguments.option("tag").map { [$0] } ?? [],
            sections: arguments.option("section").map { [$0] } ?? [],
            languages: arguments.option("lang").map { [$0] } ?? [], sort: order, limit: limit)
        do {
            let response = try SiteSearch(environment: makeEnvironment(verbose: false))
                .search(query, outputDirectory: output)
            print(arguments.flag("json") ? SiteSearch.json(for: response) : SiteSearch.text(for: response, query: text))
            return 0
        } catch {
            printError(error.description)
            return 1
        }
    }

    static func serve(_ arguments: ParsedArguments) throws -> Int32 {
        throw UsageError(message: "serve is not available yet")
    }
}

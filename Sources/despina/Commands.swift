import DespinaKit
import Foundation
import SearchIndex
import StaticServer

/// Calls DespinaKit for each command, with parsed arguments.
enum Commands {
    static func run(_ name: String, _ arguments: ParsedArguments) throws -> Int32 {
        switch name {
        case "build": return try build(arguments)
        case "new": return try newPost(arguments)
        case "init": return try initialize(arguments)
        case "copy-theme": return try copyTheme(arguments)
        case "import": return try importSite(arguments)
        case "search": return try search(arguments)
        case "serve": return try serve(arguments)
        case "check": return try check(arguments)
        default: throw UsageError(message: "unknown command '\(name)'")
        }
    }

    /// `--base-url`, refused unless it is an absolute http or https URL,
    /// as `despina.yml`'s `baseURL` is: `example.com` would make every
    /// link `/example.com/…`.
    static func baseURL(_ arguments: ParsedArguments) throws -> String? {
        guard let baseURL = arguments.option("base-url") else { return nil }
        if let problem = SiteConfig.problem(withBaseURL: baseURL) {
            throw UsageError(message: "--base-url \(problem)")
        }
        return baseURL
    }

    static func buildOptions(_ arguments: ParsedArguments, site: String) throws -> BuildOptions {
        var options = BuildOptions(siteDirectory: absolute(site))
        options.baseURL = try baseURL(arguments)
        options.outputDirectory = arguments.option("output").map(absolute)
        options.includeDrafts = arguments.flag("drafts")
        options.includeFuture = arguments.flag("future")
        options.force = arguments.flag("force")
        options.clean = arguments.flag("clean")
        return options
    }

    static func build(_ arguments: ParsedArguments) throws -> Int32 {
        let environment = makeEnvironment(verbose: arguments.flag("verbose"))
        var options = try buildOptions(arguments, site: arguments.positionals.first ?? ".")
        options.endsProcessAfterBuild = true
        do {
            let summary = try SiteBuilder(environment: environment).build(options)
            environment.log.info(summary.line)
            return 0
        } catch {
            for diagnostic in error.diagnostics { environment.log.error(diagnostic.description) }
            environment.log.error("despina: the build failed; the previous output is unchanged")
            return 1
        }
    }

    static func newPost(_ arguments: ParsedArguments) throws -> Int32 {
        // `--site` is the older spelling of SITE_DIR, kept for scripts.
        let positionalSite = arguments.positionals.count > 1 ? arguments.positionals[1] : nil
        if positionalSite != nil, arguments.option("site") != nil {
            throw UsageError(message: "give the site folder once: as SITE_DIR or with --site, not both")
        }
        if let date = arguments.option("date"), let problem = NewPost.problem(withDate: date) {
            throw UsageError(message: problem)
        }
        let tags = arguments.option("tags").map { $0.split(separator: ",").map(String.init) } ?? []
        let environment = makeEnvironment(verbose: false)
        do {
            let path = try NewPost(environment: environment).create(
                title: arguments.positionals[0], section: arguments.option("section") ?? "posts",
                language: arguments.option("lang"), date: arguments.option("date"), tags: tags,
                bundle: arguments.flag("bundle"), siteDirectory: absolute(positionalSite ?? arguments.option("site") ?? "."))
            say("Created \(path)")
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
            let files = try SiteInitializer(environment: environment).create(in: directory, author: arguments.option("author"))
            for file in files { say("Created \(file)") }
            say("Build it with: despina build \(arguments.positionals.first ?? "")")
            return 0
        } catch {
            printError(error.description)
            return 1
        }
    }

    static func copyTheme(_ arguments: ParsedArguments) throws -> Int32 {
        let site = arguments.positionals.first ?? "."
        do {
            let outcome = try ThemeCopy(environment: makeEnvironment(verbose: false)).copy(intoSite: absolute(site))
            for file in outcome.written { say("Wrote \(file)") }
            for file in outcome.skipped { say("Skipped \(file): the site has its own") }
            let files = outcome.written.count == 1 ? "file" : "files"
            say("Copied \(outcome.written.count) \(files) of the built-in theme, skipped \(outcome.skipped.count). "
                + "A file left unchanged can be deleted: the built-in one is used in its place.")
            return 0
        } catch {
            printError(error.description)
            return 1
        }
    }

    static func importSite(_ arguments: ParsedArguments) throws -> Int32 {
        var generator: ImportedGenerator?
        if let name = arguments.option("from") {
            guard let named = ImportedGenerator(rawValue: name.lowercased()) else {
                throw UsageError(message: "--from is 'jekyll' or 'hugo'")
            }
            generator = named
        }
        let environment = makeEnvironment(verbose: false)
        let site = arguments.positionals.count > 1 ? arguments.positionals[1] : "."
        do {
            let report = try SiteImporter(environment: environment)
                .importSite(from: absolute(arguments.positionals[0]), into: absolute(site), as: generator)
            environment.log.info(report.text)
            say("Build it with: despina build \(site == "." ? "" : site)")
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
            say(arguments.flag("json") ? SiteSearch.json(for: response) : SiteSearch.text(for: response, query: text))
            return 0
        } catch {
            printError(error.description)
            return 1
        }
    }

    static func check(_ arguments: ParsedArguments) throws -> Int32 {
        let environment = makeEnvironment(verbose: false)
        let options = try buildOptions(arguments, site: arguments.positionals.first ?? ".")
        let diagnostics = SiteChecker(environment: environment).check(options, external: arguments.flag("external"))
        for diagnostic in diagnostics { printError(diagnostic.description) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        say("Checked the site: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s").")
        return errors > 0 ? 1 : 0
    }

    static func serve(_ arguments: ParsedArguments) throws -> Int32 {
        var options = PreviewOptions(siteDirectory: absolute(arguments.positionals.first ?? "."))
        if let host = arguments.option("host") { options.host = host }
        if let value = arguments.option("port") {
            guard let port = UInt16(value) else { throw UsageError(message: "--port needs a number from 0 to 65535") }
            options.port = port
        }
        options.includeDrafts = arguments.flag("drafts")
        options.includeFuture = arguments.flag("future")
        options.baseURL = try baseURL(arguments)
        options.outputDirectory = arguments.option("output").map(absolute)
        options.force = arguments.flag("force")
        options.liveReload = !arguments.flag("no-reload")
        let preview = PreviewServer(options: options, environment: makeEnvironment(verbose: arguments.flag("verbose")))
        do {
            try preview.start()
        } catch let failure as BuildFailure {
            for diagnostic in failure.diagnostics { printError(diagnostic.description) }
            return 1
        } catch let diagnostic as Diagnostic {
            printError(diagnostic.description)
            return 1
        } catch let ServerError.addressInUse(host, port) {
            let other = port < UInt16.max ? port + 1 : port - 1
            printError("despina serve: port \(port) is already in use on \(host); "
                + "stop the other server or choose another port with --port \(other)")
            return 1
        } catch {
            printError("despina serve: \(error)")
            return 1
        }
        say("Serving \(options.siteDirectory) at \(preview.address) (Ctrl-C stops)")
        if arguments.flag("open"), let opener = ["/usr/bin/xdg-open", "/usr/bin/open"].first(where: FileManager.default.isExecutableFile) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [preview.address]
            try? process.run()
        }
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stop: @Sendable () -> Void = {
            preview.stop()
            say("\nStopped.")
            exit(0)
        }
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        interrupt.setEventHandler(handler: stop)
        interrupt.resume()
        let terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .main)
        terminate.setEventHandler(handler: stop)
        terminate.resume()
        dispatchMain()
    }
}

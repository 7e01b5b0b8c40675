import Foundation
import StaticServer
import Testing

/// Runs the built `despina` executable as a writer would.
@Suite struct CommandLineTests {
    /// What a finished run printed and returned.
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The executable, beside the test bundle or in the package's debug build folder.
    static let executable: String? = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
            .deletingLastPathComponent().appending(path: "despina").path
        let inBuildFolder = packageRoot.appending(path: ".build/debug/despina").path
        return [besideTests, inBuildFolder].first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs `despina` with `arguments`; output goes through files so a
    /// large output on one stream cannot block the other.
    func despina(_ arguments: String..., in directory: String? = nil) throws -> Run {
        guard let executable = Self.executable else {
            Issue.record("the despina executable is not built; run swift build --build-tests first")
            return Run(status: -1, standardOutput: "", standardError: "")
        }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outPath = folder + "/stdout", errorPath = folder + "/stderr"
        try Data().write(to: URL(fileURLWithPath: outPath))
        try Data().write(to: URL(fileURLWithPath: errorPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            standardOutput: try String(contentsOfFile: outPath, encoding: .utf8),
            standardError: try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    /// A new site made by `despina init` in a temporary folder.
    func initializedSite() throws -> (temporary: String, site: String) {
        let temporary = try makeTemporaryDirectory()
        let run = try despina("init", "blog", in: temporary)
        #expect(run.status == 0, "\(run.standardError)")
        return (temporary, temporary + "/blog")
    }

    @Test func versionPrintsTheVersion() throws {
        let run = try despina("--version")
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("despina "))
        #expect(run.standardError == "")
    }

    @Test(arguments: [["--help"], ["build", "--help"], ["new", "--help"], ["init", "--help"], ["search", "--help"],
                      ["serve", "--help"], ["check", "--help"], ["import", "--help"]])
    func helpIsPrintedWithUsage(arguments: [String]) throws {
        guard let executable = Self.executable else {
            Issue.record("the despina executable is not built")
            return
        }
        let result = try runProgram(executable, arguments)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("usage: despina \(arguments.count == 2 ? arguments[0] : "COMMAND")"), "\(result.output)")
    }

    @Test func unknownCommandIsAUsageError() throws {
        let run = try despina("publish")
        #expect(run.status == 2)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasPrefix("despina: unknown command 'publish'\n"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let run = try despina("build", "--bogus")
        #expect(run.status == 2)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasPrefix("despina build: unknown option '--bogus' for 'build'\nusage: despina build"))
    }

    @Test func aMistypedCommandOrOptionGetsTheNearestOne() throws {
        let command = try despina("bild")
        #expect(command.status == 2)
        #expect(command.standardError.hasPrefix("despina: unknown command 'bild'; did you mean 'build'?\n"))
        let option = try despina("build", "--draft")
        #expect(option.status == 2)
        #expect(option.standardError.hasPrefix("despina build: unknown option '--draft' for 'build'; did you mean '--drafts'?\n"))
    }

    @Test func shortFlagsAreTheLongOnes() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let run = try despina("build", "blog", "-D", "-F", "-o", temporary + "/public", in: temporary)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: temporary + "/public/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site + "/Output/index.html"))
        let help = try despina("build", "--help")
        #expect(help.standardOutput.contains("  -D, --drafts "))
        #expect(help.standardOutput.contains("  -o, --output DIR "))
        #expect(help.standardOutput.contains("  -h, --help "))
    }

    @Test(arguments: ["build", "serve"], ["example.com", "ftp://x.org/", "javascript:alert(1)//"])
    func aBaseURLThatIsNotAnHTTPURLIsAUsageError(command: String, url: String) throws {
        let run = try despina(command, "--base-url", url)
        #expect(run.status == 2)
        #expect(run.standardError == "despina \(command): --base-url must be an absolute http or https URL like https://example.org/blog/, found '\(url)'\n")
    }

    @Test func servesUsageLineHasEveryOption() throws {
        let run = try despina("serve", "--help")
        #expect(run.standardOutput.hasPrefix(
            "usage: despina serve [SITE_DIR] [--port PORT] [--host HOST] [--base-url URL] [--output DIR] "
                + "[--drafts] [--future] [--force] [--no-reload] [--open] [--verbose]\n"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\n  --no-reload                 serve the pages as they are, without the live-reload script\n"))
    }

    /// The usage line and the options under it are made from one list;
    /// this holds them to it.
    @Test(arguments: ["build", "new", "init", "import", "search", "check", "serve"])
    func everyOptionOfTheHelpIsInTheUsageLine(command: String) throws {
        let lines = try despina(command, "--help").standardOutput.split(separator: "\n")
        let usage = lines.first ?? ""
        let listed = lines.drop { $0 != "options:" }.dropFirst().compactMap { line -> String? in
            guard let start = line.range(of: "--")?.lowerBound else { return nil }
            return String(line[start...].prefix { character in character != " " })
        }
        #expect(listed.last == "--help")
        #expect(listed.count > 1 || command == "init", "\(lines)")
        for option in listed.dropLast() { #expect(usage.contains("[\(option)"), "\(command): \(option) is not in '\(usage)'") }
    }

    @Test func serveOnABusyPortNamesThePortAndSuggestsAnother() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let other = StaticFileServer(root: URL(fileURLWithPath: temporary), configuration: ServerConfiguration(port: 0))
        try other.start()
        defer { other.stop() }
        let port = other.port
        let run = try despina("serve", site, "--port", String(port))
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "despina serve: port \(port) is already in use on 127.0.0.1; "
            + "stop the other server or choose another port with --port \(port + 1)\n")
    }

    @Test func initsHelpHasAnOptionsHeader() throws {
        let run = try despina("init", "--help")
        #expect(run.standardOutput.hasSuffix("""
            options:
              --author NAME               your name, for the footer and the feeds (default: none, and no copyright line)
              -h, --help                  show this help

            """), "\(run.standardOutput)")
    }

    @Test func theSummarySaysWhichPostsWereLeftOutAndHowToIncludeThem() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        #expect(try despina("new", "Next steps", "--site", site).status == 0)
        try "---\ntitle: Later\ndate: 2999-01-01\n---\nSoon.\n".write(
            toFile: site + "/Content/posts/later.md", atomically: true, encoding: .utf8)
        for _ in 1...2 {  // the second build finds nothing changed and says the same
            let run = try despina("build", "blog", in: temporary)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.hasSuffix("; left out: 1 draft (--drafts), 1 future post (--future)\n"), "\(run.standardOutput)")
        }
        let all = try despina("build", "blog", "-D", "-F", in: temporary)
        #expect(!all.standardOutput.contains("left out"), "\(all.standardOutput)")
    }

    @Test(arguments: ["en\npermalink: /x/", "\"><script>", "e", "en_US"])
    func newRefusesALanguageThatIsNoLanguageTag(language: String) throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let run = try despina("new", "A post", "--lang", language, "--site", site)
        #expect(run.status == 1)
        #expect(run.standardError == "\(site): error: '\(language)' is not a language tag; write one like tr, vi or pt-BR\n")
        #expect(!FileManager.default.fileExists(atPath: site + "/Content/posts/a-post.md"))
        #expect(try despina("new", "A post", "--lang", "pt-BR", "--site", site).status == 0)
    }

    @Test func noCommandIsAUsageError() throws {
        let run = try despina()
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("usage: despina COMMAND"))
    }

    @Test func initThenBuildPrintsOneSummaryLine() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        #expect(FileManager.default.fileExists(atPath: site + "/Content/posts/hello-world.md"))
        let run = try despina("build", "blog", in: temporary)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Built 1 post and 1 page (") == true, "\(run.standardOutput)")
        #expect(lines.first?.hasSuffix("→ \(site)/Output") == true, "\(run.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: site + "/Output/posts/hello-world/index.html"))
    }

    @Test func buildErrorExitsWithOneAndKeepsTheOutput() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        #expect(try despina("build", in: site).status == 0)
        let before = try snapshot(of: site + "/Output")
        try "---\ntitle: Bad\ntags: 5\n---\n".write(toFile: site + "/Content/posts/bad.md", atomically: true, encoding: .utf8)
        let run = try despina("build", in: site)
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError == """
            Content/posts/bad.md:3:7: error: expected a list of strings for 'tags', found the number 5
            despina: the build failed; the previous output is unchanged

            """)
        #expect(try snapshot(of: site + "/Output") == before)
    }

    @Test func newCreatesAPostWithATransliteratedNameOnce() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let first = try despina("new", "Kỹ thuật mới", "--lang", "vi", in: site)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "Created Content/posts/ky-thuat-moi.md\n")
        let path = site + "/Content/posts/ky-thuat-moi.md"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("---\ntitle: \"Kỹ thuật mới\"\n"), "\(text)")
        #expect(text.contains("\nlang: \"vi\"\n"), "\(text)")

        try "---\ntitle: Mine\n---\nKeep me.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let second = try despina("new", "Kỹ thuật mới", "--lang", "vi", in: site)
        #expect(second.status == 1)
        #expect(second.standardError
            == "Content/posts/ky-thuat-moi.md: error: a file with this name exists already; not overwriting it\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "---\ntitle: Mine\n---\nKeep me.\n")
    }

    /// Like every other command, `new` takes the site folder as a
    /// positional argument; `--site` still works, but not both at once.
    @Test func newTakesTheSiteFolderAfterTheTitle() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let run = try despina("new", "Trip", "blog", in: temporary)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Created Content/posts/trip.md\n")
        #expect(FileManager.default.fileExists(atPath: site + "/Content/posts/trip.md"))
        #expect(try despina("new", "Older spelling", "--site", "blog", in: temporary).status == 0)
        #expect(FileManager.default.fileExists(atPath: site + "/Content/posts/older-spelling.md"))
        let both = try despina("new", "Both", "blog", "--site", "blog", in: temporary)
        #expect(both.status == 2)
        #expect(both.standardError == "despina new: give the site folder once: as SITE_DIR or with --site, not both\n")
    }

    /// `despina new Hello world` (the title unquoted) would have made a
    /// site folder `world`; without a site there it says so instead.
    @Test func newOutsideASiteMakesNoFolder() throws {
        let temporary = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let run = try despina("new", "Hello", "world", in: temporary)
        #expect(run.status == 1)
        #expect(run.standardError == "\(temporary)/world: error: no site here (no despina.yml and no Content folder); "
            + "make one with despina init, or put a title of several words in quotes\n")
        #expect(!FileManager.default.fileExists(atPath: temporary + "/world"))
    }

    @Test func newSetsTheDateAndTagsAndMakesABundle() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let run = try despina(
            "new", "Trip notes", "blog", "--date", "2026-12-01 10:00", "--tags", "swift, ios,yes,,", "--bundle", in: temporary)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Created Content/posts/trip-notes/index.md\n")
        let text = try String(contentsOfFile: site + "/Content/posts/trip-notes/index.md", encoding: .utf8)
        #expect(text == """
            ---
            title: "Trip notes"
            date: 2026-12-01 10:00
            tags: ["swift", "ios", "yes"]
            description: ""
            draft: true
            ---


            """)
        let day = try despina("new", "Day only", "blog", "--date", "2026-12-02", in: temporary)
        #expect(day.status == 0, "\(day.standardError)")
        #expect(try String(contentsOfFile: site + "/Content/posts/day-only.md", encoding: .utf8).contains("\ndate: 2026-12-02\n"))
        let again = try despina("new", "Trip notes", "blog", in: temporary)
        #expect(again.status == 1)
        #expect(again.standardError
            == "Content/posts/trip-notes/index.md: error: a post of this name exists already; the new one would have its URL\n")
        let build = try despina("build", "blog", "-D", "-F", in: temporary)
        #expect(build.status == 0, "\(build.standardError)")
        #expect(build.standardError == "")
        #expect(FileManager.default.fileExists(atPath: site + "/Output/posts/trip-notes/index.html"))
        #expect(FileManager.default.fileExists(atPath: site + "/Output/tags/yes/index.html"))
    }

    @Test(arguments: ["2026-02-30", "tomorrow", "01.12.2026", "2026-12-01 25:00"])
    func newRefusesADateFrontMatterWouldNotRead(date: String) throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let run = try despina("new", "Dated", "blog", "--date", date, in: temporary)
        #expect(run.status == 2)
        #expect(run.standardError
            == "despina new: expected a date like 2026-12-01 or 2026-12-01 10:00 for --date, found '\(date)'\n")
        #expect(!FileManager.default.fileExists(atPath: site + "/Content/posts/dated.md"))
    }

    @Test func searchFindsABuiltPostAsTextAndJSON() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        #expect(try despina("build", in: site).status == 0)

        let text = try despina("search", "hello", "blog", in: temporary)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.hasPrefix("1 result for \"hello\":\n\n1. Hello, world ("), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("\n   /posts/hello-world/\n"), "\(text.standardOutput)")

        let json = try despina("search", "hel", "--json", in: site)
        #expect(json.status == 0, "\(json.standardError)")
        let results = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        #expect(results?.count == 1)
        let first = results?.first ?? [:]
        #expect(first["id"] as? String == "posts/hello-world")
        #expect(first["url"] as? String == "/posts/hello-world/")
        #expect(first["title"] as? String == "Hello, world")
        #expect(((first["score"] as? Double) ?? 0) > 0)

        let none = try despina("search", "zzyzx", "--json", in: site)
        #expect(none.status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(none.standardOutput.utf8)) as? [Any])?.isEmpty == true)
    }

    @Test func searchSaysHowManyOfHowManyItShowsAndFoldsFilters() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        for (name, tag) in [("one", "Türkçe"), ("two", "Türkçe"), ("three", "Türkçe")] {
            let post = "---\ntitle: Post \(name)\ndate: 2024-0\(name.count)-01\ntags: [\(tag)]\n---\nSay -sanitize=thread here.\n"
            try post.write(toFile: site + "/Content/posts/\(name).md", atomically: true, encoding: .utf8)
        }
        #expect(try despina("build", in: site).status == 0)

        let limited = try despina("search", "sanitize", "--limit", "2", in: site)
        #expect(limited.standardOutput.hasPrefix("2 of 3 results for \"sanitize\":\n"), "\(limited.standardOutput)")
        let folded = try despina("search", "", "--tag", "turkce", in: site)
        #expect(folded.standardOutput.hasPrefix("3 results:\n\n1. Post three ("), "\(folded.standardOutput)")
        let dashed = try despina("search", "--", "-sanitize=thread", in: site)
        #expect(dashed.status == 0, "\(dashed.standardError)")
        #expect(dashed.standardOutput.hasPrefix("3 results for \"-sanitize=thread\":\n"), "\(dashed.standardOutput)")
    }

    @Test func searchWithoutABuiltSiteFails() throws {
        let temporary = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let run = try despina("search", "hello", in: temporary)
        #expect(run.status == 1)
        #expect(run.standardError.contains("error: no search index here; run 'despina build' first"), "\(run.standardError)")
    }

    @Test func initTakesTheAuthorForTheFooter() throws {
        let temporary = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let run = try despina("init", "blog", "--author", "Ada \"Countess\" Lovelace", in: temporary)
        #expect(run.status == 0, "\(run.standardError)")
        let config = try String(contentsOfFile: temporary + "/blog/despina.yml", encoding: .utf8)
        #expect(config.contains("\nauthor: \"Ada \\\"Countess\\\" Lovelace\"\n"), "\(config)")
        #expect(try despina("build", "blog", in: temporary).status == 0)
        let home = try String(contentsOfFile: temporary + "/blog/Output/index.html", encoding: .utf8)
        #expect(home.contains(" Ada &quot;Countess&quot; Lovelace</p>\n"), "\(home)")
    }

    /// Without `--author` the configuration says where the name goes, and
    /// the footer has no bare "© 2026".
    @Test func initWithoutAnAuthorLeavesTheCopyrightLineOut() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let config = try String(contentsOfFile: site + "/despina.yml", encoding: .utf8)
        #expect(config.contains("\nauthor: \"\"  # your name, for the footer and the feeds\n"), "\(config)")
        #expect(try despina("build", "blog", in: temporary).status == 0)
        let home = try String(contentsOfFile: site + "/Output/index.html", encoding: .utf8)
        #expect(!home.contains("©"))
    }

    @Test func copyThemeWritesTheThemeAndSkipsTheSitesOwnFiles() throws {
        let (temporary, site) = try initializedSite()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        try FileManager.default.createDirectory(atPath: site + "/Templates", withIntermediateDirectories: true)
        try "mine".write(toFile: site + "/Templates/layout.mustache", atomically: true, encoding: .utf8)
        let theme = packageRoot.appending(path: "Templates").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: theme)
            .filter { !$0.hasPrefix(".") && !$0.contains("/.") }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: theme + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            .sorted()
        let written = files.filter { $0 != "layout.mustache" }
        let run = try despina("copy-theme", "blog", in: temporary)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        #expect(run.standardOutput == written.map { "Wrote Templates/\($0)\n" }.joined()
            + "Skipped Templates/layout.mustache: the site has its own\n"
            + "Copied \(written.count) files of the built-in theme, skipped 1. "
            + "A file left unchanged can be deleted: the built-in one is used in its place.\n")
        #expect(try String(contentsOfFile: site + "/Templates/layout.mustache", encoding: .utf8) == "mine")
        #expect(try String(contentsOfFile: site + "/Templates/assets/style.css", encoding: .utf8)
            == String(contentsOfFile: theme + "/assets/style.css", encoding: .utf8))

        let again = try despina("copy-theme", in: site)
        #expect(again.status == 0)
        #expect(again.standardOutput.hasSuffix("Copied 0 files of the built-in theme, skipped \(files.count). "
            + "A file left unchanged can be deleted: the built-in one is used in its place.\n"), "\(again.standardOutput)")
    }

    @Test func copyThemeOutsideASiteFails() throws {
        let temporary = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let run = try despina("copy-theme", in: temporary)
        #expect(run.status == 1)
        #expect(run.standardError == "\(temporary): error: no site here (no despina.yml and no Content folder); make one with despina init\n")
        #expect(!FileManager.default.fileExists(atPath: temporary + "/Templates"))
    }
}

import Foundation
import Markup
import Testing
@testable import DespinaKit

/// One line per value: `path line:column kind(value)`, nested keys joined
/// with dots and list items with `[i]`, so a whole document compares as
/// one string.
private func describe(_ mapping: YAMLMapping, prefix: String = "") -> String {
    mapping.entries.map { entry in
        describe(entry.value, path: prefix + entry.key.name + "@\(entry.key.line):\(entry.key.column)")
    }.joined()
}

private func describe(_ value: YAMLValue, path: String) -> String {
    let place = "\(path) \(value.line):\(value.column) "
    switch value.content {
    case .null: return place + "null\n"
    case .bool(let flag): return place + "bool(\(flag))\n"
    case .integer(let number): return place + "int(\(number))\n"
    case .number(let number): return place + "float(\(number))\n"
    case .date(let text): return place + "date(\(text))\n"
    case .string(let text): return place + "string(\(text.debugDescription))\n"
    case .list(let items):
        return place + "list\n" + items.enumerated().map { describe($0.element, path: path + "[\($0.offset)]") }.joined()
    case .mapping(let mapping):
        return place + "mapping\n" + describe(mapping, prefix: path + ".")
    }
}

/// The TOML block `toml` (without its `+++` lines) read from a file whose
/// block starts on line 2.
private func read(_ toml: String) throws(MarkupError) -> String {
    guard let split = try TOMLFrontMatter.split("+++\n" + toml + "+++\nBody\n") else { return "no front matter" }
    return describe(split.frontMatter.values)
}

/// The error for `toml`, as `line:col: error: message`.
private func failure(_ toml: String) -> String {
    do {
        _ = try read(toml)
        return "no error"
    } catch {
        return error.description
    }
}

@Suite struct TOMLFrontMatterTests {
    @Test func aHugoFrontMatterBecomesTheMappingYAMLWouldGive() throws {
        let toml = """
        title = "Tape machines" # the title
        date = 2019-04-02T10:00:00+02:00
        tags = ["audio", "hardware"]
        draft = false

        [params]
        author = 'Ilse'

        """
        #expect(try read(toml) == """
        title@2:1 2:9 string("Tape machines")
        date@3:1 3:8 date(2019-04-02T10:00:00+02:00)
        tags@4:1 4:8 list
        tags@4:1[0] 4:9 string("audio")
        tags@4:1[1] 4:18 string("hardware")
        draft@5:1 5:9 bool(false)
        params@7:2 7:1 mapping
        params@7:2.author@8:1 8:10 string("Ilse")

        """)
    }

    @Test func splitsOffTheBlockAndKeepsTheBodyLines() throws {
        let text = "\u{FEFF}+++\r\ntitle = \"A\"\r\n+++\r\nFirst line\r\n"
        let split = try #require(try TOMLFrontMatter.split(text))
        #expect(split.body == "First line\r\n")
        #expect(split.bodyFirstLine == 4)
        #expect(try split.frontMatter.string("title") == "A")
        #expect(try TOMLFrontMatter.split("---\ntitle: A\n---\n") == nil)
        #expect(try TOMLFrontMatter.split("Just text\n+++\n") == nil)
    }

    @Test func anUnclosedBlockIsAnError() {
        #expect(throws: MarkupError(
            line: 1, column: 1,
            message: "the front matter that starts here is never closed; add a line '+++' after it")) {
            try TOMLFrontMatter.split("+++\ntitle = \"A\"\n\nBody\n")
        }
    }

    @Test func basicStringsReadTheirEscapes() throws {
        #expect(try read(#"a = "tab\there \"q\" \\ \u00E9 \U0001F600 \n""# + "\n")
            == "a@2:1 2:5 string(\"tab\\there \\\"q\\\" \\\\ é 😀 \\n\")\n")
    }

    @Test func literalStringsKeepBackslashes() throws {
        #expect(try read(#"path = 'C:\Users\ilse'"# + "\n") == #"path@2:1 2:8 string("C:\\Users\\ilse")"# + "\n")
    }

    @Test func multiLineStringsDropTheFirstLineBreakAndJoinBackslashedLines() throws {
        let toml = "a = \"\"\"\nOne\ntwo \\\n    three\"\"\"\nb = '''\n  kept \\n as is\n'''\nc = \"\"\"say \"hi\"\"\"\"\n"
        #expect(try read(toml) == """
        a@2:1 2:5 string("One\\ntwo three")
        b@6:1 6:5 string("  kept \\\\n as is\\n")
        c@9:1 9:5 string("say \\"hi\\"")

        """)
    }

    @Test func integersAcceptUnderscoresSignsAndOtherBases() throws {
        #expect(try read("a = 1_000\nb = -17\nc = +3\nd = 0xFF\ne = 0o17\nf = 0b101\ng = 0\n") == """
        a@2:1 2:5 int(1000)
        b@3:1 3:5 int(-17)
        c@4:1 4:5 int(3)
        d@5:1 5:5 int(255)
        e@6:1 6:5 int(15)
        f@7:1 7:5 int(5)
        g@8:1 8:5 int(0)

        """)
    }

    @Test func floatsAndBooleans() throws {
        #expect(try read("a = 3.14\nb = -2.5e-3\nc = 1E6\nd = 1_0.5\ne = inf\nf = true\n") == """
        a@2:1 2:5 float(3.14)
        b@3:1 3:5 float(-0.0025)
        c@4:1 4:5 float(1000000.0)
        d@5:1 5:5 float(10.5)
        e@6:1 6:5 float(inf)
        f@7:1 7:5 bool(true)

        """)
    }

    @Test func datesAreKeptAsWrittenForTheSitesTimeZone() throws {
        let toml = """
        a = 1979-05-27T07:32:00Z
        b = 1979-05-27 07:32:00-07:00
        c = 1979-05-27T07:32:00.5
        d = 1979-05-27
        e = 07:32:00

        """
        #expect(try read(toml) == """
        a@2:1 2:5 date(1979-05-27T07:32:00Z)
        b@3:1 3:5 date(1979-05-27 07:32:00-07:00)
        c@4:1 4:5 date(1979-05-27T07:32:00.5)
        d@5:1 5:5 date(1979-05-27)
        e@6:1 6:5 string("07:32:00")

        """)
        let split = try #require(try TOMLFrontMatter.split("+++\ndate = 2020-01-02 10:00:00\n+++\n"))
        let istanbul = try #require(TimeZone(identifier: "Europe/Istanbul"))
        #expect(try split.frontMatter.date("date", timeZone: istanbul) == Date(timeIntervalSince1970: 1_577_948_400))
    }

    @Test func arraysSpanLinesNestAndMayEndWithAComma() throws {
        let toml = """
        tags = [
          "swift", # a comment
          'ios',
        ]
        grid = [[1, 2], [], ["x"]]

        """
        #expect(try read(toml) == """
        tags@2:1 2:8 list
        tags@2:1[0] 3:3 string("swift")
        tags@2:1[1] 4:3 string("ios")
        grid@6:1 6:8 list
        grid@6:1[0] 6:9 list
        grid@6:1[0][0] 6:10 int(1)
        grid@6:1[0][1] 6:13 int(2)
        grid@6:1[1] 6:17 list
        grid@6:1[2] 6:21 list
        grid@6:1[2][0] 6:22 string("x")

        """)
    }

    @Test func inlineTablesAndDottedKeysMakeMappings() throws {
        let toml = """
        cover = { image = "a.jpg", size.width = 640 }
        params.author.name = "Ilse"
        "quoted key" = 1
        'literal.key' = 2

        """
        #expect(try read(toml) == """
        cover@2:1 2:9 mapping
        cover@2:1.image@2:11 2:19 string("a.jpg")
        cover@2:1.size@2:28 2:28 mapping
        cover@2:1.size@2:28.width@2:33 2:41 int(640)
        params@3:1 3:1 mapping
        params@3:1.author@3:8 3:8 mapping
        params@3:1.author@3:8.name@3:15 3:22 string("Ilse")
        quoted key@4:1 4:16 int(1)
        literal.key@5:1 5:17 int(2)

        """)
    }

    @Test func tableHeadersAndArraysOfTables() throws {
        let toml = """
        title = "T"
        [params.social]
        mastodon = "@ilse"
        [[menu.main]]
        name = "Home"
        [[menu.main]]
        name = "About"
        [params]
        color = "blue"

        """
        #expect(try read(toml) == """
        title@2:1 2:9 string("T")
        params@3:2 3:2 mapping
        params@3:2.social@3:9 3:1 mapping
        params@3:2.social@3:9.mastodon@4:1 4:12 string("@ilse")
        params@3:2.color@10:1 10:9 string("blue")
        menu@5:3 5:3 mapping
        menu@5:3.main@5:8 5:1 list
        menu@5:3.main@5:8[0] 5:1 mapping
        menu@5:3.main@5:8[0].name@6:1 6:8 string("Home")
        menu@5:3.main@5:8[1] 7:1 mapping
        menu@5:3.main@5:8[1].name@8:1 8:8 string("About")

        """)
    }

    @Test func anEmptyBlockHasNoKeys() throws {
        #expect(try read("# only a comment\n\n") == "")
    }

    @Test func syntaxErrorsNameTheirPlace() {
        #expect(failure("title = Hello world\n") == #"2:9: error: invalid TOML: 'Hello' is not a value; put text in quotes ("Hello")"#)
        #expect(failure("title \"A\"\n") == "2:7: error: invalid TOML: expected '=' after the key 'title'")
        #expect(failure("= 1\n") == "2:1: error: invalid TOML: a key is missing before '='")
        #expect(failure("ti!tle = 1\n") == "2:3: error: invalid TOML: '!' cannot be part of a key; put the key in quotes")
        #expect(failure("!title = 1\n") == "2:1: error: invalid TOML: '!' cannot start a key; put the key in quotes")
        #expect(failure("title =\n") == "2:8: error: invalid TOML: expected a value here")
        #expect(failure("title = \"Tape\n") == "2:9: error: invalid TOML: this string is never closed; add the closing \"")
        #expect(failure("a = \"\"\"open\n") == "2:5: error: invalid TOML: this string is never closed; add the closing \"\"\"")
        #expect(failure("a = \"bad \\q\"\n") == #"2:10: error: invalid TOML: unknown escape '\q'; write '\\' for a backslash"#)
        #expect(failure("a = \"\\u12\"\n") == #"2:6: error: invalid TOML: '\u12' is not a Unicode character; write \u and 4 hex digits"#)
        #expect(failure("tags = [\"a\" \"b\"]\n") == "2:13: error: invalid TOML: expected ',' or ']' in this array")
        #expect(failure("tags = [\"a\",\n") == "2:8: error: invalid TOML: the array that starts here is never closed; add ']'")
        #expect(failure("a = { b = 1 c = 2 }\n") == "2:13: error: invalid TOML: expected ',' or '}' in this inline table")
        #expect(failure("a = 1 b = 2\n") == "2:7: error: invalid TOML: expected the end of the line, found 'b'")
        #expect(failure("[params\n") == "2:8: error: invalid TOML: expected ']' to close the table header")
        #expect(failure("[[menu]\n") == "2:8: error: invalid TOML: expected ']]' to close the array of tables header")
        #expect(failure("n = 01\n") == "2:5: error: invalid TOML: '01' is not a valid number or date")
        #expect(failure("n = 1__0\n") == "2:5: error: invalid TOML: '1__0' is not a valid number or date")
        #expect(failure("n = 99999999999999999999\n") == "2:5: error: invalid TOML: the number 99999999999999999999 is too large")
        #expect(failure("date = 2015-02-30\n") == "2:8: error: invalid TOML: '2015-02-30' is not a valid date")
    }

    @Test func repeatedKeysAndTablesAreErrors() {
        #expect(failure("title = \"A\"\nTitle = \"B\"\n") == "3:1: error: duplicate key 'Title' (first defined on line 2 as 'title')")
        #expect(failure("a.b = 1\na.b = 2\n") == "3:3: error: duplicate key 'b' (first defined on line 2 as 'b')")
        #expect(failure("[params]\n[params]\n") == "3:1: error: the table [params] is already defined on line 2; write its keys in one place")
        #expect(failure("title = \"A\"\n[title]\n") == "3:1: error: the table [title] repeats the key 'title' (first defined on line 2 as a value)")
        #expect(failure("title = \"A\"\ntitle.sub = 1\n") == "3:1: error: 'title' is already a value (line 2); it cannot also hold keys")
        #expect(failure("[[menu]]\n[menu]\n") == "3:1: error: 'menu' is an array of tables (line 2); write [[menu]] to add to it")
        #expect(failure("a = { b = 1 }\n[a]\n") == "3:1: error: the table [a] repeats the key 'a' (first defined on line 2 as a value)")
    }

    @Test func deepNestingIsRefused() {
        let deep = "a = " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\n"
        #expect(failure(deep) == "2:69: error: lists and mappings nest more than 64 levels deep here; flatten the value")
    }
}

@Suite struct TOMLFrontMatterSiteTests {
    @Test func aHugoPostWithTOMLFrontMatterBuildsWithItsKeysHonoured() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/tape.md": """
            +++
            title = "Tape machines"
            date = 2019-04-02T10:00:00+02:00
            lastmod = 2019-05-01
            tags = ["audio", "hardware"]
            categories = ["gear"]
            slug = "reel-to-reel"
            aliases = ["/old/tape/"]
            summary = "A machine arrives."
            [params]
            unused = true
            +++

            My first reel-to-reel arrived today.
            """,
            "/site/Content/posts/draft.md": "+++\ntitle = \"Unfinished\"\ndraft = true\n+++\nNot yet.\n",
        ])
        let recorder = LogRecorder()
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        let result = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: recorder.logger))
            .run(options)
        #expect(recorder.warnings == [])
        #expect(result.model.posts.map(\.title) == ["Tape machines"])
        let post = try #require(result.model.posts.first)
        #expect(post.date == Date(timeIntervalSince1970: 1_554_192_000))
        #expect(post.tags == ["audio", "hardware", "gear"])
        #expect(post.description == "A machine arrives.")
        #expect(post.path == "/posts/reel-to-reel/")
        #expect(fileSystem.exists("/site/Output/old/tape/index.html"))
        #expect(!fileSystem.exists("/site/Output/posts/draft/index.html"), "a TOML draft was published")
        let html = try fileSystem.text(of: "/site/Output/posts/reel-to-reel/index.html")
        #expect(html.contains("<title>Tape machines"))
        #expect(!html.contains("+++"))
    }

    @Test func aTOMLErrorStopsTheBuildAtItsPlace() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/tape.md": "+++\ntitle = \"Tape\"\ntags = [\"a\" \"b\"]\n+++\nText.\n",
        ])
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        do {
            _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)).run(options)
            Issue.record("the build succeeded")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "Content/posts/tape.md:3:13: error: invalid TOML: expected ',' or ']' in this array",
            ])
        }
    }
}

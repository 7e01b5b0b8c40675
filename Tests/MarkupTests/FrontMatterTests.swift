import Foundation
import Testing
@testable import Markup

struct FrontMatterSplitTests {
    @Test func splitsFrontMatterFromBody() throws {
        let (frontMatter, body, bodyFirstLine) = try FrontMatter.split("---\ntitle: Hello\n---\nBody\n")
        #expect(try frontMatter?.string("title") == "Hello")
        #expect(body == "Body\n")
        #expect(bodyFirstLine == 4)
    }

    @Test func acceptsCRLFAndByteOrderMark() throws {
        let (frontMatter, body, bodyFirstLine) = try FrontMatter.split("\u{FEFF}---\r\ntitle: Hi\r\n---\r\nBody\r\n")
        #expect(try frontMatter?.string("title") == "Hi")
        #expect(body == "Body\r\n")
        #expect(bodyFirstLine == 4)
    }

    @Test func fileWithoutFrontMatterIsAllBody() throws {
        let (frontMatter, body, bodyFirstLine) = try FrontMatter.split("\u{FEFF}# Hello\n---\n")
        #expect(frontMatter == nil)
        #expect(body == "# Hello\n---\n")
        #expect(bodyFirstLine == 1)
    }

    @Test func dotsCloseTheBlockAndEmptyBlockIsEmpty() throws {
        let (frontMatter, body, _) = try FrontMatter.split("---\n...\nText")
        #expect(frontMatter?.keys == [])
        #expect(body == "Text")
    }
}

struct FrontMatterValueTests {
    static let source = """
        ---
        Title: Closures in Swift
        tags: [swift, closures]
        categories: swift
        draft: false
        seriesPart: 3
        rating: 4.5
        date: 2015-06-08 10:00
        quoted: "2015"
        image: ~
        author:
          name: Ana
        ---
        """

    @Test func typedValues() throws {
        let (parsed, _, _) = try FrontMatter.split(Self.source)
        let frontMatter = try #require(parsed)
        #expect(try frontMatter.string("title") == "Closures in Swift")
        #expect(try frontMatter.strings("tags") == ["swift", "closures"])
        #expect(try frontMatter.strings("categories") == ["swift"])
        #expect(try frontMatter.bool("draft") == false)
        #expect(try frontMatter.int("seriesPart") == 3)
        #expect(try frontMatter.double("rating") == 4.5)
        #expect(try frontMatter.date("date", timeZone: TimeZone(secondsFromGMT: 0)!)
            == Date(timeIntervalSince1970: 1_433_757_600))
        #expect(try frontMatter.string("quoted") == "2015")
        #expect(try frontMatter.string("image") == nil)
        #expect(try frontMatter.string("missing") == nil)
        #expect(try frontMatter.mapping("author")?.string("name") == "Ana")
        #expect(frontMatter["image"]?.content == .null)
    }

    @Test func wholeNumberWithAMinimum() throws {
        let (parsed, _, _) = try FrontMatter.split("---\nseriesPart: 3\nfirst: 0\nlast: -3\n---\n")
        let frontMatter = try #require(parsed)
        #expect(try frontMatter.int("seriesPart", atLeast: 1) == 3)
        #expect(try frontMatter.int("missing", atLeast: 1) == nil)
        #expect(throws: MarkupError(line: 3, column: 8, message: "'first' must be at least 1, found 0")) {
            try frontMatter.int("first", atLeast: 1)
        }
        #expect(throws: MarkupError(line: 4, column: 7, message: "'last' must be at least 1, found -3")) {
            try frontMatter.int("last", atLeast: 1)
        }
    }

    @Test func keysCarryFilePositions() throws {
        let (parsed, _, _) = try FrontMatter.split(Self.source)
        let frontMatter = try #require(parsed)
        #expect(frontMatter.keys.map(\.name) == ["Title", "tags", "categories", "draft", "seriesPart", "rating", "date", "quoted", "image", "author"])
        #expect(frontMatter.keys[1].line == 3)
        #expect(frontMatter.keys[1].column == 1)
        let tags = try #require(try frontMatter.list("tags"))
        #expect(tags.map { "\($0.line):\($0.column)" } == ["3:8", "3:15"])
        #expect(frontMatter["author"]?.line == 12)
    }

    @Test func scalarTypesFollowTheCoreSchema() {
        #expect(YAMLReader.resolve("5", isPlain: true, tag: nil) == .integer(5))
        #expect(YAMLReader.resolve("5", isPlain: false, tag: nil) == .string("5"))
        #expect(YAMLReader.resolve("-1.5e3", isPlain: true, tag: nil) == .number(-1500))
        #expect(YAMLReader.resolve("True", isPlain: true, tag: nil) == .bool(true))
        #expect(YAMLReader.resolve("yes", isPlain: true, tag: nil) == .string("yes"))
        #expect(YAMLReader.resolve("null", isPlain: true, tag: nil) == .null)
        #expect(YAMLReader.resolve("2016-1-29 8:00:00", isPlain: true, tag: nil) == .date("2016-1-29 8:00:00"))
        #expect(YAMLReader.resolve("5", isPlain: true, tag: "tag:yaml.org,2002:str") == .string("5"))
    }

    /// Plain scalars that start with a byte no null, boolean, number or
    /// date starts with are strings at once; each typed form still reads
    /// as its type, and its look-alikes as strings.
    @Test func everyTypedFormStillResolvesAndOtherFirstBytesMakeStrings() {
        let typed: [(String, YAMLValue.Content)] = [
            ("", .null), ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null), ("true", .bool(true)),
            ("TRUE", .bool(true)), ("false", .bool(false)), ("False", .bool(false)), (".inf", .number(.infinity)),
            ("+.INF", .number(.infinity)), ("-.Inf", .number(-.infinity)), ("0x1F", .integer(31)), ("0o17", .integer(15)),
            ("+7", .integer(7)), ("-7", .integer(-7)), (".5", .number(0.5)), ("1e3", .number(1000)),
            ("2024-05-01", .date("2024-05-01")), ("nil", .string("nil")), ("tRUE", .string("tRUE")), ("-", .string("-")),
            ("nullable", .string("nullable")), ("Trues", .string("Trues")), ("falsehood", .string("falsehood")),
            ("~~", .string("~~")), ("+.infinity", .string("+.infinity")), ("0x", .string("0x")), ("-0o7", .string("-0o7")),
            ("12345678901", .integer(12_345_678_901)), ("-.nan", .string("-.nan")),
        ]
        for (text, content) in typed { #expect(YAMLReader.resolve(text, isPlain: true, tag: nil) == content, "\(text)") }
        guard case .number(let notANumber) = YAMLReader.resolve(".NaN", isPlain: true, tag: nil) else {
            Issue.record(".NaN is not a number")
            return
        }
        #expect(notANumber.isNaN)
        for byte in (0x21...0x7E).map(UInt8.init) where !"~ntfNTF.+-0123456789".utf8.contains(byte) {
            for rest in ["", "rue", "ull", "5", ".5", "0x1"] {
                let text = String(decoding: [byte], as: UTF8.self) + rest
                #expect(YAMLReader.resolve(text, isPlain: true, tag: nil) == .string(text), "\(text)")
            }
        }
        #expect(YAMLReader.resolve("ştring", isPlain: true, tag: nil) == .string("ştring"))
    }

    @Test func aliasesRepeatTheAnchoredValue() throws {
        let (parsed, _, _) = try FrontMatter.split("---\na: &x [p, q]\nb: *x\n---\n")
        #expect(try parsed?.strings("b") == ["p", "q"])
    }
}

struct FrontMatterErrorTests {
    func error(_ source: String) -> MarkupError? {
        do {
            _ = try FrontMatter.split(source)
            return nil
        } catch {
            return error
        }
    }

    func accessError(_ source: String, _ access: (FrontMatter) throws -> Void) -> MarkupError? {
        do {
            guard let frontMatter = try FrontMatter.split(source).frontMatter else { return nil }
            try access(frontMatter)
            return nil
        } catch {
            return error as? MarkupError
        }
    }

    @Test func unterminatedBlock() {
        #expect(error("---\ntitle: x\n\nBody\n") == MarkupError(
            line: 1, column: 1,
            message: "the front matter that starts here is never closed; add a line '---' after it"))
    }

    @Test func colonInsideAPlainValue() {
        #expect(error("---\ntitle: Swift: the basics\n---\n") == MarkupError(
            line: 2, column: 13,
            message: "invalid YAML: a ': ' is not allowed here; put the value in quotes if it contains ': '"))
    }

    @Test func unclosedQuote() {
        #expect(error("---\ndate: 2015-06-08\ntitle: \"Hello\n---\n") == MarkupError(
            line: 3, column: 8,
            message: "invalid YAML: this quoted value is never closed; add the closing quote"))
    }

    /// libyaml says only that a tab "cannot start any token"; the writer
    /// needs to hear that the tab is the problem, and where it is.
    @Test func aTabIndentedListItemIsNamedAsATab() {
        #expect(error("---\ntitle: Hello\ntags:\n\t- swift\n---\n") == MarkupError(
            line: 4, column: 1, message: "invalid YAML: YAML does not allow tabs for indentation; indent with spaces"))
        #expect(error("---\ntags:\n  - a\n \t- b\n---\n") == MarkupError(
            line: 4, column: 2, message: "invalid YAML: YAML does not allow tabs for indentation; indent with spaces"))
    }

    /// libyaml notices a list without `]` at the next line (or the end);
    /// the error points at the `[` that is never closed.
    @Test func anUnclosedListIsReportedAtItsBracket() {
        #expect(error("---\ntitle: Hello\ntags: [a, b\n---\n") == MarkupError(
            line: 3, column: 7, message: "invalid YAML: this list is never closed; add ']' after its last item"))
        #expect(error("---\ntags: [a, b\ndate: 2025-01-03\n---\n") == MarkupError(
            line: 2, column: 7, message: "invalid YAML: this list is never closed; add ']' after its last item"))
        #expect(error("---\nauthor: {name: a\n---\n") == MarkupError(
            line: 2, column: 9, message: "invalid YAML: this mapping is never closed; add '}' after its last entry"))
    }

    @Test func badIndentation() {
        #expect(error("---\nauthor:\n  name: a\n email: b\n---\n") == MarkupError(
            line: 4, column: 2,
            message: "invalid YAML: expected a 'key: value' line at this indentation; check the indentation of this line"))
    }

    @Test func numberWhereTagsAreExpected() {
        #expect(accessError("---\ntags: 5\n---\n") { _ = try $0.strings("tags") } == MarkupError(
            line: 2, column: 7, message: "expected a list of strings for 'tags', found the number 5"))
    }

    @Test func numberInsideTheTagList() {
        #expect(accessError("---\ntags: [a, 5]\n---\n") { _ = try $0.strings("tags") } == MarkupError(
            line: 2, column: 11, message: "expected a list of strings for 'tags', found the number 5"))
    }

    @Test func dateThatIsNoDate() {
        #expect(accessError("---\ndate: tomorrow\n---\n") { _ = try $0.date("date", timeZone: .gmt) } == MarkupError(
            line: 2, column: 7,
            message: "expected a date like 2015-06-08 or 2015-06-08 10:00 for 'date', found 'tomorrow'"))
    }

    @Test func notABoolean() {
        #expect(accessError("---\nDraft: maybe\n---\n") { _ = try $0.bool("draft") } == MarkupError(
            line: 2, column: 8, message: "expected true or false for 'Draft', found 'maybe'"))
    }

    @Test func unquotedNumberAsTitle() {
        #expect(accessError("---\ntitle: 2024\n---\n") { _ = try $0.string("title") } == MarkupError(
            line: 2, column: 8, message: "expected a string for 'title', found the number 2024"))
    }

    @Test func duplicateKeyInAnyCase() {
        #expect(error("---\ntitle: a\ntags: [x]\nTitle: b\n---\n") == MarkupError(
            line: 4, column: 1, message: "duplicate key 'Title' (first defined on line 2 as 'title')"))
    }

    @Test func aKeyRepeatedWithTheSameValueIsAWarningNamingBothLines() throws {
        let split = try FrontMatter.split("---\npublished: true\ntags: [a, b]\npublished: true\nTags: [a, b]\n---\nBody\n")
        #expect(try split.frontMatter?.bool("published") == true)
        #expect(split.frontMatter?.warnings == [
            MarkupError(line: 4, column: 1, message: "the key 'published' is written again with the same value (first on line 2); the second is ignored"),
            MarkupError(line: 5, column: 1, message: "the key 'Tags' is written again with the same value (first on line 3); the second is ignored"),
        ])
    }

    @Test func anOpeningLineOfMoreDashesOpensFrontMatterAsInHugo() throws {
        let split = try FrontMatter.split("------\ntitle: A\n---\nBody\n")
        #expect(try split.frontMatter?.string("title") == "A")
        #expect(split.body == "Body\n")
        #expect(try FrontMatter.split("--\ntitle: A\n").frontMatter == nil)
    }

    /// A closing fence is `---` or `...` with trailing spaces or tabs;
    /// more dashes close nothing, and `...` opens nothing.
    @Test func theFencesAFileMayUse() throws {
        let dotted = try FrontMatter.split("--- \ntitle: Ça va\nx: 1\n... \t\nBody\n")
        #expect(try dotted.frontMatter?.int("x") == 1)
        #expect(dotted.body == "Body\n")
        #expect(dotted.bodyFirstLine == 5)
        #expect(try FrontMatter.split("...\ntitle: A\n...\n").frontMatter == nil)
        #expect(try FrontMatter.split("---\ntitle: A\n---").body == "")
        #expect(error("---\ntitle: A\n----\n")?.message.hasPrefix("the front matter that starts here is never closed") == true)
    }

    @Test func theZoneADateIsWrittenIn() {
        #expect(writtenTimeZone(of: "2025-05-15T16:00:00-08:00") == TimeZone(secondsFromGMT: -8 * 3600))
        #expect(writtenTimeZone(of: "2023-01-29 18:30:22 2023 -0800") == TimeZone(secondsFromGMT: -8 * 3600))
        #expect(writtenTimeZone(of: "2025-05-15") == nil)
        #expect(writtenTimeZone(of: "someday") == nil)
    }

    @Test func aKeyRepeatedWithAnotherValueInAListIsStillAnError() {
        #expect(error("---\ntags: [a, b]\ntags: [a, c]\n---\n") == MarkupError(
            line: 3, column: 1, message: "duplicate key 'tags' (first defined on line 2 as 'tags')"))
    }

    @Test func frontMatterThatIsNotAMapping() {
        #expect(error("---\n- a\n- b\n---\n") == MarkupError(
            line: 2, column: 1,
            message: "front matter must be keys with values, like 'title: Hello', found a list"))
    }

    @Test func invalidUTF8InTheFile() {
        let bytes = Array("---\ntitle: caf".utf8) + [0xE9] + Array("\n---\n".utf8)
        #expect(throws: MarkupError(
            line: 2, column: 11, message: "the file is not valid UTF-8 (byte 0xE9 here); save it as UTF-8")) {
            try UTF8Validation.decode(bytes)
        }
    }

    @Test func errorDescriptionNamesThePath() {
        let error = MarkupError(line: 3, column: 7, message: "expected a string for 'title', found a list")
        #expect(error.formatted(path: "Content/posts/x.md")
            == "Content/posts/x.md:3:7: error: expected a string for 'title', found a list")
        #expect(error.description == "3:7: error: expected a string for 'title', found a list")
    }
}

struct UTF8ValidationTests {
    @Test func validTextHasNoInvalidPosition() {
        #expect(UTF8Validation.firstInvalidPosition(in: Array("Tìm kiếm 🙂\n".utf8)) == nil)
    }

    @Test func positionCountsCharactersNotBytes() {
        let bytes = Array("ok\nçş".utf8) + [0x80]
        let position = UTF8Validation.firstInvalidPosition(in: bytes)
        #expect(position.map { "\($0.line):\($0.column):\($0.byte)" } == "2:3:128")
    }

    @Test func overlongAndSurrogateSequencesAreInvalid() {
        #expect(UTF8Validation.firstInvalidPosition(in: [0x61, 0xC0, 0xAF])?.column == 2)
        #expect(UTF8Validation.firstInvalidPosition(in: [0xED, 0xA0, 0x80])?.column == 1)
        #expect(UTF8Validation.firstInvalidPosition(in: [0x61, 0xE2, 0x82])?.column == 2)
    }
}

struct DateParsingTests {
    static let utc = TimeZone(secondsFromGMT: 0)!
    static let istanbul = TimeZone(secondsFromGMT: 3 * 3600)!

    @Test(arguments: [
        ("2015-06-08", 1_433_721_600.0),
        ("2015-06-08T10:00:00Z", 1_433_757_600),
        ("2015-06-08T10:00:00+03:00", 1_433_746_800),
        ("2015-06-08 10:00:00 +0300", 1_433_746_800),
        ("2015-06-08T10:00:00.5Z", 1_433_757_600.5),
        ("2016-1-29 8:00:00", 1_454_054_400),
        ("  2015-06-08 10:00  ", 1_433_757_600),
        ("2015-06-25 07:30:00 EET", 1_435_210_200),
        ("2016-03-27 19:45:00 BST", 1_459_104_300),
        ("2015-06-08 10:00 pst", 1_433_786_400),
        ("2015-06-08 10:00:00 UTC", 1_433_757_600),
    ])
    func formatsBlogsUse(text: String, seconds: Double) {
        #expect(parseDate(text, timeZone: Self.utc) == Date(timeIntervalSince1970: seconds))
    }

    @Test func dateWithoutZoneUsesTheSitesZone() {
        #expect(parseDate("2015-06-08 10:00", timeZone: Self.istanbul) == Date(timeIntervalSince1970: 1_433_746_800))
        #expect(parseDate("2015-06-08", timeZone: Self.istanbul) == Date(timeIntervalSince1970: 1_433_710_800))
    }

    @Test func namedZoneFollowsDaylightSavingTime() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(parseDate("2015-06-08 10:00", timeZone: newYork) == Date(timeIntervalSince1970: 1_433_772_000))
        #expect(parseDate("2015-01-08 10:00", timeZone: newYork) == Date(timeIntervalSince1970: 1_420_729_200))
    }

    @Test(arguments: [
        "tomorrow", "2015-02-30", "2015-06-08 25:00", "2015-06-08 10:00 junk", "15-06-08", "2015-13-01", "",
        "2015-06-08 10:00 XYZ", "2015-06-08 10:00 EET junk",
    ])
    func notDates(text: String) {
        #expect(parseDate(text, timeZone: Self.utc) == nil)
    }
}

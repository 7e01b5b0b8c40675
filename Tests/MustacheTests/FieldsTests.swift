import Testing
@testable import Mustache

/// The table behind dictionary values: every field is found, by a name
/// hashed on the spot or ahead of time, and nothing else is.
@Suite struct FieldsTests {
    @Test func findsEachFieldAndNoOther() {
        let fields: Fields = ["title": "Closures", "url": "/posts/closures/", "part": 4]
        #expect(fields["title"].map(\.interpolatedText) == "Closures")
        #expect(fields["part"].map(\.interpolatedText) == "4")
        #expect(fields["Title"] == nil)
        #expect(fields["titl"] == nil)
        #expect(fields[""] == nil)
        #expect(fields.value(named: "url", hash: Fields.hash("url")).map(\.interpolatedText) == "/posts/closures/")
    }

    @Test func manyNamesAreAllFound() {
        var dictionary: [String: Value] = [:]
        for number in 0..<1000 { dictionary["name\(number)"] = .int(number) }
        // Names outside ASCII and of one letter share the table too.
        dictionary["ğ"] = "Turkish"
        dictionary["x"] = "one letter"
        let fields = Fields(dictionary)
        #expect(fields.count == 1002)
        for number in 0..<1000 {
            #expect(fields["name\(number)"].map(\.interpolatedText) == String(number))
        }
        #expect(fields["ğ"].map(\.interpolatedText) == "Turkish")
        #expect(fields["x"].map(\.interpolatedText) == "one letter")
        #expect(fields["name1000"] == nil)
    }

    @Test func iteratesInTheOrderOfTheNames() {
        let fields = Fields(["b": 2, "a": 1, "c": 3])
        #expect(fields.map(\.0) == ["a", "b", "c"])
        #expect(fields.keys == ["a", "b", "c"])
        #expect(Fields([:]).isEmpty)
    }

    @Test func aRepeatedNameInALiteralKeepsItsLastValue() {
        let fields: Fields = ["name": "first", "other": 2, "name": "last"]
        #expect(fields.count == 2)
        #expect(fields["name"].map(\.interpolatedText) == "last")
        #expect(fields["other"].map(\.interpolatedText) == "2")
        #expect(fields["missing"] == nil)
        #expect(fields.keys == ["name", "other"])
    }

    @Test func repeatedNamesInPairsKeepTheirLastValuesAndAreCountedOnce() {
        let pairs: [(String, Value)] = (0..<40).map { ("name\($0 % 13)", .int($0)) } + [("a", "first"), ("a", "last")]
        let fields = Fields(pairs)
        #expect(fields.count == 14)
        #expect(fields.keys == (["a"] + (0..<13).map { "name\($0)" }).sorted())
        for number in 0..<13 { #expect(fields["name\(number)"].map(\.interpolatedText) == String(number == 0 ? 39 : 26 + number)) }
        #expect(fields["a"].map(\.interpolatedText) == "last")
        #expect(fields["b"] == nil)
    }

    @Test func dottedNamesGoThroughNestedFields() throws {
        let context: Value = ["post": ["author": ["name": "Ada"]], "site": ["title": "Despina"]]
        let template = try Template(source: "{{post.author.name}} on {{site.title}}{{post.missing.name}}")
        #expect(try template.render(context) == "Ada on Despina")
    }
}

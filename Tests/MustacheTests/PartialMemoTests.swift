import Synchronization
import Testing
@testable import Mustache

/// A partial kept by a memo gives, render after render, the text it would
/// give rendered anew, and is rendered again whenever what it read from
/// outside its object differs.
@Suite struct PartialMemoTests {
    /// An object that counts how often templates read its fields.
    final class Item: MustacheObject {
        let fields: Fields
        let reads = Mutex(0)
        init(_ fields: [String: Value]) { self.fields = Fields(fields) }
        func value(forKey key: String) -> Value? {
            reads.withLock { $0 += 1 }
            return fields[key]
        }
    }

    /// Renders `page` for each context with one memo, and again each without.
    private func renderBothWays(
        _ sources: [String: String], _ contexts: [Value], globals: Value? = nil
    ) throws -> (withMemo: [String], without: [String]) {
        let set = try TemplateSet(sources: sources)
        let memo = PartialMemo()
        let kept = try contexts.map { String(decoding: try set.renderUTF8("page", with: $0, globals: globals, memo: memo), as: UTF8.self) }
        let fresh = try contexts.map { try set.render("page", with: $0, globals: globals) }
        return (kept, fresh)
    }

    @Test func aPartialShownForTheSameObjectIsRenderedOnce() throws {
        let item = Item(["title": "One"])
        let set = try TemplateSet(sources: ["page": "{{#items}}{{>row}}{{/items}}", "row": "<li>{{title}}</li>"])
        let memo = PartialMemo()
        for _ in 0..<3 {
            let html = try set.renderUTF8("page", with: ["items": [.object(item)]], memo: memo)
            #expect(String(decoding: html, as: UTF8.self) == "<li>One</li>")
        }
        #expect(item.reads.withLock { $0 } == 1)
    }

    @Test func aFullMemoRendersAnewWhatItHasNoRoomFor() throws {
        let (first, second) = (Item(["title": "One"]), Item(["title": "Two"]))
        let set = try TemplateSet(sources: ["page": "{{#items}}{{>row}}{{/items}}", "row": "<li>{{title}}</li>"])
        // Room for one rendering, not two.
        let memo = PartialMemo(sizeLimit: 200)
        for _ in 0..<3 {
            let html = try set.renderUTF8("page", with: ["items": [.object(first), .object(second)]], memo: memo)
            #expect(String(decoding: html, as: UTF8.self) == "<li>One</li><li>Two</li>")
        }
        #expect(first.reads.withLock { $0 } == 1)
        #expect(second.reads.withLock { $0 } == 3)
    }

    @Test func aValueReadOutsideTheObjectIsCheckedEachTime() throws {
        let item = Item(["title": "One"])
        let sources = ["page": "{{#items}}{{>row}}{{/items}}", "row": "{{#page.isSeries}}Part {{/page.isSeries}}{{title}} {{i18n.read}};"]
        let contexts: [Value] = [
            ["items": [.object(item)], "page": ["isSeries": false], "i18n": ["read": "read"]],
            ["items": [.object(item)], "page": ["isSeries": true], "i18n": ["read": "read"]],
            ["items": [.object(item)], "page": ["isSeries": false], "i18n": ["read": "đọc"]],
            ["items": [.object(item)], "page": ["isSeries": false], "i18n": ["read": "read"]],
        ]
        let (kept, fresh) = try renderBothWays(sources, contexts)
        #expect(kept == fresh)
        #expect(fresh == ["One read;", "Part One read;", "One đọc;", "One read;"])
    }

    @Test func aNameTheObjectLacksIsLookedUpAroundItAgain() throws {
        let item = Item(["title": "One"])
        let sources = ["page": "{{#items}}{{>row}}{{/items}}", "row": "{{title}}{{#updated}} ({{updated}}){{/updated}}|"]
        let contexts: [Value] = [
            ["items": [.object(item)]],
            ["items": [.object(item)], "updated": "later"],
            ["items": [.object(item)]],
        ]
        let (kept, fresh) = try renderBothWays(sources, contexts)
        #expect(kept == fresh)
        #expect(fresh == ["One|", "One (later)|", "One|"])
    }

    @Test func thePlaceInTheListIsOutsideTheObject() throws {
        let (first, second) = (Item(["title": "A"]), Item(["title": "B"]))
        let sources = ["page": "{{#items}}{{>row}}{{/items}}", "row": "{{@number}}. {{title}}{{^@last}}, {{/@last}}"]
        let contexts: [Value] = [
            ["items": [.object(first), .object(second)]],
            ["items": [.object(second), .object(first)]],
            ["items": [.object(first)]],
        ]
        let (kept, fresh) = try renderBothWays(sources, contexts)
        #expect(kept == fresh)
        #expect(fresh == ["1. A, 2. B", "1. B, 2. A", "1. A"])
    }

    @Test func aMappingMadeForEachPageIsNotTakenForTheSame() throws {
        let item = Item(["title": "One"])
        let sources = ["page": "{{#items}}{{>row}}{{/items}}", "row": "{{#page}}{{heading}}: {{/page}}{{title}}"]
        let contexts: [Value] = [
            ["items": [.object(item)], "page": ["heading": "Home"]],
            ["items": [.object(item)], "page": ["heading": "Swift"]],
        ]
        let (kept, fresh) = try renderBothWays(sources, contexts)
        #expect(kept == fresh)
        #expect(fresh == ["Home: One", "Swift: One"])
    }

    @Test func indentationAndTheLineItStartsOnArePartOfTheKey() throws {
        let item = Item(["title": "One"])
        let sources = [
            "page": "{{#items}}\n{{>row}}\n{{/items}}{{#items}}\n  {{>row}}\n{{/items}}{{#items}}>{{>row}}{{/items}}",
            "row": "<li>\n{{title}}\n</li>\n",
        ]
        let (kept, fresh) = try renderBothWays(sources, [["items": [.object(item)]], ["items": [.object(item)]]])
        #expect(kept == fresh)
        #expect(fresh[0] == "<li>\nOne\n</li>\n  <li>\n  One\n  </li>\n><li>\nOne\n</li>\n")
        // A partial without a last line break leaves the next one mid-line,
        // where its first line is not indented.
        let other = Item(["title": "Two"])
        let (keptInline, freshInline) = try renderBothWays(
            ["page": "{{#items}}\n  {{>row}}\n{{/items}}", "row": "<li>{{title}}</li>"],
            [["items": [.object(item)]], ["items": [.object(other), .object(item)]]])
        #expect(keptInline == freshInline)
        #expect(freshInline == ["  <li>One</li>", "  <li>Two</li><li>One</li>"])
    }

    @Test func aRenderingThatCallsALambdaIsNotKept() throws {
        let calls = Mutex(0)
        let counter = Value.lambda(Lambda(variable: { _ in
            .text(String(calls.withLock { $0 += 1; return $0 }))
        }))
        let item = Item(["title": "One"])
        let sources = ["page": "{{#items}}{{>row}}{{/items}}", "row": "{{title}} {{count}}"]
        let contexts: [Value] = [["items": [.object(item)], "count": counter], ["items": [.object(item)], "count": counter]]
        let set = try TemplateSet(sources: sources)
        let memo = PartialMemo()
        let kept = try contexts.map { String(decoding: try set.renderUTF8("page", with: $0, memo: memo), as: UTF8.self) }
        #expect(kept == ["One 1", "One 2"])
    }

    @Test func aRenderingThatFillsABlockIsNotKept() throws {
        let item = Item(["title": "One"])
        let set = try TemplateSet(sources: [
            "home": "{{<frame}}{{$label}}Home{{/label}}{{/frame}}",
            "tag": "{{<frame}}{{$label}}Tag{{/label}}{{/frame}}",
            "frame": "{{#items}}{{>row}}{{/items}}",
            "row": "{{$label}}plain{{/label}} {{title}};",
        ])
        let memo = PartialMemo()
        let kept = try ["home", "tag", "home"].map { name in
            String(decoding: try set.renderUTF8(name, with: ["items": [.object(item)]], memo: memo), as: UTF8.self)
        }
        #expect(kept == ["Home One;", "Tag One;", "Home One;"])
    }

    @Test func stringsAreTheSameOnlyByTheirBytes() {
        // "é" as one character and as "e" with a combining accent: equal as
        // Swift strings, different on the page.
        #expect(!PartialMemo.isSame(.string("caf\u{E9}"), as: .string("cafe\u{301}")))
        #expect(PartialMemo.isSame(.string("café"), as: .string("café")))
        #expect(PartialMemo.isSame(nil, as: nil))
        #expect(!PartialMemo.isSame(.null, as: nil))
        #expect(!PartialMemo.isSame(.int(1), as: .bool(true)))
        let fields = Fields(["a": .int(1)])
        #expect(PartialMemo.isSame(.dictionary(fields), as: .dictionary(fields)))
        #expect(!PartialMemo.isSame(.dictionary(fields), as: .dictionary(Fields(["a": .int(1)]))))
        #expect(PartialMemo.isSame(.array([.string("a"), .int(2)]), as: .array([.string("a"), .int(2)])))
    }
}

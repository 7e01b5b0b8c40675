import Testing
@testable import Markup

/// The simplest front matter is read without libyaml. Whatever it takes
/// must come out as libyaml reads it: the same values, at the same lines
/// and columns, with the same warnings. Everything else goes to libyaml.
struct SimpleYAMLTests {
    /// What a reader makes of a text: the value, its warnings and counts,
    /// or the error.
    private struct Reading: Equatable {
        var value: YAMLValue?
        var notes: [String]
    }

    /// Both readers' results for `yaml`.
    private func bothReadings(of yaml: String) -> (simple: Reading, libyaml: Reading) {
        func reading(_ reader: YAMLReader) -> Reading {
            var reader = reader
            do {
                let value = try reader.read(yaml)
                let warnings = reader.repeatedKeys.map { "\($0.line):\($0.column) \($0.message)" }
                return Reading(value: value, notes: warnings + ["\(reader.writtenValues) \(reader.expandedBytes)"])
            } catch {
                return Reading(value: nil, notes: ["error \(error.line):\(error.column) \(error.message)"])
            }
        }
        return (reading(YAMLReader(firstLine: 2)), reading(YAMLReader(firstLine: 2, readsSimpleFormsItself: false)))
    }

    private func isReadWithoutLibyaml(_ yaml: String) -> Bool { SimpleYAMLEvents(yaml, firstLine: 2) != nil }

    /// The forms posts use most are taken (else the test below would
    /// compare libyaml with itself).
    @Test func commonFrontMatterIsReadWithoutLibyaml() {
        for yaml in [
            "title: Hello\n",
            "title: \"Jekyll 3.7.0 Released\"\ndate: 2018-01-02 11:21:40 +0100\nauthor: DirtyF\nversion: 3.7.0\n",
            "title: 'Quoted: with a colon'\ntags: [lab, CDI, containerized data importer, vm import]\n",
            "title: Çalışma notları\ntags:\n  - swift\n  - 'ios'\n\ndraft: false\n",
            "tags:\n- a\n- b\nseries: Swift in parts\npart: 2\nurl: https://example.com/a:b\n",
            "empty: []\ntitle: C# and F#\n",
        ] {
            #expect(isReadWithoutLibyaml(yaml), "\(yaml)")
        }
    }

    /// Forms left to libyaml, whose errors and readings it alone knows.
    @Test func otherFormsAreLeftToLibyaml() {
        for yaml in [
            "", "\n\n", "# a comment\ntitle: x\n", "title: x # a comment\n", "title: a: b\n", "title:\n",
            "title:\ndate: 2020-01-01\n", "author: >\n  Sascha\n", "title: Long\n  continued\n",
            "title: \"say \\\"hi\\\"\"\n", "title: 'it''s'\n", "title: &a x\nother: *a\n", "title: !!str 5\n",
            "title:\tx\n", "title: x\r\n", "title: x \n", "key : x\n", "key:x\n", "- a\n- b\n", "title: -5\n",
            "tags: [a, b\n", "tags: [a,, b]\n", "tags: [a, b,]\n", "tags: [a: b]\n", "tags: [[a]]\n", "tags:\n  - a\n    - b\n",
            "tags:\n  - a\n - b\n", "tags:\n  - a: b\n", "a:\n  b: c\n", "---\n", "...\n", "title: \"open\n", "title: x\u{85}y\n",
            "title: x\u{2028}y\n", "\u{FEFF}title: x\n", "title: \u{1}\n", "%YAML 1.2\n", "title: ~\n  x\n",
        ] {
            #expect(!isReadWithoutLibyaml(yaml), "\(yaml.debugDescription)")
        }
    }

    /// Texts made of many lines, taken and not taken, read both ways.
    @Test func whatIsTakenReadsAsLibyamlReadsIt() {
        let keys = ["title", "date", "Tags", "cover.image", "pub-date", "_draft", "x1"]
        let values = [
            "Hello", "Hello, world", "Çalışma: notlar", "a:b", "https://x.org/a?b=1#c", "C#", "2024-01-05",
            "2024-01-05 10:00:00 +0100", "12:30", "true", "False", "null", "~", "0x1F", "3.5", "1e3", ".inf",
            "\"quoted: text\"", "'single'", "\"\"", "''", "\"Tiếng Việt\"", "[a, b]", "[ a , \"b c\" ,'d' ]", "[]",
            "[ ]", "[x]", "[Çay, ılık]", "[a, [b]]", "Saying \"hi\"", "it's", "-5", "a #b", "tail:", "1.0.0",
            "[a b, c]", "x]", "{a: b}", "*x", "'it''s'", "\"a\\tb\"", "yes", "on", "+1", "-", "'", "\"",
        ]
        let lists = ["\n  - a\n  - b", "\n- a\n- \"b\"", "\n    - Çay\n    - 'x y'", "\n  - a\n\n  - b", "\n  -  spaced",
                     "\n  - a: b", "\n  - [a]", "\n  -a", "\n  - a\n - b", "\n  - a #c", "\n  - 'a''b'"]
        var generator = SystemRandomNumberGenerator()
        var taken = 0
        var texts: [String] = []
        for key in keys {
            for value in values { texts.append("\(key): \(value)\n") }
            for list in lists { texts.append("\(key):\(list)\n") }
        }
        // Mappings of several lines, with repeated keys and blank lines.
        for _ in 0..<1_500 {
            var text = ""
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let key = keys.randomElement(using: &generator) ?? "title"
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    text += key + ":" + (lists.randomElement(using: &generator) ?? "") + "\n"
                } else {
                    text += key + ": " + (values.randomElement(using: &generator) ?? "") + "\n"
                }
                if Int.random(in: 0..<6, using: &generator) == 0 { text += ["\n", "  \n"].randomElement(using: &generator) ?? "" }
            }
            texts.append(Bool.random(using: &generator) ? text : "\n" + text.dropLast())
        }
        for text in texts {
            let readings = bothReadings(of: text)
            if isReadWithoutLibyaml(text) { taken += 1 }
            #expect(readings.simple == readings.libyaml, "\(text.debugDescription)")
        }
        #expect(taken > texts.count / 3, "\(taken) of \(texts.count)")
    }
}

import Testing
@testable import Markup

/// Keys are found in any letter case, and a repeated key is refused, in
/// small mappings (keys compared in turn) and large ones (keys hashed)
/// alike, and across the size where one gives way to the other.
@Suite struct YAMLMappingTests {
    private func mapping(of names: [String]) -> (YAMLMapping, repeated: [String]) {
        var mapping = YAMLMapping()
        var repeated: [String] = []
        for (place, name) in names.enumerated() {
            let value = YAMLValue(content: .string("v\(place)"), line: place + 1, column: 1)
            if let first = mapping.add(key: .init(name: name, line: place + 1, column: 1), value: value) {
                repeated.append(first.name)
            }
        }
        return (mapping, repeated)
    }

    @Test(arguments: [1, 15, 16, 17, 18, 40])
    func everyKeyIsFoundInAnyLetterCase(count: Int) throws {
        let names = (0..<count).map { $0 % 3 == 0 ? "Key\($0)" : "key\($0)" }
        let (mapping, repeated) = mapping(of: names + ["KEY0", "key\(count - 1)"])
        #expect(repeated == [names[0], names[count - 1]])
        #expect(mapping.entries.count == count)
        for (place, name) in names.enumerated() {
            #expect(mapping.entry(name.lowercased())?.key.name == name)
            #expect(mapping.entry(name.uppercased())?.value.content == .string("v\(place)"))
        }
        #expect(mapping.entry("key\(count)") == nil)
        #expect(mapping.entry("") == nil)
    }

    @Test func aKeyBeyondASCIIIsFoundInAnyLetterCase() {
        // Lowercased as Unicode has it, not as Turkish does: "I" is "i".
        let (mapping, repeated) = mapping(of: ["Başlık", "Tiêu đề", "title", "TIÊU ĐỀ", "BAŞLIK"])
        #expect(repeated == ["Tiêu đề"])
        #expect(mapping.entry("başlik")?.key.name == "BAŞLIK")
        #expect(mapping.entry("başlık")?.key.name == "Başlık")
        #expect(mapping.entry("TIÊU ĐỀ")?.key.name == "Tiêu đề")
        #expect(mapping.entry("Title")?.key.name == "title")
    }
}

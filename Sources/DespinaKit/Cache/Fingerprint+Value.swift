import Mustache

extension Fingerprint {
    /// Mixes in a template value: its kind and contents, dictionary keys in
    /// sorted order. Objects and lambdas, which have no contents to read,
    /// count by kind only (the site's own values use neither).
    mutating func combine(_ value: Value) {
        switch value {
        case .null: combine(1 as UInt64)
        case .bool(let flag): combine(2 as UInt64); combine(flag)
        case .int(let number): combine(3 as UInt64); combine(number)
        case .double(let number): combine(4 as UInt64); combine(number.bitPattern)
        case .string(let text): combine(5 as UInt64); combine(text)
        case .array(let elements):
            combine(6 as UInt64)
            combine(elements.count)
            for element in elements { combine(element) }
        case .dictionary(let fields):
            combine(7 as UInt64)
            combine(fields.count)
            for key in fields.keys.sorted() {
                combine(key)
                combine(fields[key] ?? .null)
            }
        case .object: combine(8 as UInt64)
        case .lambda: combine(9 as UInt64)
        }
    }
}

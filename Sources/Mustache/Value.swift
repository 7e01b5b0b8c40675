/// A value a template renders: the data model of the Mustache engine.
///
/// Values are immutable and `Sendable`, so one context can be rendered from many
/// threads at once. Swift literals build values directly:
///
/// ```swift
/// let context: Value = ["title": "Closures", "tags": ["swift", "ios"], "draft": false]
/// ```
public enum Value: Sendable {
    /// No value: renders as nothing and is falsey in sections.
    case null
    /// A boolean: `true` renders a section once, `false` hides it.
    case bool(Bool)
    /// An integer, rendered in decimal.
    case int(Int)
    /// A floating-point number, rendered in its shortest exact form (`1.21`, `3`).
    case double(Double)
    /// Text; HTML-escaped by `{{name}}`, verbatim in `{{{name}}}`.
    case string(String)
    /// A list: a section renders once per element.
    case array([Value])
    /// Named fields, looked up by key.
    case dictionary(Fields)
    /// A Swift value that answers field lookups itself.
    case object(any MustacheObject)
    /// A function called by the template (see ``Lambda``).
    case lambda(Lambda)
}

extension Value {
    /// Whether a section `{{#name}}` renders (and `{{^name}}` does not).
    ///
    /// Falsey: `null`, `false`, `0`, `0.0`, the empty string and the empty array.
    /// Everything else, including empty dictionaries, objects and lambdas, is truthy.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .int(let number): return number != 0
        case .double(let number): return number != 0
        case .string(let text): return !text.isEmpty
        case .array(let elements): return !elements.isEmpty
        case .dictionary, .object, .lambda: return true
        }
    }

    /// The field named `key`, or `nil` when this value has no such field.
    ///
    /// Dictionaries and objects have fields; a lambda may answer fields too, which
    /// lets a helper take a parameter through a dotted name (`{{#truncate.80}}`).
    public func field(_ key: String) -> Value? {
        field(key, hash: Fields.hash(key))
    }

    /// ``field(_:)`` for a key whose ``Fields/hash(_:)`` is known.
    func field(_ key: String, hash: UInt64) -> Value? {
        switch self {
        case .dictionary(let fields): return fields.value(named: key, hash: hash)
        case .object(let object): return object.value(forKey: key, hash: hash)
        case .lambda(let lambda): return lambda.member(key)
        case .null, .bool, .int, .double, .string, .array: return nil
        }
    }

    /// The text `{{name}}` interpolates for this value, before escaping.
    ///
    /// Containers and lambdas have no text of their own; objects provide
    /// ``MustacheObject/interpolatedText``.
    public var interpolatedText: String {
        switch self {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return Value.format(number)
        case .string(let text): return text
        case .object(let object): return object.interpolatedText
        case .array, .dictionary, .lambda: return ""
        }
    }

    /// Formats a double without a trailing `.0` when it holds a whole number.
    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int(number))
        }
        return String(number)
    }
}

extension Value: ExpressibleByNilLiteral {
    /// Creates `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension Value: ExpressibleByBooleanLiteral {
    /// Creates `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByIntegerLiteral {
    /// Creates `.int`.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension Value: ExpressibleByFloatLiteral {
    /// Creates `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension Value: ExpressibleByStringLiteral {
    /// Creates `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByArrayLiteral {
    /// Creates `.array`.
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
}

extension Value: ExpressibleByDictionaryLiteral {
    /// Creates `.dictionary`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, Value)...) {
        var fields: [String: Value] = [:]
        fields.reserveCapacity(elements.count)
        for (key, value) in elements { fields[key] = value }
        self = .dictionary(Fields(fields))
    }
}

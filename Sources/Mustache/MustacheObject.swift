/// A Swift class that exposes fields to templates without converting itself to a
/// dictionary first.
///
/// Objects are classes so that a ``Value`` holding one is a single reference:
/// the renderer copies values on every look-up, and copying an existential of
/// any size would go through its type's witness table each time.
///
/// ```swift
/// final class Post: MustacheObject {
///     let title: String
///     let tags: [String]
///     init(title: String, tags: [String]) { self.title = title; self.tags = tags }
///     func value(forKey key: String) -> Value? {
///         switch key {
///         case "title": return .string(title)
///         case "tags": return .array(tags.map(Value.string))
///         default: return nil
///         }
///     }
/// }
/// ```
///
/// Returning `nil` means "no such field": lookup then continues down the context stack.
public protocol MustacheObject: AnyObject, Sendable {
    /// The value of the field named `key`, or `nil` if there is none.
    func value(forKey key: String) -> Value?

    /// ``value(forKey:)`` for a key whose ``Fields/hash(_:)`` is `hash`,
    /// as the renderer asks: names in templates are hashed once, when the
    /// template is parsed, so an object that keeps its field names in
    /// ``Fields`` finds them without hashing the key again.
    func value(forKey key: String, hash: UInt64) -> Value?

    /// The text `{{object}}` renders; empty unless the type provides one.
    var interpolatedText: String { get }

    /// Appends the UTF-8 of ``interpolatedText`` to `output`, as
    /// `{{{object}}}` renders it. An object that keeps its text as UTF-8
    /// bytes writes them in directly, without making a string of them first.
    func appendInterpolatedText(to output: inout [UInt8])
}

extension MustacheObject {
    /// Objects render no text by default.
    public var interpolatedText: String { "" }

    /// Objects append their ``interpolatedText`` by default.
    public func appendInterpolatedText(to output: inout [UInt8]) {
        output.append(utf8: interpolatedText)
    }

    /// Objects look keys up by name by default.
    public func value(forKey key: String, hash: UInt64) -> Value? { value(forKey: key) }
}

/// A Swift type that exposes fields to templates without converting itself to a
/// dictionary first.
///
/// ```swift
/// struct Post: MustacheObject {
///     let title: String
///     let tags: [String]
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
public protocol MustacheObject: Sendable {
    /// The value of the field named `key`, or `nil` if there is none.
    func value(forKey key: String) -> Value?

    /// The text `{{object}}` renders; empty unless the type provides one.
    var interpolatedText: String { get }
}

extension MustacheObject {
    /// Objects render no text by default.
    public var interpolatedText: String { "" }
}

/// A Swift closure a template calls: `{{name}}` calls a variable lambda,
/// `{{#name}}…{{/name}}` calls a section lambda with the section's raw text.
///
/// A lambda returns a ``LambdaOutput``: either template text, which the engine
/// renders in the current context (the behavior the Mustache spec requires), or
/// finished text, which the engine inserts as is.
///
/// ```swift
/// let shout = Lambda(section: { rawText, context in
///     .text(try context.render(rawText).uppercased())
/// })
/// ```
///
/// A class, like ``MustacheObject``, so that a ``Value`` stays one reference wide.
public final class Lambda: Sendable {
    enum Body: Sendable {
        case variable(@Sendable (LambdaContext) throws -> LambdaOutput)
        case section(@Sendable (String, LambdaContext) throws -> LambdaOutput)
    }

    let body: Body
    private let members: (@Sendable (String) -> Value?)?

    /// A lambda for `{{name}}`; in a section it is called with no text and its
    /// output becomes the section's value.
    ///
    /// - Parameters:
    ///   - members: answers dotted lookups on the lambda (`{{#name.key}}`), so a
    ///     helper can take parameters; `nil` when it has none.
    ///   - body: computes the output; `context` renders text and looks up names.
    public init(
        members: (@Sendable (String) -> Value?)? = nil,
        variable body: @escaping @Sendable (_ context: LambdaContext) throws -> LambdaOutput
    ) {
        self.body = .variable(body)
        self.members = members
    }

    /// A lambda for `{{#name}}…{{/name}}`, called with the section's unrendered text.
    ///
    /// - Parameters:
    ///   - members: answers dotted lookups on the lambda (`{{#name.key}}`), so a
    ///     helper can take parameters; `nil` when it has none.
    ///   - body: receives the raw text between the tags and a context that can
    ///     render it (`try context.render(rawText)`).
    public init(
        members: (@Sendable (String) -> Value?)? = nil,
        section body: @escaping @Sendable (_ rawText: String, _ context: LambdaContext) throws -> LambdaOutput
    ) {
        self.body = .section(body)
        self.members = members
    }

    /// A spec-style variable lambda: the returned string is rendered as a template
    /// (with the default delimiters) and then interpolated.
    public static func variable(_ body: @escaping @Sendable () throws -> String) -> Lambda {
        Lambda(variable: { _ in .template(try body()) })
    }

    /// A spec-style section lambda: it receives the raw section text and the
    /// returned string is rendered as a template with the section's delimiters.
    public static func section(_ body: @escaping @Sendable (_ rawText: String) throws -> String) -> Lambda {
        Lambda(section: { rawText, _ in .template(try body(rawText)) })
    }

    /// The value of a dotted lookup on this lambda, if it answers one.
    func member(_ key: String) -> Value? {
        members?(key)
    }
}

/// What a lambda hands back to the engine.
public enum LambdaOutput: Sendable, Equatable {
    /// Template text: rendered in the current context before it is inserted.
    case template(String)
    /// Finished text: inserted as is (still HTML-escaped by a `{{name}}` tag).
    case text(String)
}

/// What a lambda can do with the template that called it: render text in the
/// current context and look up names. Valid only during the call.
public struct LambdaContext {
    let renderer: Renderer
    /// The section that called the lambda, whose parsed content renders its raw text.
    let section: SectionTag?
    let delimiters: Delimiters
    let lambdaName: String
    let position: SourcePosition

    /// Renders `template` against the current context stack, with the delimiters
    /// in effect where the lambda was called.
    public func render(_ template: String) throws(TemplateError) -> String {
        if let section, template == section.rawText {
            // The section's text was parsed with the template: no need to parse it again.
            return try renderer.renderToString(section.children)
        }
        return try renderer.renderFragment(template, delimiters: delimiters, lambdaName: lambdaName, position: position)
    }

    /// The value a tag `{{name}}` would see here (dotted names allowed), or `.null`.
    public func value(named name: String) -> Value {
        renderer.lookUp(Name(parsing: name)) ?? .null
    }
}

/// Lambdas a site's templates need and Mustache has no syntax for.
///
/// Pass them as globals, or merge ``all`` into a root dictionary:
///
/// ```swift
/// try templates.render("post", with: page, globals: .standardHelpers)
/// ```
///
/// | name | use | result |
/// | --- | --- | --- |
/// | `truncate` | `{{#truncate}}{{description}}{{/truncate}}` | at most 160 characters, cut at a word, with `…` |
/// | `truncate.N` | `{{#truncate.80}}{{description}}{{/truncate.80}}` | at most `N` characters |
/// | `joinURL` | `{{#joinURL}}{{baseURL}} {{path}}{{/joinURL}}` | the pieces joined with single slashes |
/// | `formatDate` | `{{#formatDate}}{{date}}\|D.M.YYYY{{/formatDate}}` | an ISO 8601 date in that format |
///
/// Lists also give `@index`, `@number`, `@first` and `@last` inside their sections;
/// those come from the engine itself and need no helper.
public enum StandardHelpers {
    /// The length `truncate` cuts to when no length is given.
    public static let defaultTruncationLength = 160

    /// The format `formatDate` uses when the text names none.
    public static let defaultDateFormat = "YYYY-MM-DD"

    /// `{{#truncate}}…{{/truncate}}`: renders the section, then shortens the result to
    /// ``defaultTruncationLength`` visible characters (HTML tags and entities are
    /// kept whole), cutting at a word boundary and adding `…`.
    /// `{{#truncate.N}}` chooses the length `N`.
    public static let truncate: Lambda = truncate(length: defaultTruncationLength)

    /// `{{#joinURL}}{{baseURL}} {{path}}{{/joinURL}}`: renders the section, splits it
    /// at whitespace and joins the pieces with exactly one `/` between them.
    public static let joinURL = Lambda(section: { rawText, context in
        .text(URLJoining.join(try context.render(rawText).utf8.split(whereSeparator: Scanner.isWhitespace).map { String(decoding: $0, as: UTF8.self) }))
    })

    /// `{{#formatDate}}{{date}}|FORMAT{{/formatDate}}`: renders the section, reads the
    /// ISO 8601 date before the last `|` and writes it in `FORMAT` (default
    /// `YYYY-MM-DD`). Tokens: `YYYY`, `YY`, `MM`, `M`, `DD`, `D`, `HH`, `H`, `mm`, `ss`;
    /// text in `[brackets]` is copied as is. The date is not converted between time
    /// zones, and no names of months or days are produced, so output is the same
    /// everywhere.
    public static let formatDate = Lambda(section: { rawText, context in
        let rendered = try context.render(rawText)
        let date: String
        let format: String
        if let bar = rendered.lastIndex(of: "|") {
            date = String(rendered[..<bar])
            format = String(rendered[rendered.index(after: bar)...])
        } else {
            date = rendered
            format = defaultDateFormat
        }
        let parsed = try ISODate(parsing: date.trimmingWhitespace())
        return .text(parsed.formatted(format.trimmingWhitespace()))
    })

    /// All helpers by name: `truncate`, `joinURL`, `formatDate`.
    public static let all: [String: Value] = [
        "truncate": .lambda(truncate),
        "joinURL": .lambda(joinURL),
        "formatDate": .lambda(formatDate),
    ]

    /// A `truncate` lambda with a given length; `.N` members give other lengths.
    static func truncate(length: Int) -> Lambda {
        Lambda(
            members: { key in
                guard let length = Int(key), length > 0 else { return nil }
                return .lambda(truncate(length: length))
            },
            section: { rawText, context in
                .text(TextTruncation.truncate(try context.render(rawText).trimmingWhitespace(), to: length))
            })
    }
}

extension Value {
    /// The ``StandardHelpers`` as a dictionary, ready to pass as `globals`.
    public static let standardHelpers: Value = .dictionary(Fields(StandardHelpers.all))
}

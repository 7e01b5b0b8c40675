/// The table that drives `CStyleLexer` for one language of the C family
/// (C, C++, Objective-C, JavaScript, TypeScript, Java, Kotlin, Go, Rust) or
/// a language close enough to share its shape (Python). Each language's
/// file declares one.
struct CStyleGrammar: Sendable {
    /// Reserved words, each mapped to the raw value of its `TokenKind`
    /// (keyword, type, literal, function for well-known built-ins).
    var words: WordTable
    /// Keywords that stand for a value (`self`, `this`): after them a `/`
    /// divides and a name may be a selector.
    var valueKeywords = WordTable([])
    /// Words after which the next identifier is defined: value 1 names a
    /// function (`def`, `function`), value 2 a type (`class`, `struct`).
    var definitions = WordTable([])
    /// Identifiers that may prefix a string literal (`L"…"`, `f"…"`).
    var stringPrefixes = WordTable([])
    /// `//` line and `/* */` block comments (`///` and `/** */` are doc).
    var slashComments = true
    /// Block comments nest, so `/* a /* b */ c */` is one comment (Kotlin,
    /// Rust).
    var nestedComments = false
    /// `#` line comments.
    var hashComments = false
    /// `#include`-style directives at the start of a line.
    var preprocessor = false
    /// The quotes that delimit strings and characters.
    var quotes: [UInt8] = [0x22, 0x27]
    /// C++ raw strings, `R"delimiter(…)delimiter"`.
    var delimitedRawStrings = false
    /// `"""` and `'''` strings spanning lines.
    var tripleQuotes = false
    /// Double-quoted strings may span lines (Rust).
    var multilineStrings = false
    /// Triple-quoted strings keep their backslashes (Kotlin's raw strings).
    var rawTripleQuotes = false
    /// `$name` and `${…}` templates inside double-quoted strings (Kotlin).
    var dollarTemplates = false
    /// Backquoted strings that keep backslashes and may span lines (Go).
    var backquotedRawStrings = false
    /// Rust's raw strings: an `r` prefix, any number of `#` around the
    /// quotes (`r#"…"#`), no escapes, and line breaks allowed.
    var hashedRawStrings = false
    /// `'a` is a lifetime or label unless a quote closes it as a character
    /// (`'a'`), as in Rust.
    var lifetimes = false
    /// `name!` calls a macro (`println!(…)`, `vec![…]`), as in Rust.
    var bangMacros = false
    /// `#[…]` and `#![…]` attributes, as in Rust.
    var hashAttributes = false
    /// Backquoted template strings with `${…}` interpolation.
    var templateStrings = false
    /// Objective-C's `@interface`, `@"…"`, `@YES`.
    var atDirectives = false
    /// Objective-C message and method selectors: a name after a receiver
    /// followed by `:` or `]` (`[set setTitle:t]`, `[Item alloc]`), and the
    /// name of a method declared on a line starting with `-` or `+`.
    var messageSelectors = false
    /// `@name` decorators.
    var decorators = false
    /// `/…/flags` regex literals where an expression may start.
    var regexLiterals = false
    /// `$` inside identifiers.
    var dollarIdentifiers = false
    /// `->` accesses a member (C, C++, Objective-C).
    var arrowAccessesMembers = false
    /// Identifiers starting with an uppercase letter and containing a
    /// lowercase one are type names (`NSString`, `Promise`), ALL_CAPS are not.
    var capitalisedTypes = true
    /// The separator allowed between digits (`_`, or `'` in C++).
    var digitSeparator: UInt8 = 0x5F

    /// Builds the word table from groups of words per token kind.
    static func words(_ groups: [(TokenKind, [String])]) -> WordTable {
        WordTable(groups.flatMap { kind, names in names.map { ($0, Int(kind.rawValue)) } })
    }
}

extension CStyleGrammar {
    static let javaScriptKeywords = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
        "export", "extends", "finally", "for", "function", "if", "import", "in", "instanceof", "let", "new",
        "return", "super", "switch", "this", "throw", "try", "typeof", "var", "void", "while", "with", "yield",
        "async", "await", "static", "of", "from",
    ]

    static let javaScriptLiterals = ["true", "false", "null", "undefined", "NaN", "Infinity"]

    /// JavaScript (and JSX): template strings with `${…}`, regex literals,
    /// `$` in names.
    static let javascript = CStyleGrammar(
        words: words([(.keyword, javaScriptKeywords), (.literal, javaScriptLiterals)]),
        valueKeywords: WordTable(["this", "super"], value: 1),
        definitions: WordTable([("function", 1), ("class", 2), ("extends", 2)]),
        templateStrings: true,
        decorators: true,
        regexLiterals: true,
        dollarIdentifiers: true)
}

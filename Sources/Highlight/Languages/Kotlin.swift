extension CStyleGrammar {
    /// Kotlin: annotations, string templates (`$name`, `${…}`) in ordinary
    /// and `"""` raw strings, nested block comments, `fun` and `class` names.
    static let kotlin = CStyleGrammar(
        words: words([
            (.keyword, ["as", "break", "by", "catch", "class", "companion", "const", "constructor", "continue",
                        "data", "do", "else", "enum", "external", "finally", "for", "fun",
                        "if", "import", "in", "init", "inline", "inner", "interface", "internal", "is",
                        "lateinit", "object", "open", "operator", "out", "override", "package", "private",
                        "protected", "public", "reified", "return", "sealed", "super", "suspend", "this",
                        "throw", "try", "typealias", "val", "var", "vararg", "when", "where", "while",
                        "abstract", "annotation", "crossinline", "noinline", "tailrec", "infix"]),
            (.literal, ["true", "false", "null"]),
        ]),
        valueKeywords: WordTable(["this", "super"], value: 1),
        definitions: WordTable([("fun", 1), ("class", 2), ("interface", 2), ("object", 2), ("typealias", 2)]),
        nestedComments: true,
        tripleQuotes: true,
        rawTripleQuotes: true,
        dollarTemplates: true,
        decorators: true)
}

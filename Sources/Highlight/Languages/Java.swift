extension CStyleGrammar {
    /// Java (through Java 21): annotations, `"""` text blocks, `var`,
    /// records and sealed classes, and the primitive types.
    static let java = CStyleGrammar(
        words: words([
            (.keyword, ["abstract", "assert", "break", "case", "catch", "class", "const", "continue", "default",
                        "do", "else", "enum", "extends", "final", "finally", "for", "goto", "if", "implements",
                        "import", "instanceof", "interface", "native", "new", "package", "permits", "private",
                        "protected", "public", "record", "return", "sealed", "static", "strictfp", "super",
                        "switch", "synchronized", "this", "throw", "throws", "transient", "try", "var",
                        "volatile", "while", "yield"]),
            (.type, ["boolean", "byte", "char", "double", "float", "int", "long", "short", "void"]),
            (.literal, ["true", "false", "null"]),
        ]),
        valueKeywords: WordTable(["this", "super"], value: 1),
        definitions: WordTable(["class", "interface", "enum", "record", "extends", "implements"], value: 2),
        tripleQuotes: true,
        decorators: true)
}

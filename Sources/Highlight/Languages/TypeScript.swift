extension CStyleGrammar {
    /// TypeScript (and TSX): JavaScript plus type-level keywords and the
    /// built-in types.
    static let typescript = CStyleGrammar(
        words: words([
            (.keyword, javaScriptKeywords + [
                "interface", "type", "enum", "implements", "declare", "namespace", "module", "readonly",
                "abstract", "private", "public", "protected", "keyof", "infer", "is", "as", "satisfies",
                "override", "asserts", "unique",
            ]),
            (.type, ["string", "number", "boolean", "any", "unknown", "never", "object", "symbol", "bigint"]),
            (.literal, javaScriptLiterals),
        ]),
        valueKeywords: WordTable(["this", "super"], value: 1),
        definitions: WordTable([("function", 1), ("class", 2), ("extends", 2), ("interface", 2), ("type", 2),
                                ("enum", 2), ("namespace", 2), ("implements", 2)]),
        templateStrings: true,
        decorators: true,
        regexLiterals: true,
        dollarIdentifiers: true)
}

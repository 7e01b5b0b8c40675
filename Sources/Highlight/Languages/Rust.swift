extension CStyleGrammar {
    /// Rust: lifetimes and labels told apart from characters, raw strings
    /// (`r#"…"#`) and byte strings, strings spanning lines, `#[…]`
    /// attributes, `name!` macros, nested block comments, and `fn`,
    /// `struct`, `enum`, `trait` and `type` names.
    static let rust = CStyleGrammar(
        words: words([
            (.keyword, ["as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
                        "extern", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
                        "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "type",
                        "union", "unsafe", "use", "where", "while", "yield"]),
            (.type, ["bool", "char", "str", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64",
                     "u128", "usize", "f32", "f64"]),
            (.literal, ["true", "false"]),
        ]),
        valueKeywords: WordTable(["self", "Self", "super", "crate"], value: 1),
        definitions: WordTable([("fn", 1), ("struct", 2), ("enum", 2), ("trait", 2), ("type", 2), ("union", 2)]),
        stringPrefixes: WordTable(["b", "br", "r", "c", "cr"], value: 1),
        nestedComments: true,
        multilineStrings: true,
        hashedRawStrings: true,
        lifetimes: true,
        bangMacros: true,
        hashAttributes: true)
}

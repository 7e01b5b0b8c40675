extension CStyleGrammar {
    static let cKeywords = [
        "auto", "break", "case", "const", "continue", "default", "do", "else", "enum", "extern", "for", "goto",
        "if", "inline", "register", "restrict", "return", "sizeof", "static", "struct", "switch", "typedef",
        "union", "volatile", "while", "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Noreturn",
        "_Static_assert", "_Thread_local", "alignas", "alignof", "static_assert", "thread_local",
    ]

    static let cTypes = [
        "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "bool", "_Bool",
        "_Complex", "size_t", "ssize_t", "ptrdiff_t", "intptr_t", "uintptr_t", "intmax_t", "uintmax_t",
        "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
        "wchar_t", "char16_t", "char32_t", "off_t", "FILE", "va_list",
    ]

    static let cLiterals = ["NULL", "true", "false", "EOF", "nullptr"]

    /// C (C17 and C23 words), with preprocessor directives.
    static let c = CStyleGrammar(
        words: words([(.keyword, cKeywords), (.type, cTypes), (.literal, cLiterals)]),
        definitions: WordTable(["struct", "union", "enum"], value: 2),
        stringPrefixes: WordTable(["L", "u", "U", "u8"], value: 1),
        preprocessor: true,
        arrowAccessesMembers: true,
        capitalisedTypes: false)
}

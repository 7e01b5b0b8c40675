extension CStyleGrammar {
    /// Go: backquoted raw strings, runes, the predeclared types, and `func`
    /// and `type` names. Capitalised names are left plain, because in Go
    /// capitals mark exported functions and variables as well as types.
    static let go = CStyleGrammar(
        words: words([
            (.keyword, ["break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
                        "for", "func", "go", "goto", "if", "import", "interface", "map", "package", "range",
                        "return", "select", "struct", "switch", "type", "var"]),
            (.type, ["any", "bool", "byte", "comparable", "complex64", "complex128", "error", "float32", "float64",
                     "int", "int8", "int16", "int32", "int64", "rune", "string", "uint", "uint8", "uint16",
                     "uint32", "uint64", "uintptr"]),
            (.literal, ["true", "false", "nil", "iota"]),
        ]),
        definitions: WordTable([("func", 1), ("type", 2)]),
        backquotedRawStrings: true,
        capitalisedTypes: false)
}

extension CStyleGrammar {
    /// Python 3: `#` comments, triple-quoted and prefixed strings
    /// (`f"…"`, `rb'…'`), decorators.
    static let python = CStyleGrammar(
        words: words([
            (.keyword, ["and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
                        "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
                        "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with",
                        "yield", "match", "case", "self", "cls"]),
            (.literal, ["True", "False", "None", "NotImplemented", "Ellipsis"]),
            (.function, ["print", "len", "range", "open", "isinstance", "super", "enumerate", "zip", "sorted"]),
            (.type, ["int", "float", "str", "bytes", "bool", "list", "dict", "set", "tuple", "object"]),
        ]),
        valueKeywords: WordTable(["self", "cls"], value: 1),
        definitions: WordTable([("def", 1), ("class", 2)]),
        stringPrefixes: WordTable(["r", "u", "b", "f", "br", "rb", "fr", "rf", "R", "U", "B", "F", "Br", "bR",
                                   "BR", "rB", "Rb", "RB", "Fr", "fR", "FR", "rF", "Rf", "RF"], value: 1),
        slashComments: false,
        hashComments: true,
        tripleQuotes: true,
        decorators: true)
}

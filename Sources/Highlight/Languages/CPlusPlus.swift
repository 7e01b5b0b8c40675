extension CStyleGrammar {
    /// C++ (through C++23), with preprocessor directives and `'` digit
    /// separators.
    static let cpp = CStyleGrammar(
        words: words([
            (.keyword, cKeywords + [
                "and", "and_eq", "asm", "bitand", "bitor", "catch", "class", "compl", "concept", "const_cast",
                "consteval", "constexpr", "constinit", "co_await", "co_return", "co_yield", "decltype", "delete",
                "dynamic_cast", "explicit", "export", "final", "friend", "import", "module", "mutable",
                "namespace", "new", "noexcept", "not", "not_eq", "operator", "or", "or_eq", "override",
                "private", "protected", "public", "reinterpret_cast", "requires", "static_cast", "template",
                "this", "throw", "try", "typeid", "typename", "using", "virtual", "xor", "xor_eq",
            ]),
            (.type, cTypes + ["char8_t", "string", "string_view", "vector", "map", "unordered_map", "set",
                              "unique_ptr", "shared_ptr", "optional", "array"]),
            (.literal, cLiterals),
        ]),
        valueKeywords: WordTable(["this"], value: 1),
        definitions: WordTable(["struct", "union", "enum", "class", "namespace", "concept"], value: 2),
        stringPrefixes: WordTable(["L", "u", "U", "u8", "R", "LR", "uR", "UR", "u8R"], value: 1),
        preprocessor: true,
        delimitedRawStrings: true,
        arrowAccessesMembers: true,
        digitSeparator: 0x27)
}

extension CStyleGrammar {
    /// Objective-C: C plus `@` directives and literals, `self`, `nil`,
    /// `YES`/`NO`, property attributes and the runtime's types.
    static let objectiveC = CStyleGrammar(
        words: words([
            (.keyword, cKeywords + [
                "self", "super", "in", "nonatomic", "atomic", "strong", "weak", "assign", "readonly", "readwrite",
                "retain", "nullable", "nonnull", "null_resettable", "unsafe_unretained", "__weak", "__strong",
                "__block", "__unsafe_unretained", "__kindof", "_Nullable", "_Nonnull", "typeof", "__typeof__",
                "NS_ASSUME_NONNULL_BEGIN", "NS_ASSUME_NONNULL_END",
            ]),
            (.type, cTypes + ["id", "instancetype", "SEL", "BOOL", "IMP", "Class", "NSInteger", "NSUInteger",
                              "CGFloat"]),
            (.literal, cLiterals + ["nil", "Nil", "YES", "NO"]),
        ]),
        valueKeywords: WordTable(["self", "super"], value: 1),
        definitions: WordTable(["struct", "union", "enum"], value: 2),
        stringPrefixes: WordTable(["L", "u", "U", "u8"], value: 1),
        preprocessor: true,
        atDirectives: true,
        messageSelectors: true,
        arrowAccessesMembers: true)
}

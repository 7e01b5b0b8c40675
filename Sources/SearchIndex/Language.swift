/// Maps BCP 47 language tags to the Snowball algorithms libstemmer ships.
enum StemmerLanguage {
    /// The Snowball algorithm name for `tag` (`en-US` → `english`), or nil
    /// when Snowball has none (Vietnamese, unknown or empty tags).
    static func algorithm(for tag: String) -> String? {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return algorithms[primary]
    }

    /// A short code naming the algorithm in index terms (`english` → `en`),
    /// so that stems of different languages never meet by accident.
    static func code(forAlgorithm algorithm: String) -> String {
        codes[algorithm] ?? algorithm
    }

    private static let codes: [String: String] = {
        var result: [String: String] = [:]
        for (code, algorithm) in algorithms where code < (result[algorithm] ?? "~") { result[algorithm] = code }
        return result
    }()

    private static let algorithms: [String: String] = [
        "ar": "arabic", "hy": "armenian", "eu": "basque", "ca": "catalan",
        "da": "danish", "nl": "dutch", "en": "english", "fi": "finnish",
        "fr": "french", "de": "german", "el": "greek", "hi": "hindi",
        "hu": "hungarian", "id": "indonesian", "ga": "irish", "it": "italian",
        "lt": "lithuanian", "ne": "nepali", "no": "norwegian", "nb": "norwegian",
        "nn": "norwegian", "pt": "portuguese", "ro": "romanian", "ru": "russian",
        "sr": "serbian", "es": "spanish", "sv": "swedish", "ta": "tamil",
        "tr": "turkish", "yi": "yiddish",
    ]
}

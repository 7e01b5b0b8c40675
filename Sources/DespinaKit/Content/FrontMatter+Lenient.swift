import Markup

/// Readings of front matter that accept what blogs moved from other
/// generators write: a title or tag that YAML reads as a number or a
/// boolean (`title: 1984`, `tags: [ios, 2015]`) is taken as written.
extension FrontMatter {
    /// The text of `key`: a string, or a number, boolean or date as written.
    /// Lists and mappings are an error at their position.
    func text(_ key: String) throws(MarkupError) -> String? {
        guard let value = self[key] else { return nil }
        if let scalar = value.scalarText { return scalar }
        return try string(key)
    }

    /// The texts of `key`: a list of scalars taken as written, or one
    /// string. A lone number or boolean (`tags: 5`) stays an error, since it
    /// is more likely a mistake than a tag.
    func texts(_ key: String) throws(MarkupError) -> [String]? {
        guard let value = self[key] else { return nil }
        if case .list(let items) = value.content {
            var texts: [String] = []
            for item in items {
                guard let text = item.scalarText else { return try strings(key) }
                texts.append(text)
            }
            return texts
        }
        return try strings(key)
    }

}

extension YAMLValue {
    /// The value as text: a string or date, or a number or boolean as
    /// written; nil for lists, mappings and null.
    var scalarText: String? {
        switch content {
        case .string(let text), .date(let text): return text
        case .integer, .number, .bool:
            return sourceText.isEmpty ? nil : sourceText
        default: return nil
        }
    }
}

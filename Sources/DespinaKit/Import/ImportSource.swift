import Markup

/// The old site's folder as `despina import` reads it: its files, its
/// configuration, and which generator it was written for. Only reads.
struct ImportSource: Sendable {
    let fileSystem: any FileSystem
    /// The old site's folder, absolute.
    let root: String

    /// Every regular file below the folder, relative to it, sorted; hidden
    /// files and folders (`.git`, `.github`) are left out, and links are
    /// not followed (each is reported).
    func files(report: inout ImportReport) -> [String] {
        var files: [String] = []
        var pending = [""]
        while let folder = pending.popLast() {
            guard let entries = try? fileSystem.entries(of: joinPath(root, folder)) else {
                report.leave("this folder cannot be read; nothing in it was imported", path: folder.isEmpty ? "." : folder)
                continue
            }
            for entry in entries where !entry.name.hasPrefix(".") {
                if let bytes = entry.undecodableName {
                    report.leave(
                        "the name is not valid UTF-8, so no path can name it; rename it and import again",
                        path: joinPath(folder, escapedFileName(bytes)))
                    continue
                }
                let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
                switch entry.kind {
                case .directory: pending.append(path)
                case .file: files.append(path)
                case .symbolicLink: report.leave("a link; links are not followed, so it was not imported", path: path)
                case .special: report.leave("not a regular file; not imported", path: path)
                }
            }
        }
        return files.sorted()
    }

    /// Which generator the folder is for, from the files that only it has;
    /// nil when it looks like neither.
    func detectGenerator(files: [String]) -> ImportedGenerator? {
        let top = Set(files.map { $0.split(separator: "/").first.map(String.init) ?? $0 })
        if top.contains("_config.yml") || top.contains("_config.yaml") || top.contains("_posts") { return .jekyll }
        if HugoImport.configurationFiles.contains(where: { files.contains($0) }) || top.contains("content") {
            return .hugo
        }
        return nil
    }

    /// The text of the file at `path` (relative), or nil when it cannot be
    /// read as UTF-8.
    func text(of path: String) -> String? {
        guard let bytes = try? fileSystem.contents(of: joinPath(root, path)),
              case .success(let text) = UTF8Validation.string(from: bytes) else { return nil }
        return text
    }

    /// Whether the Markdown or HTML file at `path` opens with front matter
    /// (`---` or Hugo's `+++`), which makes it a page rather than a file
    /// copied as it is.
    func hasFrontMatter(_ path: String) -> Bool {
        guard let bytes = try? fileSystem.contents(of: joinPath(root, path)) else { return false }
        var start = bytes[...]
        if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
        return start.starts(with: Array("---".utf8)) || start.starts(with: Array("+++".utf8))
    }
}

/// Reading a configuration value whatever its type, for settings that
/// the old generator accepted in more than one form (a value's text is
/// `scalarText`).
extension YAMLValue {
    /// The value as a whole number, also from a string of digits.
    var integer: Int? {
        switch content {
        case .integer(let number): number
        case .string(let text): Int(text)
        default: nil
        }
    }

    /// The value as a list of strings: a list, or one string.
    var texts: [String] {
        switch content {
        case .list(let items): items.compactMap(\.scalarText)
        default: scalarText.map { [$0] } ?? []
        }
    }

    /// The value's mapping, if it is one.
    var mapping: YAMLMapping? {
        if case .mapping(let mapping) = content { return mapping }
        return nil
    }

    /// The value at a dotted path below this mapping (`markup.goldmark.renderer.unsafe`),
    /// each key matched in any letter case.
    func value(at path: String) -> YAMLValue? {
        var current: YAMLValue? = self
        for key in path.split(separator: ".") { current = current?.mapping?[String(key)] }
        return current
    }
}


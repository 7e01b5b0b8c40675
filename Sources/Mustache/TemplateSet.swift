import Foundation

/// What rendering does when a partial or parent names a template the set lacks.
public enum MissingPartialPolicy: Sendable, Equatable {
    /// Report a ``TemplateError`` (at load time for fixed names, at render time for
    /// dynamic ones). The right choice for a site: a typo should not go unnoticed.
    case reportError
    /// Render nothing in its place, as the Mustache specification asks.
    case renderNothing
}

/// A set of named templates that find each other as partials and parents.
///
/// Every template is parsed when the set is created, so errors surface early;
/// rendering then only reads the parsed trees, from any number of threads.
public final class TemplateSet: Sendable {
    let templatesByName: [String: Template]
    /// What happens when a partial or parent is not in the set.
    public let missingPartials: MissingPartialPolicy

    /// The file extensions read from a folder.
    public static let fileExtensions = ["mustache", "html"]

    /// Parses templates given as source text, keyed by name.
    ///
    /// - Throws: the first ``TemplateError`` in name order: a malformed template, or
    ///   (with ``MissingPartialPolicy/reportError``) a partial or parent not in the set.
    public convenience init(sources: [String: String], missingPartials: MissingPartialPolicy = .reportError) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for name in sources.keys.sorted() {
            templates[name] = try Template(source: sources[name] ?? "", name: name)
        }
        try self.init(templates: templates, missingPartials: missingPartials)
    }

    /// Parses every `.mustache` and `.html` file in `directory` and its subfolders.
    ///
    /// A template is named by its path inside the folder without the extension
    /// (`post.mustache` → `post`, `partials/header.html` → `partials/header`);
    /// error messages use the path with its extension. Other files, and hidden files
    /// (names starting with `.`), are ignored.
    ///
    /// - Throws: ``TemplateError`` for a folder that does not exist, an unreadable or
    ///   malformed file, two files with the same name, or a missing partial (see
    ///   `missingPartials`).
    public convenience init(directory: URL, missingPartials: MissingPartialPolicy = .reportError) throws(TemplateError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateError(templateName: directory.path, line: 1, column: 1, message: "no template folder here")
        }
        var templates: [String: Template] = [:]
        var fileNames: [String: String] = [:]
        for relativePath in TemplateSet.templateFiles(in: directory) {
            let fileURL = directory.appendingPathComponent(relativePath)
            let name = String(relativePath.dropLast(fileURL.pathExtension.count + 1))
            if let other = fileNames[name] {
                throw TemplateError(templateName: relativePath, line: 1, column: 1,
                                    message: "two templates are named \"\(name)\": \(other) and \(relativePath); keep one")
            }
            let source: String
            do {
                source = try String(contentsOf: fileURL, encoding: .utf8)
            } catch {
                throw TemplateError(templateName: relativePath, line: 1, column: 1,
                                    message: "cannot read the template as UTF-8 text: \(error.localizedDescription)")
            }
            fileNames[name] = relativePath
            templates[name] = try Template(source: source, name: relativePath)
        }
        try self.init(templates: templates, missingPartials: missingPartials)
    }

    /// Gathers already parsed templates under the given names.
    ///
    /// - Throws: with ``MissingPartialPolicy/reportError``, a ``TemplateError`` at the
    ///   first tag (in name order) that names a template not in the set.
    public init(templates: [String: Template], missingPartials: MissingPartialPolicy = .reportError) throws(TemplateError) {
        self.templatesByName = templates
        self.missingPartials = missingPartials
        guard missingPartials == .reportError else { return }
        for name in templates.keys.sorted() {
            guard let template = templates[name] else { continue }
            for reference in template.references() where templates[reference.name] == nil {
                throw TemplateError(templateName: template.name, position: reference.position,
                                    message: TemplateSet.missingMessage(kind: reference.kind, name: reference.name, reference: .named(reference.name)))
            }
        }
    }

    /// The templates that rendering `name` may use: itself and every partial
    /// and parent it includes, followed through their own includes; `nil`
    /// when one of them takes a partial's name from the context (then any
    /// template of the set may be used).
    public func templatesUsed(by name: String) -> Set<String>? {
        var used: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard used.insert(next).inserted, let template = templatesByName[next] else { continue }
            if template.hasDynamicReferences { return nil }
            pending += template.references().map(\.name)
        }
        return used
    }

    /// Every part of every name that the template called `name`, and the
    /// partials and parents it includes, look up; nil when one of them
    /// includes a template named by a value (then any name may be looked up).
    /// A value's field that is not among them cannot change what the
    /// template renders.
    public func nameParts(usedBy name: String) -> Set<String>? {
        guard let used = templatesUsed(by: name) else { return nil }
        var parts: Set<String> = []
        for template in used.compactMap({ templatesByName[$0] }) { parts.formUnion(template.nameParts()) }
        return parts
    }

    /// The names of all templates, sorted.
    public var names: [String] {
        templatesByName.keys.sorted()
    }

    /// The template called `name`.
    ///
    /// - Throws: ``TemplateError`` when there is none.
    public func template(named name: String) throws(TemplateError) -> Template {
        guard let template = templatesByName[name] else {
            throw TemplateError(templateName: name, line: 1, column: 1,
                                message: "no template named \"\(name)\" (known: \(names.joined(separator: ", ")))")
        }
        return template
    }

    /// Renders the template called `name` against `context`, with this set for partials.
    ///
    /// - Parameter globals: looked up after everything in `context`, e.g. ``Value/standardHelpers``.
    public func render(_ name: String, with context: Value, globals: Value? = nil) throws(TemplateError) -> String {
        try template(named: name).render(context, partials: self, globals: globals)
    }

    /// Renders the template called `name` into UTF-8 bytes, ready to be
    /// written to a file; `memo` as in ``Template/renderUTF8(_:partials:globals:memo:)``.
    public func renderUTF8(
        _ name: String, with context: Value, globals: Value? = nil, memo: PartialMemo? = nil
    ) throws(TemplateError) -> [UInt8] {
        try template(named: name).renderUTF8(context, partials: self, globals: globals, memo: memo)
    }

    static func missingMessage(kind: String, name: String, reference: TemplateReference) -> String {
        switch reference {
        case .named:
            return "\(kind) \"\(name)\" not found: no template has that name"
        case .dynamic(let dynamic):
            return "\(kind) \"\(name)\" (the value of \(dynamic.text)) not found: no template has that name"
        }
    }

    /// Paths of template files below `directory`, relative to it, sorted.
    private static func templateFiles(in directory: URL) -> [String] {
        let root = directory.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            let fileName = (path as NSString).lastPathComponent
            if fileName.hasPrefix(".") { continue }
            if fileExtensions.contains((path as NSString).pathExtension) { paths.append(path) }
        }
        return paths.sorted()
    }
}

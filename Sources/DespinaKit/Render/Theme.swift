import Foundation
import Markup
import Mustache

/// The templates and static files a site is rendered with: the built-in
/// default theme, overridden file by file by the site's own `Templates/`.
struct Theme: Sendable {
    /// Template sources by name (file name without extension).
    var templates: [String: String]
    /// Where each template came from, for error messages.
    var templatePaths: [String: String]
    /// Static files (`assets/style.css`) by path relative to the theme.
    var assets: [String: [UInt8]]
    /// The literal element ids of the templates (`main`, `search`), which
    /// heading anchors in posts avoid; set once the templates are known.
    var elementIDs: Set<String> = []
    /// Files of `Templates/` left out, each with its warning: links that
    /// lead outside the site or to no file (`SiteLinkCheck`).
    var warnings: [Diagnostic] = []

    /// The files of the default theme embedded in the binary, by path
    /// relative to the theme (`layout.mustache`, `assets/style.css`), sorted.
    static let builtinFiles: [(path: String, bytes: [UInt8])] = BuiltinThemeData.base64Files.map { file in
        (file.path, Data(base64Encoded: file.base64).map { [UInt8]($0) } ?? [])
    }

    /// The default theme embedded in the binary.
    static let builtin: Theme = {
        var theme = Theme(templates: [:], templatePaths: [:], assets: [:])
        for file in builtinFiles {
            theme.add(file.bytes, at: file.path, sourcePath: "(built-in theme)/" + file.path)
        }
        theme.elementIDs = TemplateElementIDs.ids(in: theme.templates.values)
        return theme
    }()

    /// The built-in theme with the files of `Templates/` in `siteDirectory` laid over it.
    /// A link is read only when it leads to a file inside the site, as in
    /// `Content/`; any other is left out with a warning (`warnings`).
    /// - Throws: a `Diagnostic` when a template is not valid UTF-8, a file
    ///   name is not UTF-8, or two files (`post.html`, `post.mustache`)
    ///   are the same template, so that nothing is silently garbled or
    ///   ignored; other errors when a file cannot be read.
    static func load(siteDirectory: String, fileSystem: any FileSystem) throws -> Theme {
        var theme = builtin
        let root = joinPath(siteDirectory, "Templates")
        guard fileSystem.isDirectory(root) else { return theme }
        var siteTemplates: [String: String] = [:]
        let files: [String]
        do {
            files = try fileSystem.visibleFiles(below: root)
        } catch let name as UndecodableFileName {
            throw name.diagnostic(under: "Templates")
        }
        let links = SiteLinkCheck(siteDirectory: siteDirectory, fileSystem: fileSystem)
        for relative in files {
            let path = joinPath(root, relative)
            let sourcePath = "Templates/" + relative
            if fileSystem.info(at: path)?.kind == .symbolicLink,
               case .skipped(let warning) = links.check(link: path, shownAs: sourcePath) {
                theme.warnings.append(warning)
                continue
            }
            let bytes = try fileSystem.contents(of: path)
            if !relative.contains("/"), let name = templateName(relative) {
                if let other = siteTemplates[name] {
                    let pair = [other, sourcePath].sorted()
                    throw Diagnostic(
                        path: pair[1],
                        message: "\(pair[0]) and \(pair[1]) are both the template '\(name)'; keep one")
                }
                siteTemplates[name] = sourcePath
                if let bad = UTF8Validation.firstInvalidPosition(in: bytes) {
                    throw Diagnostic(
                        path: sourcePath, line: bad.line, column: bad.column,
                        message: "the template is not valid UTF-8 (byte 0x\(String(bad.byte, radix: 16, uppercase: true))); save it as UTF-8")
                }
            }
            theme.add(bytes, at: relative, sourcePath: sourcePath)
        }
        theme.elementIDs = TemplateElementIDs.ids(in: theme.templates.values)
        return theme
    }

    private mutating func add(_ bytes: [UInt8], at path: String, sourcePath: String) {
        let isTopLevel = !path.contains("/")
        if isTopLevel, let name = Self.templateName(path) {
            templates[name] = String(decoding: bytes, as: UTF8.self)
            templatePaths[name] = sourcePath
        } else if !isTopLevel {
            assets[path] = bytes
        }
    }

    /// The endings of a template's file name.
    static let templateExtensions = [".mustache", ".html"]

    /// `post.mustache` and `post.html` are the template `post`.
    static func templateName(_ fileName: String) -> String? {
        for suffix in templateExtensions where fileName.hasSuffix(suffix) {
            return String(fileName.dropLast(suffix.count))
        }
        return nil
    }
}

import Bytes
import Foundation

/// A link in a built page whose target is not in the output.
public struct BrokenLink: Sendable, Equatable, CustomStringConvertible {
    /// Why the link does not resolve.
    public enum Problem: Sendable, Equatable {
        /// No file answers the link; the associated value is the output
        /// path that was looked for (`posts/x/index.html`).
        case missingFile(String)
        /// The page exists but has no element with this id.
        case missingAnchor(id: String, page: String)
        /// The link leaves the site: above its root folder, or a
        /// root-relative URL outside the root path it is published under.
        case outsideSite
    }

    /// The page holding the link, relative to the output folder (`posts/a/index.html`).
    public var page: String
    /// The line of the `href` or `src` attribute, 1-based.
    public var line: Int
    /// The column of the attribute's name, 1-based, in Unicode scalars.
    public var column: Int
    /// The link as written in the page.
    public var url: String
    /// Why it is broken.
    public var problem: Problem

    /// Creates a report of one broken link.
    public init(page: String, line: Int, column: Int, url: String, problem: Problem) {
        (self.page, self.line, self.column, self.url, self.problem) = (page, line, column, url, problem)
    }

    /// `posts/a/index.html:12:9: broken link '/x/': no file x/index.html in the output`.
    public var description: String {
        "\(page):\(line):\(column): \(message)"
    }

    /// `broken link '/x/': no file x/index.html in the output`.
    public var message: String {
        let reason = switch problem {
        case .missingFile(let path): "no file \(path) in the output"
        case .missingAnchor(let id, let page): "no element with id '\(id)' in \(page)"
        case .outsideSite: "it points outside the site"
        }
        return "broken link '\(url)': \(reason)"
    }
}

/// Checks that every internal link of a built site resolves: each `href`
/// and `src` of each `.html` page names a file of the output folder, and
/// each `#fragment` names an element id in its target page.
///
/// Links with a scheme (`https:`, `mailto:`, `data:`) and protocol-relative
/// links (`//host/`) are external and skipped. A link to a folder
/// (`/posts/x/`) needs its `index.html`; `#top` and an empty fragment always
/// resolve, as in browsers. Query strings are ignored.
public struct LinkChecker: Sendable {
    /// The files to check.
    public let fileSystem: any FileSystem
    /// The built site (absolute).
    public let outputDirectory: String
    /// The path the site is published under, such as `/` or `/blog/`;
    /// root-relative links must start with it.
    public let rootPath: String

    /// Creates a checker for the site in `outputDirectory`, published under
    /// `rootPath` (percent-encoded or not: it is compared with decoded links).
    public init(fileSystem: any FileSystem, outputDirectory: String, rootPath: String = "/") {
        self.fileSystem = fileSystem
        self.outputDirectory = outputDirectory
        let decoded = rootPath.removingPercentEncoding ?? rootPath
        var root = decoded.hasPrefix("/") ? decoded : "/" + decoded
        if !root.hasSuffix("/") { root += "/" }
        self.rootPath = root
    }

    /// Every broken link, ordered by page (byte order of the path), then
    /// by position in the page.
    /// - Throws: `FileSystemError` when a folder or page cannot be read.
    public func check() throws -> [BrokenLink] {
        let (fileSet, pages) = try scan()
        let identifiers = pages.mapValues(\.identifiers)
        var links: [(page: String, attribute: HTMLAttribute)] = []
        for (page, scanned) in pages.sorted(by: { precedesByBytes($0.key, $1.key) }) {
            for attribute in scanned.links { links.append((page, attribute)) }
        }
        var broken: [BrokenLink] = []
        for (page, attribute) in links {
            if let problem = problem(with: attribute.value, from: page, files: fileSet, identifiers: identifiers) {
                broken.append(BrokenLink(
                    page: page, line: attribute.line, column: attribute.column, url: attribute.value, problem: problem))
            }
        }
        return broken
    }

    /// The files of the site, and for each page its ids and links.
    private func scan() throws -> (files: Set<String>, pages: [String: (identifiers: Set<String>, links: [HTMLAttribute])]) {
        let files = try fileSystem.visibleFiles(below: outputDirectory)
        var pages: [String: (identifiers: Set<String>, links: [HTMLAttribute])] = [:]
        for page in files where page.hasSuffix(".html") {
            let attributes = HTMLAttributeScanner.attributes(in: try fileSystem.contents(of: joinPath(outputDirectory, page)))
            var pageIdentifiers: Set<String> = []
            var links: [HTMLAttribute] = []
            for attribute in attributes {
                switch attribute.name {
                case "id":
                    pageIdentifiers.insert(attribute.value)
                case "name" where attribute.element == "a":
                    pageIdentifiers.insert(attribute.value)
                case "href", "src":
                    links.append(attribute)
                default:
                    break
                }
            }
            pages[page] = (pageIdentifiers, links)
        }
        return (Set(files), pages)
    }

    /// The files of the site and the ids of each page, for callers that
    /// check links found elsewhere with ``problem(with:from:files:identifiers:)``.
    func inventory() throws -> (files: Set<String>, identifiers: [String: Set<String>]) {
        let (files, pages) = try scan()
        return (files, pages.mapValues(\.identifiers))
    }

    /// What is wrong with `url` in `page`, or nil when it resolves or is external.
    func problem(
        with url: String, from page: String, files: Set<String>, identifiers: [String: Set<String>]
    ) -> BrokenLink.Problem? {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("//"), !Self.hasScheme(trimmed) else { return nil }
        var reference = Substring(trimmed)
        var fragment: String?
        if let hash = reference.firstIndex(of: "#") {
            fragment = String(reference[reference.index(after: hash)...])
            reference = reference[..<hash]
        }
        if let question = reference.firstIndex(of: "?") { reference = reference[..<question] }
        let path = reference.removingPercentEncoding ?? String(reference)

        let target: String
        if path.isEmpty {
            target = page
        } else {
            let relative: String
            if path.hasPrefix("/") {
                if path + "/" == rootPath {
                    relative = ""
                } else if path.hasPrefix(rootPath) {
                    relative = String(path.dropFirst(rootPath.count))
                } else {
                    return .outsideSite
                }
            } else {
                relative = parentPath(page) + "/" + path
            }
            guard let normalized = Self.normalize(relative) else { return .outsideSite }
            if normalized.isFolder {
                target = normalized.path.isEmpty ? "index.html" : normalized.path + "/index.html"
            } else if files.contains(normalized.path) {
                target = normalized.path
            } else if files.contains(normalized.path + "/index.html") {
                target = normalized.path + "/index.html"
            } else {
                return .missingFile(normalized.path)
            }
            guard files.contains(target) else { return .missingFile(target) }
        }

        guard let fragment, !fragment.isEmpty, fragment.lowercased() != "top", target.hasSuffix(".html") else {
            return nil
        }
        let id = fragment.removingPercentEncoding ?? fragment
        return identifiers[target]?.contains(id) == true ? nil : .missingAnchor(id: id, page: target)
    }

    /// Resolves `.` and `..` in a path relative to the output folder;
    /// nil when it climbs above it.
    static func normalize(_ path: String) -> (path: String, isFolder: Bool)? {
        var components: [Substring] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts {
            switch part {
            case "", ".": continue
            case "..":
                guard components.popLast() != nil else { return nil }
            default: components.append(part)
            }
        }
        let last = parts.last ?? ""
        let isFolder = last.isEmpty || last == "." || last == ".." || components.isEmpty
        return (components.joined(separator: "/"), isFolder)
    }

    /// Whether `url` starts with a scheme such as `https:` or `mailto:`.
    static func hasScheme(_ url: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard let first = url.utf8.first, isLetter(first) else { return false }
        for byte in url.utf8 {
            if byte == UInt8(ascii: ":") { return true }
            let isSchemeCharacter = isLetter(byte) || isDigit(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !isSchemeCharacter { return false }
        }
        return false
    }
}

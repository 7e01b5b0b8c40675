import Bytes
import Foundation
import Synchronization

/// A file system held in memory, for tests of the whole pipeline.
public final class MemoryFileSystem: FileSystem {
    private enum Node: Sendable {
        case file([UInt8], modified: Int64)
        case directory
        case link(String)
        case special(SpecialFileKind)
    }

    private let nodes = Mutex<[String: Node]>(["/": .directory])
    private let tick = Atomic<Int64>(0)

    /// Creates a file system holding `files` (absolute path → text).
    public init(files: [String: String] = [:]) {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            try? write(Array(text.utf8), to: path)
        }
    }

    /// Adds a symbolic link at `path` pointing to `target`, with its
    /// missing folders.
    public func addSymbolicLink(at path: String, pointingTo target: String) {
        try? createDirectory(at: parentPath(normalize(path)))
        nodes.withLock { $0[normalize(path)] = .link(target) }
    }

    /// Adds something that is neither a file nor a folder at `path` (a
    /// device, a named pipe), with its missing folders, which tests of
    /// what a build skips need.
    public func addSpecialFile(at path: String, kind: SpecialFileKind) {
        try? createDirectory(at: parentPath(normalize(path)))
        nodes.withLock { $0[normalize(path)] = .special(kind) }
    }

    /// Every file path, sorted.
    public var allFiles: [String] {
        nodes.withLock { nodes in
            nodes.compactMap { key, node in
                if case .file = node { return key }
                return nil
            }.sorted()
        }
    }

    public func contents(of path: String) throws -> [UInt8] {
        let node = nodes.withLock { $0[normalize(path)] }
        switch node {
        case .file(let bytes, _): return bytes
        case .link(let target): return try contents(of: target)
        case .directory: throw FileSystemError(path: path, reason: "is a directory")
        case .special(let kind): throw FileSystemError(path: path, reason: "is \(kind.description)")
        case nil: throw FileSystemError(path: path, reason: "No such file or directory")
        }
    }

    public func write(_ bytes: [UInt8], to path: String) throws {
        let path = normalize(path)
        let parent = parentPath(path)
        try createDirectory(at: parent)
        let time = tick.add(1, ordering: .relaxed).newValue
        try nodes.withLock { nodes in
            if case .directory = nodes[path] { throw FileSystemError(path: path, reason: "is a directory") }
            nodes[path] = .file(bytes, modified: time)
        }
    }

    public func entries(of path: String) throws -> [DirectoryEntry] {
        let path = normalize(path)
        return try nodes.withLock { nodes in
            guard case .directory = nodes[path] else {
                throw FileSystemError(path: path, reason: "No such file or directory")
            }
            let prefix = path == "/" ? "/" : path + "/"
            var result: [DirectoryEntry] = []
            for (key, node) in nodes where key.hasPrefix(prefix) && key != path {
                let rest = key.dropFirst(prefix.count)
                if rest.contains("/") { continue }
                result.append(DirectoryEntry(name: String(rest), kind: Self.kind(of: node)))
            }
            return result.sorted { precedesByBytes($0.name, $1.name) }
        }
    }

    public func info(at path: String) -> FileInfo? {
        nodes.withLock { nodes in
            switch nodes[normalize(path)] {
            case .file(let bytes, let modified): FileInfo(kind: .file, size: bytes.count, modified: modified)
            case .directory: FileInfo(kind: .directory, size: 0, modified: 0)
            case .link: FileInfo(kind: .symbolicLink, size: 0, modified: 0)
            case .special(let kind): FileInfo(kind: .special(kind), size: 0, modified: 0)
            case nil: nil
            }
        }
    }

    public func createDirectory(at path: String) throws {
        var current = ""
        try nodes.withLock { nodes in
            for component in normalize(path).split(separator: "/") {
                current += "/" + component
                switch nodes[current] {
                case nil: nodes[current] = .directory
                case .directory: continue
                default: throw FileSystemError(path: current, reason: "is not a directory")
                }
            }
        }
    }

    public func removeItem(at path: String) throws {
        let path = normalize(path)
        nodes.withLock { nodes in
            let prefix = path + "/"
            for key in nodes.keys where key == path || key.hasPrefix(prefix) {
                nodes[key] = nil
            }
        }
    }

    public func move(_ source: String, to destination: String) throws {
        let source = normalize(source), destination = normalize(destination)
        try createDirectory(at: parentPath(destination))
        try nodes.withLock { nodes in
            guard nodes[source] != nil else { throw FileSystemError(path: source, reason: "No such file or directory") }
            guard nodes[destination] == nil else { throw FileSystemError(path: destination, reason: "File exists") }
            let prefix = source + "/"
            for key in nodes.keys.sorted() where key == source || key.hasPrefix(prefix) {
                nodes[destination + key.dropFirst(source.count)] = nodes[key]
                nodes[key] = nil
            }
        }
    }

    public func exchange(_ first: String, _ second: String) throws {
        let first = normalize(first), second = normalize(second)
        try nodes.withLock { nodes in
            guard nodes[first] != nil, nodes[second] != nil else {
                throw FileSystemError(path: first, reason: "No such file or directory")
            }
            var moved: [String: Node] = [:]
            for (key, node) in nodes {
                if key == first || key.hasPrefix(first + "/") {
                    moved[second + key.dropFirst(first.count)] = node
                } else if key == second || key.hasPrefix(second + "/") {
                    moved[first + key.dropFirst(second.count)] = node
                }
            }
            for key in nodes.keys where key == first || key.hasPrefix(first + "/") || key == second || key.hasPrefix(second + "/") {
                nodes[key] = nil
            }
            nodes.merge(moved) { _, new in new }
        }
    }

    /// Files here are values and every write replaces one, so a second
    /// name with the same bytes and time behaves as a hard link does.
    public func hardLink(_ source: String, to destination: String) throws {
        let source = normalize(source), destination = normalize(destination)
        guard case .file(let bytes, let modified) = nodes.withLock({ $0[source] }) else {
            throw FileSystemError(path: source, reason: "No such file")
        }
        guard nodes.withLock({ $0[destination] }) == nil else {
            throw FileSystemError(path: destination, reason: "File exists")
        }
        try createDirectory(at: parentPath(destination))
        nodes.withLock { $0[destination] = .file(bytes, modified: modified) }
    }

    public func resolvingSymbolicLinks(_ path: String) -> String? {
        var resolved = ""
        var hops = 0
        var pending = normalize(path).split(separator: "/").map(String.init)
        while !pending.isEmpty {
            let component = pending.removeFirst()
            // A link's target is read as the system reads it: `..` climbs
            // from the folder resolved so far.
            if component == "." { continue }
            if component == ".." {
                resolved = parentPath(resolved.isEmpty ? "/" : resolved)
                if resolved == "/" { resolved = "" }
                continue
            }
            let candidate = resolved + "/" + component
            let node = nodes.withLock { $0[candidate] }
            switch node {
            case .link(let target):
                hops += 1
                if hops > 40 { return nil }
                let targetComponents = target.split(separator: "/").map(String.init)
                if target.hasPrefix("/") { resolved = "" }
                pending = targetComponents + pending
            case nil: return nil
            default: resolved = candidate
            }
        }
        return resolved.isEmpty ? "/" : resolved
    }

    private static func kind(of node: Node) -> FileKind {
        switch node {
        case .file: .file
        case .directory: .directory
        case .link: .symbolicLink
        case .special(let kind): .special(kind)
        }
    }

    private func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

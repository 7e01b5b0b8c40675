import Foundation

/// Maps a request target onto a file inside the served folder, refusing
/// anything that could reach outside it.
///
/// The rules, in order:
/// - only origin-form targets (`/path?query`) are accepted; absolute-form
///   URLs, `*` and authority-form are bad requests;
/// - percent-escapes must be two hex digits; the decoded path must be valid
///   UTF-8 (which rules out overlong encodings) and may not contain NUL, other
///   control characters, backslashes or an encoded slash (`%2F`);
/// - `.` and `..` segments are bad requests; other segments starting with a dot
///   are hidden (not found), except `.well-known`;
/// - the file is located with `realpath`, so symbolic links are followed, and
///   it must still lie inside the served folder's own canonical path;
/// - a folder requested without a trailing slash redirects to the slash form;
///   a folder is served through its `index.html`; there is no listing.
public enum RequestPath {
    /// Where a request target leads.
    public enum Resolution: Sendable, Equatable {
        /// A regular file inside the root, as a canonical absolute path.
        case file(path: String)
        /// A folder asked for without its trailing slash: redirect here.
        case redirect(location: String)
        /// Nothing servable (missing, hidden, outside the root, no index).
        case notFound
        /// The target is malformed or tries to escape the root.
        case badRequest
    }

    /// Resolves `target` against the folder at `root`.
    public static func resolve(_ target: String, in root: URL) -> Resolution {
        resolve(target, inRootPath: root.path).resolution
    }

    /// Resolves `target` against the folder at `rootPath`, also returning the
    /// file's status when it is a file (so the caller need not `stat` again).
    static func resolve(_ target: String, inRootPath rootPath: String) -> (resolution: Resolution, status: FileStatus?) {
        guard let parts = TargetParts(target) else { return (.badRequest, nil) }
        guard let segments = decodedSegments(of: parts.path) else { return (.badRequest, nil) }
        if segments.contains(where: { $0 == "." || $0 == ".." }) { return (.badRequest, nil) }
        if segments.contains(where: { $0.hasPrefix(".") && $0 != ".well-known" }) { return (.notFound, nil) }

        guard let canonicalRoot = canonicalPath(rootPath) else { return (.notFound, nil) }
        let candidate = ([rootPath] + segments).joined(separator: "/")
        guard let located = containedPath(candidate, in: canonicalRoot),
              let status = FileStatus(path: located)
        else { return (.notFound, nil) }

        let endsWithSlash = parts.path.hasSuffix("/")
        switch status.kind {
        case .regular:
            return endsWithSlash && !segments.isEmpty ? (.notFound, nil) : (.file(path: located), status)
        case .directory:
            guard endsWithSlash else {
                return (.redirect(location: slashLocation(for: parts)), nil)
            }
            guard let index = containedPath(located + "/index.html", in: canonicalRoot),
                  let indexStatus = FileStatus(path: index), indexStatus.kind == .regular
            else { return (.notFound, nil) }
            return (.file(path: index), indexStatus)
        case .other:
            return (.notFound, nil)
        }
    }

    /// The canonical form of `path` when it exists and lies inside `canonicalRoot`.
    private static func containedPath(_ path: String, in canonicalRoot: String) -> String? {
        guard let resolved = canonicalPath(path) else { return nil }
        if resolved == canonicalRoot { return resolved }
        let prefix = canonicalRoot.hasSuffix("/") ? canonicalRoot : canonicalRoot + "/"
        return resolved.hasPrefix(prefix) ? resolved : nil
    }

    /// The path's segments, percent-decoded, without empty ones; `nil` when
    /// the encoding is invalid or a decoded byte is forbidden.
    private static func decodedSegments(of path: Substring) -> [String]? {
        var segments: [String] = []
        for rawSegment in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            guard let bytes = percentDecoded(rawSegment),
                  let segment = String(validating: bytes, as: UTF8.self)
            else { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// Decodes `%XX` escapes, refusing malformed escapes, NUL and control
    /// characters, backslashes and slashes.
    private static func percentDecoded(_ raw: Substring.UTF8View.SubSequence) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            var byte = raw[index]
            if byte == UInt8(ascii: "%") {
                let high = raw.index(after: index)
                guard high < raw.endIndex else { return nil }
                let low = raw.index(after: high)
                guard low < raw.endIndex, let h = raw[high].hexValue, let l = raw[low].hexValue else { return nil }
                byte = h << 4 | l
                index = low
            }
            guard byte >= 0x20, byte != 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "/") else { return nil }
            bytes.append(byte)
            index = raw.index(after: index)
        }
        return bytes
    }

    /// The location that adds the trailing slash, rebuilt from the raw
    /// segments so that `//host`-style paths can never become an off-site link.
    private static func slashLocation(for parts: TargetParts) -> String {
        let segments = parts.path.split(separator: "/", omittingEmptySubsequences: true)
        var location = "/" + segments.joined(separator: "/") + "/"
        if let query = parts.query { location += "?" + query }
        return location
    }
}

/// The path and query of an origin-form request target.
private struct TargetParts {
    var path: Substring
    var query: Substring?

    init?(_ target: String) {
        guard target.hasPrefix("/") else { return nil }
        let withoutFragment = target[..<(target.firstIndex(of: "#") ?? target.endIndex)]
        if let mark = withoutFragment.firstIndex(of: "?") {
            path = withoutFragment[..<mark]
            query = withoutFragment[withoutFragment.index(after: mark)...]
        } else {
            path = withoutFragment
            query = nil
        }
    }
}

extension UInt8 {
    /// The value of an ASCII hexadecimal digit.
    var hexValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return self - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

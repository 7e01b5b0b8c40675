/// Slash-separated paths (`posts/trip/index.md`), taken apart and joined
/// over their UTF-8 bytes.
///
/// A build asks for the parent, the last component or the extension of
/// every source and output path several times. Found over the string's
/// contiguous bytes, each is one short loop and one new string; walking
/// `String.UTF8View` indices and slicing `Substring`s costs thousands of
/// instructions a call. Paths are cut only at `/` and `.`, which are ASCII,
/// so every part is valid UTF-8 again.
///
/// The rules are `NSString`'s (`a/b/c` → parent `a/b`, `/a` → `/`, `a` →
/// empty; trailing slashes ignored), which Foundation on Linux gets wrong
/// for one-character strings made at run time.
public enum PathText {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// The path without its last component: `a/b/c` → `a/b`, `/a` → `/`,
    /// `a` → empty, trailing slashes ignored.
    public static func parent(of path: String) -> String {
        withBytes(of: path) { bytes in
            let end = trimmedEnd(of: bytes, from: bytes.count)
            guard let slashAt = bytes[..<end].lastIndex(of: slash) else { return "" }
            if slashAt == 0 { return "/" }
            return string(of: path, bytes, 0..<trimmedEnd(of: bytes, from: slashAt))
        }
    }

    /// The last component: `posts/a.md` → `a.md`, `posts/trip/` → `trip`,
    /// `/` → `/`.
    public static func lastComponent(of path: String) -> String {
        withBytes(of: path) { bytes in
            let name = nameRange(in: bytes)
            return string(of: path, bytes, name)
        }
    }

    /// The extension of the last component (`posts/a.md` → `md`); empty when
    /// it has none or when its only dot starts it (`.hidden`).
    public static func pathExtension(of path: String) -> String {
        withBytes(of: path) { bytes in
            let name = nameRange(in: bytes)
            guard let dotAt = bytes[name].lastIndex(of: dot), dotAt != name.lowerBound else { return "" }
            return string(of: path, bytes, dotAt + 1..<name.upperBound)
        }
    }

    /// The path without the extension of its last component (`posts/a.md` →
    /// `posts/a`, trailing slashes dropped with it); the path as it is when
    /// it has none.
    public static func deletingExtension(of path: String) -> String {
        withBytes(of: path) { bytes in
            let end = trimmedEnd(of: bytes, from: bytes.count)
            let start = bytes[..<end].lastIndex(of: slash).map { $0 + 1 } ?? 0
            guard let dotAt = bytes[start..<end].lastIndex(of: dot), dotAt != start, dotAt + 1 != end else { return path }
            return string(of: path, bytes, 0..<dotAt)
        }
    }

    /// The components joined with one `/` between each two, empty ones left
    /// out; a component's own leading slash is not doubled.
    public static func join(_ components: [String]) -> String {
        var capacity = components.count
        for component in components { capacity += component.utf8.count }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            for var component in components where !component.isEmpty {
                component.withUTF8 { bytes in
                    let joinsWithSlash = count > 0 && buffer[count - 1] != slash
                    if joinsWithSlash {
                        buffer[count] = slash
                        count += 1
                    }
                    let skipped = joinsWithSlash && bytes.first == slash ? 1 : 0
                    if let target = buffer.baseAddress, let source = bytes.baseAddress {
                        (target + count).initialize(from: source + skipped, count: bytes.count - skipped)
                    }
                    count += bytes.count - skipped
                }
            }
            return count
        }
    }

    /// `path` without its leading slashes, after `root` as it is
    /// (`/blog/` and `/posts/a/` → `/blog/posts/a/`): a page's URL.
    public static func rooted(_ path: String, at root: String) -> String {
        var (root, path) = (root, path)
        return root.withUTF8 { rootBytes in
            path.withUTF8 { pathBytes in
                let start = pathBytes.firstIndex { $0 != slash } ?? pathBytes.count
                return String(unsafeUninitializedCapacity: rootBytes.count + pathBytes.count - start) { buffer in
                    guard let target = buffer.baseAddress else { return 0 }
                    if let source = rootBytes.baseAddress { target.initialize(from: source, count: rootBytes.count) }
                    if let source = pathBytes.baseAddress {
                        (target + rootBytes.count).initialize(from: source + start, count: pathBytes.count - start)
                    }
                    return rootBytes.count + pathBytes.count - start
                }
            }
        }
    }

    /// Where the last component lies, trailing slashes left out; a lone
    /// `/` is its own last component.
    private static func nameRange(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let end = trimmedEnd(of: bytes, from: bytes.count)
        guard end > 1, let slashAt = bytes[..<end].lastIndex(of: slash) else { return 0..<end }
        return slashAt + 1..<end
    }

    /// `end` moved back over the slashes before it, keeping at least one byte.
    private static func trimmedEnd(of bytes: UnsafeBufferPointer<UInt8>, from end: Int) -> Int {
        var end = end
        while end > 1 && bytes[end - 1] == slash { end -= 1 }
        return end
    }

    /// The bytes of `path` in `range` as a string: `path` itself when that
    /// is all of it.
    private static func string(of path: String, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        if range == 0..<bytes.count { return path }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func withBytes<Result>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var path = path
        return path.withUTF8(body)
    }
}

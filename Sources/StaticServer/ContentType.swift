/// The `Content-Type` a file is served with, chosen by its extension.
public enum ContentType {
    /// The type for files whose extension is unknown.
    public static let fallback = "application/octet-stream"

    /// The media type for a file extension (any case, without the dot), or
    /// ``fallback`` when the extension is unknown.
    public static func forExtension(_ fileExtension: String) -> String {
        typesByExtension[fileExtension.lowercased()] ?? fallback
    }

    /// The media type for the file at `path`, chosen by the extension of its
    /// last component.
    public static func forFile(atPath path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return forExtension(String(name[name.index(after: dot)...]))
    }

    /// Whether a response of this type is an HTML page.
    static func isHTML(_ type: String) -> Bool {
        type.hasPrefix("text/html")
    }

    private static let typesByExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        "xml": "application/xml; charset=utf-8",
        "rss": "application/rss+xml; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "wasm": "application/wasm",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg",
    ]
}

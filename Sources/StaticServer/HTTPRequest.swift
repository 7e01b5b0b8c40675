/// The protocol version named in a request line, such as `HTTP/1.1`.
public struct HTTPVersion: Sendable, Equatable, CustomStringConvertible {
    /// The major version; only 1 is served.
    public var major: Int
    /// The minor version.
    public var minor: Int

    /// Creates a version from its two digits.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// `HTTP/1.0`.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// `HTTP/1.1`.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    /// The version as written in a message, for example `HTTP/1.1`.
    public var description: String { "HTTP/\(major).\(minor)" }
}

/// One header field of a request; the name is stored in lowercase.
public struct HTTPHeader: Sendable, Equatable {
    /// The field name in lowercase, for example `if-none-match`.
    public var name: String
    /// The field value with surrounding spaces and tabs removed.
    public var value: String

    /// Creates a header field; the name is lowercased.
    public init(name: String, value: String) {
        self.name = name.lowercased()
        self.value = value
    }
}

/// A parsed HTTP/1.x request head (the body, if any, is skipped).
public struct HTTPRequest: Sendable, Equatable {
    /// The method token exactly as sent (methods are case-sensitive).
    public var method: String
    /// The request target exactly as sent, for example `/posts/?page=2`.
    public var target: String
    /// The protocol version.
    public var version: HTTPVersion
    /// The header fields in the order they were sent.
    public var headers: [HTTPHeader]
    /// The length of the body that followed the head (skipped, never kept).
    public var bodyLength: Int

    /// Creates a request.
    public init(method: String, target: String, version: HTTPVersion, headers: [HTTPHeader], bodyLength: Int = 0) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.bodyLength = bodyLength
    }

    /// The value of the first header field with the given name (any case).
    public func value(forHeader name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name == wanted }?.value
    }

    /// Whether the client wants the connection kept open after the response:
    /// HTTP/1.1 keeps it unless `Connection: close` is sent; HTTP/1.0 closes it
    /// unless `Connection: keep-alive` is sent.
    public var keepsAlive: Bool {
        let tokens = headers
            .filter { $0.name == "connection" }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingSpaces().lowercased() }
        if tokens.contains("close") { return false }
        if version == .http1_0 { return tokens.contains("keep-alive") }
        return true
    }

    /// The target's path, without the query string or fragment.
    public var path: Substring {
        let end = target.firstIndex { $0 == "?" || $0 == "#" } ?? target.endIndex
        return target[..<end]
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}

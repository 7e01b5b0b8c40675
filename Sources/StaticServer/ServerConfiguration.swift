/// Settings for a ``StaticFileServer``.
///
/// The defaults suit a local preview server: loopback only, a bounded number of
/// connections, and short timeouts so that idle or slow clients cannot hold
/// resources for long.
public struct ServerConfiguration: Sendable, Equatable {
    /// The host to listen on: an IPv4 literal, an IPv6 literal (`::1`), or a
    /// name such as `localhost`. A name that resolves to several addresses is
    /// bound on each of them, on the same port.
    public var host: String
    /// The TCP port; `0` asks the system for a free port, readable afterwards
    /// through ``StaticFileServer/port``.
    public var port: UInt16
    /// The most connections open at once, live-reload streams included. When
    /// the limit is reached, new connections wait in the listen backlog until
    /// an open one closes.
    public var maxConnections: Int
    /// The most live-reload event streams open at once. Each open page holds
    /// one for as long as it is open, so without a limit a few hundred of
    /// them would take every connection and nothing else could be served;
    /// a stream asked for beyond it gets `503` (and `EventSource` does not
    /// retry after that answer), while pages keep being served.
    public var maxEventStreams: Int
    /// How long a kept-alive connection may sit without a request, and how long
    /// a response may make no write progress, before the connection is closed.
    public var idleTimeout: Duration
    /// How long a client has to send one complete request once its first byte
    /// arrived (protection against clients that trickle headers).
    public var headerTimeout: Duration
    /// The longest request line accepted; longer lines get 414.
    public var maxRequestLineBytes: Int
    /// The most bytes of header fields accepted; more get 431.
    public var maxHeaderBytes: Int
    /// Whether HTML responses carry the live-reload script and the
    /// ``LiveReload/eventsPath`` endpoint is served.
    public var liveReload: Bool
    /// The path the site is served under, as a percent-encoded URL path:
    /// a site whose links are made for `http://host/blog/` is served at
    /// `/blog/`, `/` redirects there, and other paths are not found. The
    /// slashes around it are added when missing; `/` serves from the top.
    public var basePath: String {
        get { storedBasePath }
        set {
            let trimmed = newValue.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
            storedBasePath = trimmed.isEmpty ? "/" : "/\(trimmed)/"
        }
    }
    private var storedBasePath = "/"

    /// Creates a configuration; every parameter has a preview-friendly default.
    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        maxConnections: Int = 256,
        maxEventStreams: Int = 32,
        idleTimeout: Duration = .seconds(10),
        headerTimeout: Duration = .seconds(10),
        maxRequestLineBytes: Int = 8192,
        maxHeaderBytes: Int = 32768,
        liveReload: Bool = true
    ) {
        self.host = host
        self.port = port
        self.maxConnections = maxConnections
        self.maxEventStreams = maxEventStreams
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.liveReload = liveReload
    }

    /// The parser limits that follow from this configuration.
    var parserLimits: HTTPRequestParser.Limits {
        HTTPRequestParser.Limits(
            maxRequestLineBytes: maxRequestLineBytes,
            maxHeaderBytes: maxHeaderBytes)
    }
}

import Glibc

/// Why a ``StaticFileServer`` could not start.
public enum ServerError: Error, Equatable, CustomStringConvertible {
    /// The host name could not be resolved to an address.
    case unresolvableHost(String, reason: String)
    /// A socket call failed, with the `errno` it reported.
    case socketFailure(operation: String, code: Int32)
    /// ``StaticFileServer/start()`` was called on a running server.
    case alreadyRunning

    /// A one-line explanation for the person running the server.
    public var description: String {
        switch self {
        case let .unresolvableHost(host, reason):
            return "cannot resolve host '\(host)': \(reason)"
        case let .socketFailure(operation, code):
            return "\(operation) failed: \(String(cString: strerror(code)))"
        case .alreadyRunning:
            return "the server is already running"
        }
    }
}

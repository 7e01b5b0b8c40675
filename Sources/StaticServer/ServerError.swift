import Glibc

/// Why a ``StaticFileServer`` could not start.
public enum ServerError: Error, Equatable, CustomStringConvertible {
    /// The host name could not be resolved to an address.
    case unresolvableHost(String, reason: String)
    /// Another process listens on the port already (at least on the first
    /// address the host resolves to), so it cannot be bound.
    case addressInUse(host: String, port: UInt16)
    /// A socket call failed, with the `errno` it reported.
    case socketFailure(operation: String, code: Int32)
    /// ``StaticFileServer/start()`` was called on a running server.
    case alreadyRunning

    /// A one-line explanation for the person running the server.
    public var description: String {
        switch self {
        case let .unresolvableHost(host, reason):
            return "cannot resolve host '\(host)': \(reason)"
        case let .addressInUse(host, port):
            return "port \(port) is already in use on \(host)"
        case let .socketFailure(operation, code):
            return "\(operation) failed: \(String(cString: strerror(code)))"
        case .alreadyRunning:
            return "the server is already running"
        }
    }
}

import Foundation

/// Which redirects `despina check --external` follows.
///
/// A page on the web may link anywhere, and the site it links to may
/// answer with a redirect to `http://127.0.0.1:6379/` or to a router at
/// `192.168.0.1`: followed blindly, the check would send requests to
/// services of the writer's own machine or network on that site's behalf.
/// So a redirect may lead to a public address always, but to a loopback or
/// private one only from an address of the same kind: loopback to loopback
/// (the link itself, or every hop before, was on this machine), private to
/// private. The target's host is resolved to decide, and every address it
/// resolves to must be allowed; `localhost` and names under `.localhost`
/// count as loopback whatever they resolve to.
struct RedirectPolicy: Sendable {
    /// Resolves a host name or literal to its addresses; nil when it does not resolve.
    let resolve: @Sendable (String) -> [IPAddress]?

    /// A policy that resolves with `resolve` (the system resolver unless told otherwise).
    init(resolve: @escaping @Sendable (String) -> [IPAddress]? = IPAddress.resolve) {
        self.resolve = resolve
    }

    /// The addresses a redirect to `target` may connect to, or why it is
    /// refused, coming from a host whose addresses are `from`.
    func addresses(for target: URL, from: [IPAddress]) -> Result<[IPAddress], Refusal> {
        guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .failure(Refusal(target: target.absoluteString, reason: "it is not an http or https URL"))
        }
        guard let host = target.host, !host.isEmpty else {
            return .failure(Refusal(target: target.absoluteString, reason: "it names no host"))
        }
        guard let addresses = addresses(ofHost: host) else {
            return .failure(Refusal(target: target.absoluteString, reason: "its host '\(host)' does not resolve"))
        }
        let allowed = Set(from.map(\.scope)).union([.internet])
        let origin = Self.scopeName(of: from)
        if let forbidden = addresses.first(where: { !allowed.contains($0.scope) }) {
            return .failure(Refusal(
                target: target.absoluteString,
                reason: "it leads from \(origin) to the \(forbidden.scope.rawValue) address \(forbidden)"))
        }
        return .success(addresses)
    }

    /// The addresses of `host`, with the loopback names never asked of the resolver.
    func addresses(ofHost host: String) -> [IPAddress]? {
        let name = host.lowercased().hasSuffix(".") ? String(host.lowercased().dropLast()) : host.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") {
            return [IPAddress(bytes: [127, 0, 0, 1]), IPAddress(bytes: Array(repeating: 0, count: 15) + [1])].compactMap { $0 }
        }
        return resolve(host)
    }

    /// `a public address`, `a loopback address`: the kind of host a redirect came from.
    private static func scopeName(of addresses: [IPAddress]) -> String {
        let scopes = Set(addresses.map(\.scope))
        let kind = AddressScope.allCases.first { scopes.contains($0) } ?? .internet
        return "a \(kind.rawValue) address"
    }

    /// A redirect not followed, and why.
    struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Where the redirect pointed.
        var target: String
        /// Why it was not followed.
        var reason: String

        /// `redirect to 'http://127.0.0.1:6379/' refused: it leads from a public address to the loopback address 127.0.0.1`.
        var description: String { "redirect to '\(target)' refused: \(reason)" }
    }
}

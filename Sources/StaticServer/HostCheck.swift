import Glibc

/// Decides whether a request's `Host` field names this server.
///
/// A page on any web site can make the browser send requests to the
/// preview by renaming its own host to 127.0.0.1 in DNS (DNS rebinding);
/// the browser then treats the preview as part of that site and lets the
/// page read it, drafts included. Such requests still carry the attacker's
/// name in `Host`, so a server that answers only to its own names is out
/// of reach: `localhost`, `127.0.0.1`, `[::1]` and the address it listens
/// on, each with or without the listening port. Listening on every
/// address (`0.0.0.0` or `::`), it also answers to any IP literal (a
/// literal cannot be rebound) and to the machine's host name.
///
/// A request without `Host` (only HTTP/1.0 may omit it, and browsers
/// never do) is accepted.
struct HostCheck: Sendable, Equatable {
    /// The port a `Host` field may name.
    let port: UInt16
    /// Host names and canonical IP literals (IPv6 without brackets), lowercase.
    let names: Set<String>
    /// Whether any IPv4 or IPv6 literal is accepted.
    let acceptsAnyAddress: Bool
    /// The address to suggest in the refusal, such as `localhost:8080`.
    let suggestedAuthority: String

    /// The check for a server listening on `host` (as configured) and `port`
    /// (as bound); `machineName` is the host name accepted when listening on
    /// every address.
    init(listeningHost host: String, port: UInt16, machineName: String? = HostCheck.machineName()) {
        self.port = port
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        let listening = Self.canonical(host.lowercased())
        let isWildcard = listening.isEmpty || listening == "0.0.0.0" || listening == "::"
        if isWildcard {
            if let machineName, !machineName.isEmpty {
                let name = machineName.lowercased()
                names.insert(name)
                if !name.contains(".") { names.insert(name + ".local") }
            }
        } else {
            names.insert(listening)
        }
        self.names = names
        self.acceptsAnyAddress = isWildcard
        let shown = isWildcard ? "localhost" : (listening.contains(":") ? "[\(listening)]" : listening)
        self.suggestedAuthority = "\(shown):\(port)"
    }

    /// Whether the value of a `Host` field names this server.
    func accepts(_ field: String) -> Bool {
        guard let (host, givenPort) = Self.split(field.lowercased()) else { return false }
        if let givenPort, givenPort != port { return false }
        let canonical = Self.canonical(host)
        if names.contains(canonical) { return true }
        return acceptsAnyAddress && Self.isAddressLiteral(canonical)
    }

    /// The host and port of a `Host` value (`name`, `name:8080`,
    /// `[::1]:8080`); nil when it is malformed, such as an IPv6 literal
    /// without brackets or a port that is not a number. An empty port
    /// (`name:`) counts as none.
    static func split(_ value: String) -> (host: String, port: UInt16?)? {
        var host: Substring
        var rest: Substring
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            host = value[value.index(after: value.startIndex)..<close]
            rest = value[value.index(after: close)...]
            guard isIPv6(String(host)) else { return nil }
        } else if let colon = value.firstIndex(of: ":") {
            host = value[..<colon]
            rest = value[colon...]
            if rest.dropFirst().contains(":") { return nil }
        } else {
            host = value[...]
            rest = ""
        }
        // A fully qualified name may end with a dot: `localhost.`.
        if host.hasSuffix(".") { host = host.dropLast() }
        guard !host.isEmpty else { return nil }
        guard !rest.isEmpty else { return (String(host), nil) }
        guard rest.first == ":" else { return nil }
        let digits = rest.dropFirst()
        if digits.isEmpty { return (String(host), nil) }
        guard digits.utf8.count <= 5, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let number = Int(digits), number <= Int(UInt16.max)
        else { return nil }
        return (String(host), UInt16(number))
    }

    /// An IP literal in its canonical form (`0:0::1` → `::1`); anything
    /// else unchanged.
    static func canonical(_ host: String) -> String {
        var address = in6_addr()
        guard inet_pton(AF_INET6, host, &address) == 1 else { return host }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return host }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `host` is a dotted IPv4 literal or an IPv6 literal.
    static func isAddressLiteral(_ host: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1 || isIPv6(host)
    }

    private static func isIPv6(_ host: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, host, &address) == 1
    }

    /// The machine's host name, or nil when the system gives none.
    static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}

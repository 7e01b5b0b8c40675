import Glibc

/// How far from this machine an address reaches, which decides where a
/// redirect met while checking links may lead (see ``RedirectPolicy``).
enum AddressScope: String, Sendable, Equatable, CaseIterable {
    /// This machine: 127.0.0.0/8, `::1`, and the unspecified addresses
    /// 0.0.0.0/8 and `::`, which connect to this machine too.
    case loopback
    /// The local network: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, the
    /// link-local 169.254.0.0/16 and fe80::/10, and the unique local fc00::/7.
    case privateNetwork = "private"
    /// Everything else.
    case internet = "public"
}

/// An IPv4 or IPv6 address, as its bytes in network order.
struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    let bytes: [UInt8]

    /// An address from its 4 or 16 bytes; nil for any other count.
    init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// The address written as a literal (`10.0.0.1`, `::1`, `[::1]`); nil
    /// when the text is not one.
    init?(literal: String) {
        var text = Substring(literal)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(text), &v4) == 1 {
            self.bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(text), &v6) == 1 else { return nil }
        self.bytes = withUnsafeBytes(of: &v6) { Array($0) }
    }

    /// Whether this is an IPv6 address.
    var isIPv6: Bool { bytes.count == 16 }

    /// The IPv4 address an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`)
    /// stands for: a connection to it reaches that IPv4 address.
    var mappedIPv4: IPAddress? {
        guard isIPv6, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else { return nil }
        return IPAddress(bytes: Array(bytes[12..<16]))
    }

    /// Where the address leads.
    var scope: AddressScope {
        if let mappedIPv4 { return mappedIPv4.scope }
        if isIPv6 {
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && (bytes[15] == 0 || bytes[15] == 1) { return .loopback }
            if bytes[0] & 0xFE == 0xFC { return .privateNetwork }
            if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return .privateNetwork }
            return .internet
        }
        switch (bytes[0], bytes[1]) {
        case (0, _), (127, _): return .loopback
        case (10, _), (192, 168), (169, 254): return .privateNetwork
        case (172, let second) where second & 0xF0 == 16: return .privateNetwork
        default: return .internet
        }
    }

    /// `127.0.0.1`, `::1`.
    var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(isIPv6 ? AF_INET6 : AF_INET, raw.baseAddress, &text, socklen_t(text.count))
        }
        guard written != nil else { return bytes.map(String.init).joined(separator: ".") }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The addresses `host` names: itself when it is a literal, else what
    /// the system resolver (`getaddrinfo`) gives, without repeats; nil when
    /// the name does not resolve.
    @Sendable static func resolve(_ host: String) -> [IPAddress]? {
        if let literal = IPAddress(literal: host) { return [literal] }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var current: UnsafeMutablePointer<addrinfo>? = first
        while let entry = current {
            current = entry.pointee.ai_next
            guard let socketAddress = entry.pointee.ai_addr else { continue }
            let address: IPAddress?
            switch entry.pointee.ai_family {
            case AF_INET:
                address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    var raw = pointer.pointee.sin_addr
                    return IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) })
                }
            case AF_INET6:
                address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    var raw = pointer.pointee.sin6_addr
                    return IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) })
                }
            default:
                address = nil
            }
            if let address, !addresses.contains(address) { addresses.append(address) }
        }
        return addresses.isEmpty ? nil : addresses
    }
}

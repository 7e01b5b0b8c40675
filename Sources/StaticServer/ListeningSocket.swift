import Glibc

/// Opens the non-blocking listening sockets for a host and port.
enum ListeningSocket {
    /// Binds every address `host` resolves to, all on one port, and returns
    /// the descriptors with the port actually bound (useful when `port` is 0).
    /// Fails only when no address at all could be bound.
    static func open(host: String, port: UInt16, backlog: Int32 = 511) throws(ServerError) -> (descriptors: [Int32], port: UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .unresolvableHost(host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }

        var descriptors: [Int32] = []
        var boundPort = port
        var firstError = ServerError.unresolvableHost(host, reason: "no usable address")
        var current: UnsafeMutablePointer<addrinfo>? = first
        while let entry = current {
            current = entry.pointee.ai_next
            do throws(ServerError) {
                let descriptor = try bind(entry.pointee, port: boundPort, backlog: backlog)
                if descriptors.isEmpty { boundPort = try localPort(of: descriptor) }
                descriptors.append(descriptor)
            } catch .socketFailure(operation: "bind", code: EADDRINUSE) {
                if descriptors.isEmpty { firstError = .addressInUse(host: host, port: port) }
            } catch {
                if descriptors.isEmpty { firstError = error }
            }
        }
        guard !descriptors.isEmpty else { throw firstError }
        return (descriptors, boundPort)
    }

    private static func bind(_ info: addrinfo, port: UInt16, backlog: Int32) throws(ServerError) -> Int32 {
        guard let address = info.ai_addr else { throw .socketFailure(operation: "getaddrinfo", code: EINVAL) }
        let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard descriptor >= 0 else { throw .socketFailure(operation: "socket", code: errno) }
        do throws(ServerError) {
            try setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, "setsockopt(SO_REUSEADDR)")
            if info.ai_family == AF_INET6 {
                try setOption(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, "setsockopt(IPV6_V6ONLY)")
            }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { target in
                target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
            }
            setPort(port, in: &storage)
            let bound = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, info.ai_addrlen) }
            }
            guard bound == 0 else { throw .socketFailure(operation: "bind", code: errno) }
            guard listen(descriptor, backlog) == 0 else { throw .socketFailure(operation: "listen", code: errno) }
            try makeNonBlocking(descriptor)
            return descriptor
        } catch {
            close(descriptor)
            throw error
        }
    }

    private static func setPort(_ port: UInt16, in storage: inout sockaddr_storage) {
        switch Int32(storage.ss_family) {
        case AF_INET:
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port = port.bigEndian }
            }
        case AF_INET6:
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port = port.bigEndian }
            }
        default:
            break
        }
    }

    private static func localPort(of descriptor: Int32) throws(ServerError) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw .socketFailure(operation: "getsockname", code: code)
        }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        default:
            close(descriptor)
            throw .socketFailure(operation: "getsockname", code: EAFNOSUPPORT)
        }
    }
}

/// Sets an integer socket option to 1.
func setOption(_ descriptor: Int32, _ level: Int32, _ option: Int32, _ name: String) throws(ServerError) {
    var one: Int32 = 1
    guard setsockopt(descriptor, level, option, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
        throw .socketFailure(operation: name, code: errno)
    }
}

/// Puts a descriptor in non-blocking, close-on-exec mode.
func makeNonBlocking(_ descriptor: Int32) throws(ServerError) {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
        throw .socketFailure(operation: "fcntl(O_NONBLOCK)", code: errno)
    }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
}

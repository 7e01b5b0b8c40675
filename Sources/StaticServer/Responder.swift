import Glibc

/// Turns a parsed request into a ``Response``: static files, redirects, the
/// site's 404 page, entity-tag revalidation, live-reload injection and the
/// event-stream endpoint. Used only from the event-loop thread.
///
/// A refused request (a `Host` that is not this server, a bad target, a
/// method other than GET and HEAD, one event stream too many) is answered
/// with `Connection: close` and its connection closes: a client that sends
/// such requests is not served further on the same connection.
struct Responder {
    let liveReload: Bool
    /// The path the site is served under (`ServerConfiguration.basePath`).
    var basePath = "/"
    let cache: FileCache
    /// Which `Host` fields name this server.
    let hostCheck: HostCheck
    /// The most event streams open at once.
    let maxEventStreams: Int

    private static let allowedMethods = "GET, HEAD"

    /// A request with the facts every response needs, worked out once.
    private struct Exchange {
        let request: HTTPRequest
        let keepsAlive: Bool
        let isHead: Bool

        init(_ request: HTTPRequest) {
            self.request = request
            self.keepsAlive = request.keepsAlive
            self.isHead = request.method == "HEAD"
        }
    }

    /// The response to `request`, with files looked up under `rootPath`;
    /// `openEventStreams` is how many event streams are open already.
    func response(to request: HTTPRequest, rootPath: String, openEventStreams: Int = 0) -> Response {
        let exchange = Exchange(request)
        let isHead = exchange.isHead

        if let host = request.value(forHeader: "host"), !hostCheck.accepts(host) {
            return plainResponse(
                status: 421, explanation: "This server answers to http://\(hostCheck.suggestedAuthority)/, not to the host this request names.",
                omitBody: isHead, refuses: true, exchange: exchange)
        }

        if liveReload, request.path == LiveReload.eventsPath {
            guard request.method == "GET" else {
                return plainResponse(status: 405, extraFields: [("Allow", "GET")], omitBody: isHead, refuses: true, exchange: exchange)
            }
            guard openEventStreams < maxEventStreams else {
                return plainResponse(
                    status: 503, explanation: "\(maxEventStreams) live-reload streams are open already; this page will not reload by itself.",
                    omitBody: false, refuses: true, exchange: exchange)
            }
            var head = ResponseHead(status: 200)
            head.add("Content-Type", "text/event-stream")
            head.add("Cache-Control", "no-cache")
            head.add("X-Accel-Buffering", "no")
            return Response(head: head.serialized(), body: .bytes(LiveReload.streamPreamble), closesConnection: false, startsEventStream: true)
        }

        guard request.method == "GET" || isHead else {
            return plainResponse(status: 405, extraFields: [("Allow", Self.allowedMethods)], omitBody: false, refuses: true, exchange: exchange)
        }

        guard let target = targetBelowBasePath(request) else {
            // The top of the server and the base path without its slash lead to the site.
            guard request.path == "/" || request.path + "/" == basePath else {
                return notFoundResponse(rootPath: rootPath, exchange: exchange)
            }
            return plainResponse(status: 301, extraFields: [("Location", basePath)], omitBody: isHead, exchange: exchange)
        }
        let (resolution, status) = RequestPath.resolve(target, inRootPath: rootPath)
        switch resolution {
        case .badRequest:
            return plainResponse(status: 400, omitBody: isHead, refuses: true, exchange: exchange)
        case .notFound:
            return notFoundResponse(rootPath: rootPath, exchange: exchange)
        case let .redirect(location):
            let served = basePath.dropLast() + location
            return plainResponse(status: 301, extraFields: [("Location", String(served))], omitBody: isHead, exchange: exchange)
        case let .file(path):
            guard let status else { return notFoundResponse(rootPath: rootPath, exchange: exchange) }
            return fileResponse(path: path, status: status, exchange: exchange)
                ?? notFoundResponse(rootPath: rootPath, exchange: exchange)
        }
    }

    /// The request's target as it is below the base path (starting with its
    /// slash), or nil when it is not below it.
    private func targetBelowBasePath(_ request: HTTPRequest) -> String? {
        guard basePath != "/" else { return request.target }
        guard request.target.hasPrefix(basePath) else { return nil }
        return "/" + request.target.dropFirst(basePath.count)
    }

    /// The response to a request that could not be parsed; the connection closes.
    func errorResponse(status: Int) -> Response {
        let body = Array("\(status) \(ResponseHead.reasonPhrase(for: status))\n".utf8)
        var head = ResponseHead(status: status)
        head.add("Content-Type", "text/plain; charset=utf-8")
        head.add("Content-Length", String(body.count))
        head.add("Cache-Control", "no-cache")
        head.add("Connection", "close")
        return Response(head: head.serialized(), body: .bytes(body), closesConnection: true)
    }

    private func fileResponse(path: String, status: FileStatus, exchange: Exchange) -> Response? {
        let request = exchange.request
        let closes = !exchange.keepsAlive
        let type = ContentType.forFile(atPath: path)
        let injects = liveReload && ContentType.isHTML(type)
        let tag = EntityTag.make(for: status, variant: injects ? "live" : nil)

        if let condition = request.value(forHeader: "if-none-match"), EntityTag.ifNoneMatch(condition, matches: tag) {
            var head = ResponseHead(status: 304)
            head.add("ETag", tag)
            head.add("Cache-Control", "no-cache")
            addConnectionField(to: &head, exchange: exchange)
            return Response(head: head.serialized(), body: .none, closesConnection: closes)
        }

        let body: Response.Body
        let length: Int
        if injects || status.size <= cache.maxEntryBytes {
            guard let bytes = cachedBody(path: path, status: status, injects: injects) else { return nil }
            body = exchange.isHead ? .none : .bytes(bytes)
            length = bytes.count
        } else if exchange.isHead {
            body = .none
            length = status.size
        } else {
            guard let descriptor = openForReading(path), let opened = FileStatus(descriptor: descriptor) else { return nil }
            body = .file(descriptor: descriptor, length: opened.size)
            length = opened.size
        }

        var head = ResponseHead(status: 200)
        head.add("Content-Type", type)
        head.add("Content-Length", String(length))
        head.add("ETag", tag)
        head.add("Cache-Control", "no-cache")
        addConnectionField(to: &head, exchange: exchange)
        return Response(head: head.serialized(), body: body, closesConnection: closes)
    }

    /// The site's `404.html` with status 404 when there is one, else a plain text 404.
    private func notFoundResponse(rootPath: String, exchange: Exchange) -> Response {
        let isHead = exchange.isHead
        guard case let (.file(path), status?) = RequestPath.resolve("/404.html", inRootPath: rootPath) else {
            return plainResponse(status: 404, omitBody: isHead, exchange: exchange)
        }
        let type = ContentType.forFile(atPath: path)
        let injects = liveReload && ContentType.isHTML(type)
        guard let bytes = cachedBody(path: path, status: status, injects: injects) else {
            return plainResponse(status: 404, omitBody: isHead, exchange: exchange)
        }
        var head = ResponseHead(status: 404)
        head.add("Content-Type", type)
        head.add("Content-Length", String(bytes.count))
        head.add("Cache-Control", "no-cache")
        addConnectionField(to: &head, exchange: exchange)
        return Response(head: head.serialized(), body: isHead ? .none : .bytes(bytes), closesConnection: !exchange.keepsAlive)
    }

    /// A short plain-text response for statuses without a file body: the
    /// status line, then `explanation` on a line of its own. A response
    /// that `refuses` the request closes the connection.
    private func plainResponse(
        status: Int, explanation: String? = nil, extraFields: [(String, String)] = [], omitBody: Bool, refuses: Bool = false,
        exchange: Exchange
    ) -> Response {
        var text = "\(status) \(ResponseHead.reasonPhrase(for: status))\n"
        if let explanation { text += explanation + "\n" }
        let body = Array(text.utf8)
        var head = ResponseHead(status: status)
        head.add("Content-Type", "text/plain; charset=utf-8")
        head.add("Content-Length", String(body.count))
        head.add("Cache-Control", "no-cache")
        for (name, value) in extraFields { head.add(name, value) }
        addConnectionField(to: &head, exchange: exchange, closes: refuses)
        return Response(head: head.serialized(), body: omitBody ? .none : .bytes(body), closesConnection: refuses || !exchange.keepsAlive)
    }

    private func addConnectionField(to head: inout ResponseHead, exchange: Exchange, closes: Bool = false) {
        if closes || !exchange.keepsAlive {
            head.add("Connection", "close")
        } else if exchange.request.version == .http1_0 {
            head.add("Connection", "keep-alive")
        }
    }

    /// The file's body (with the live-reload script when `injects`), from the
    /// cache or read from disk and cached.
    private func cachedBody(path: String, status: FileStatus, injects: Bool) -> [UInt8]? {
        if let cached = cache.body(forPath: path, status: status) { return cached }
        guard let descriptor = openForReading(path) else { return nil }
        defer { close(descriptor) }
        guard let opened = FileStatus(descriptor: descriptor), opened.kind == .regular,
              let contents = readAll(descriptor, expectedSize: opened.size)
        else { return nil }
        let body = injects ? LiveReload.inject(into: contents) : contents
        cache.store(body, forPath: path, status: opened)
        return body
    }

    private func openForReading(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }

    private func readAll(_ descriptor: Int32, expectedSize: Int) -> [UInt8]? {
        var contents: [UInt8] = []
        contents.reserveCapacity(expectedSize)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return contents }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            contents.append(contentsOf: chunk[..<count])
        }
    }
}

import Foundation

/// Asks whether a link to another site still answers, for
/// `despina check --external`, without letting that site hold the check.
///
/// Each link is asked with HEAD, then GET when HEAD is refused (405, 403,
/// 501). Only the head of an answer is read (at most ``byteCap`` bytes in
/// all, never the body), so an endless or huge body costs nothing. Every
/// request has its own timeout, and the whole link, redirects included,
/// one ``deadline``: a server that answers a byte at a time cannot keep
/// the check waiting. Redirects are followed by the probe itself, at most
/// ``maximumRedirects``, each only where ``RedirectPolicy`` allows.
struct ExternalLinkProbe: Sendable {
    /// The time one link may take in all, redirects included.
    var deadline: Duration = .seconds(15)
    /// The time one request may take.
    var requestTimeout: Duration = .seconds(10)
    /// The most bytes read for one answer.
    var byteCap = 65_536
    /// The most redirects followed for one link.
    var maximumRedirects = 10
    /// Which redirects may be followed.
    var policy = RedirectPolicy()

    /// What became of one link.
    struct Outcome: Sendable, Equatable {
        /// Why the link is dead, or nil when it answers.
        var problem: String?
        /// The most bytes read for any one answer.
        var largestAnswer: Int
    }

    /// Checks `link`; nil problem when it answers with a success or a redirect
    /// that is not followed because it needs no following (300, 304).
    func check(_ link: String) -> Outcome {
        let start = ContinuousClock.now
        let linkDeadline = start + deadline
        var largestAnswer = 0
        func outcome(_ problem: String?) -> Outcome { Outcome(problem: problem, largestAnswer: largestAnswer) }

        guard var url = URL(string: link), let host = url.host, !host.isEmpty,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return outcome("not a valid URL") }
        guard var addresses = policy.addresses(ofHost: host) else { return outcome("cannot resolve the host '\(host)'") }
        var redirects = 0
        while true {
            var answer: LinkAnswer?
            for method in ["HEAD", "GET"] {
                let requestDeadline = min(linkDeadline, ContinuousClock.now + requestTimeout)
                switch request(method, url, addresses: addresses, until: requestDeadline) {
                case .failure(.timedOut):
                    let limit = requestDeadline == linkDeadline ? deadline : requestTimeout
                    return outcome("no answer within \(Self.seconds(limit))")
                case .failure(.message(let message)):
                    return outcome(message)
                case .success(let received):
                    largestAnswer = max(largestAnswer, received.bytesRead)
                    answer = received
                }
                guard let answer, method == "HEAD", [403, 405, 501].contains(answer.status) else { break }
            }
            guard let answer else { return outcome("no answer") }
            guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.location else {
                return outcome(answer.status < 400 ? nil : "HTTP \(answer.status)")
            }
            guard redirects < maximumRedirects else { return outcome("more than \(maximumRedirects) redirects") }
            guard let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                return outcome("redirect to '\(location)' refused: it is not a valid URL")
            }
            switch policy.addresses(for: next, from: addresses) {
            case .failure(let refusal): return outcome(refusal.description)
            case .success(let nextAddresses): addresses = nextAddresses
            }
            url = next
            redirects += 1
        }
    }

    /// One request: over a socket of its own for `http:`, through
    /// libcurl for `https:`.
    private func request(
        _ method: String, _ url: URL, addresses: [IPAddress], until deadline: ContinuousClock.Instant
    ) -> Result<LinkAnswer, LinkFailure> {
        guard url.scheme?.lowercased() == "http" else {
            return SecureHTTPRequest(method: method, url: url, addresses: addresses, byteCap: byteCap).send(until: deadline)
        }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host else {
            return .failure(.message("not a valid URL"))
        }
        let port = UInt16(clamping: components.port ?? 80)
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let authority = components.port.map { "\(shownHost):\($0)" } ?? shownHost
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        return PlainHTTPRequest(method: method, authority: authority, target: target, port: port, byteCap: byteCap)
            .send(to: addresses, until: deadline)
    }

    /// `15 s`, `0.5 s`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return String(format: "%g s", Double(seconds) + Double(attoseconds) / 1e18)
    }
}

import CLibcurl
import Foundation

/// One `https:` request, made with libcurl (which brings TLS), kept to what
/// a link check needs: the answer's status and `Location`.
///
/// libcurl follows no redirect (``ExternalLinkProbe`` decides, with
/// ``RedirectPolicy``), stops at the end of the answer's head and never
/// reads a body; a head longer than `byteCap` bytes fails, and the
/// caller's deadline ends the request. It connects only to `addresses`,
/// the ones the policy checked, as ``PlainHTTPRequest`` does: the name is
/// not resolved again, so it cannot turn into another address in between.
/// libcurl is loaded when the first https link is checked, so that no other
/// command starts slower for it.
struct SecureHTTPRequest: Sendable {
    /// `HEAD` or `GET`.
    var method: String
    /// The URL to request.
    var url: URL
    /// The addresses of its host the connection may go to (none: libcurl resolves it).
    var addresses: [IPAddress] = []
    /// The most bytes of the head taken before the request fails.
    var byteCap: Int

    /// Sends the request and waits for its head, at most until `deadline`.
    func send(until deadline: ContinuousClock.Instant) -> Result<LinkAnswer, LinkFailure> {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else { return .failure(.timedOut) }
        var answer = despina_https_answer()
        let outcome = despina_https_request(url.absoluteString, method, resolveEntry, Int(milliseconds), Int64(byteCap), &answer)
        switch despina_https_outcome(rawValue: UInt32(outcome)) {
        case DESPINA_HTTPS_ANSWERED:
            let location = answer.has_location != 0 ? Self.string(answer.location) : nil
            return .success(LinkAnswer(status: answer.status, location: location, bytesRead: Int(answer.bytes_read)))
        case DESPINA_HTTPS_TIMED_OUT:
            return .failure(.timedOut)
        default:
            return .failure(.message(Self.string(answer.message)))
        }
    }

    /// `host:port:address,address`, libcurl's form of a host's addresses
    /// (IPv6 ones in brackets); nil for none, or for a host written as an address.
    private var resolveEntry: String? {
        guard let host = url.host, !host.isEmpty, IPAddress(literal: host) == nil, !addresses.isEmpty
        else { return nil }
        let listed = addresses.map { $0.description.contains(":") ? "[\($0)]" : $0.description }
        return "\(host):\(url.port ?? 443):" + listed.joined(separator: ",")
    }

    /// The text of a NUL-terminated C array field, invalid UTF-8 repaired.
    private static func string<Field>(_ field: Field) -> String {
        withUnsafeBytes(of: field) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

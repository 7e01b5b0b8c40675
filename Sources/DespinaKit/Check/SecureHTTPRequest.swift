import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `https:` request, made with `URLSession` (which brings TLS), kept
/// to what a link check needs: the answer's status and `Location`.
///
/// The session follows no redirect itself (``ExternalLinkProbe`` decides,
/// with ``RedirectPolicy``); the task is cancelled as soon as the head has
/// arrived, body data is counted and never kept, and more than `byteCap`
/// bytes of it cancel the task; the caller's deadline cancels it too.
/// Unlike ``PlainHTTPRequest``, the connection is made by the system's
/// HTTP library, which resolves the host again, and which reads the whole
/// body of a redirect before reporting it (bounded only by the deadline).
struct SecureHTTPRequest: Sendable {
    /// `HEAD` or `GET`.
    var method: String
    /// The URL to request.
    var url: URL
    /// The most body bytes taken before the task is cancelled.
    var byteCap: Int

    /// Sends the request and waits for its head, at most until `deadline`.
    func send(until deadline: ContinuousClock.Instant) -> Result<LinkAnswer, LinkFailure> {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return .failure(.timedOut) }
        let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
        let listener = Listener(byteCap: byteCap)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        let session = URLSession(configuration: configuration, delegate: listener, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
        request.httpMethod = method
        request.setValue("despina-check", forHTTPHeaderField: "User-Agent")
        let task = session.dataTask(with: request)
        task.resume()
        if listener.done.wait(timeout: .now() + seconds) == .timedOut {
            task.cancel()
            return .failure(.timedOut)
        }
        task.cancel()
        return listener.outcome()
    }

    /// Receives the session's callbacks, on the session's own queue.
    private final class Listener: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        private let byteCap: Int
        private let lock = NSLock()
        private var answer: LinkAnswer?
        private var failure: String?
        private var bytesRead = 0
        private var finished = false

        init(byteCap: Int) {
            self.byteCap = byteCap
        }

        func outcome() -> Result<LinkAnswer, LinkFailure> {
            lock.withLock {
                if var answer {
                    answer.bytesRead = bytesRead
                    return .success(answer)
                }
                return .failure(.message(failure ?? "no answer"))
            }
        }

        private func record(_ response: URLResponse?) {
            guard let http = response as? HTTPURLResponse else { return }
            lock.withLock {
                if answer == nil {
                    answer = LinkAnswer(status: http.statusCode, location: http.value(forHTTPHeaderField: "Location"), bytesRead: 0)
                }
            }
        }

        private func finish() {
            let first = lock.withLock {
                defer { finished = true }
                return !finished
            }
            if first { done.signal() }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @Sendable @escaping (URLRequest?) -> Void
        ) {
            record(response)
            completionHandler(nil)
            finish()
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @Sendable @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            record(response)
            completionHandler(.cancel)
            finish()
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over = lock.withLock {
                bytesRead += data.count
                return bytesRead >= byteCap
            }
            if over { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            record(task.response)
            if let error {
                lock.withLock { if failure == nil { failure = error.localizedDescription } }
            }
            finish()
        }
    }
}

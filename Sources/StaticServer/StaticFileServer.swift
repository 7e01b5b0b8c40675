import Dispatch
import Foundation
import Synchronization

/// A small HTTP/1.1 server for previewing a static site, with live reload.
///
/// It serves GET and HEAD for the files under a root folder (`index.html` for
/// folders, the site's `404.html` for missing pages), revalidates with entity
/// tags, keeps connections alive and answers pipelined requests in order. HTML
/// responses carry a small script that listens on ``LiveReload/eventsPath``;
/// ``broadcastReload()`` reloads every open page and
/// ``broadcastError(message:)`` shows a build error over it.
///
/// One event-loop thread does all the socket work; the methods of this class
/// may be called from any thread.
///
/// ```swift
/// let server = StaticFileServer(root: outputFolder, configuration: ServerConfiguration(port: 0))
/// try server.start()
/// print("http://127.0.0.1:\(server.port)/")
/// // … after each successful rebuild:
/// server.broadcastReload()
/// ```
public final class StaticFileServer: Sendable {
    /// The settings the server was created with.
    public let configuration: ServerConfiguration
    private let root: SharedRoot
    private let run = Mutex<RunningLoop?>(nil)

    /// What exists while the server runs.
    private struct RunningLoop: Sendable {
        var port: UInt16
        var mailbox: LoopMailbox
        var finished: DispatchSemaphore
    }

    /// Creates a server for the folder at `root`; nothing is opened until ``start()``.
    public init(root: URL, configuration: ServerConfiguration = ServerConfiguration()) {
        self.configuration = configuration
        self.root = SharedRoot(root.standardizedFileURL.path)
    }

    deinit {
        stop()
    }

    /// The port being listened on while running (the actual one when the
    /// configuration asked for port 0), else the configured port.
    public var port: UInt16 {
        run.withLock { $0?.port } ?? configuration.port
    }

    /// The folder being served.
    public var rootPath: String {
        root.current
    }

    /// Binds the listening socket(s) and starts serving on a background thread.
    /// Throws when the address cannot be bound or the server is already running.
    public func start() throws(ServerError) {
        try run.withLock { (running: inout RunningLoop?) throws(ServerError) in
            guard running == nil else { throw .alreadyRunning }
            let (listeners, port) = try ListeningSocket.open(host: configuration.host, port: configuration.port)
            let mailbox: LoopMailbox
            do throws(ServerError) {
                mailbox = try LoopMailbox()
            } catch {
                for listener in listeners { close(listener) }
                throw error
            }
            let finished = DispatchSemaphore(value: 0)
            let root = self.root
            let configuration = self.configuration
            let thread = Thread {
                EventLoop(listeners: listeners, port: port, mailbox: mailbox, root: root, configuration: configuration).run()
                finished.signal()
            }
            thread.name = "despina-server"
            thread.start()
            running = RunningLoop(port: port, mailbox: mailbox, finished: finished)
        }
    }

    /// Stops serving: closes the listening sockets and every connection, and
    /// returns once the loop thread has finished. Does nothing when not running.
    public func stop() {
        guard let running = run.withLock({ running in
            defer { running = nil }
            return running
        }) else { return }
        running.mailbox.post(.stop)
        running.finished.wait()
    }

    /// Makes every page open in a browser reload, and clears any build-error overlay.
    public func broadcastReload() {
        run.withLock { $0?.mailbox }?.post(.broadcastReload)
    }

    /// Shows `message` in an overlay on every open page (as text, never as
    /// HTML); pages that connect later see it too, until the next reload.
    public func broadcastError(message: String) {
        run.withLock { $0?.mailbox }?.post(.broadcastError(message))
    }

    /// Serves the folder at `url` from the next request on; connections stay open.
    public func setRoot(_ url: URL) {
        root.replace(with: url.standardizedFileURL.path)
    }
}

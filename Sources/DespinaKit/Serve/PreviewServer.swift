import Foundation
import StaticServer
import Synchronization

/// What `despina serve` was asked to do.
public struct PreviewOptions: Sendable {
    /// The site folder (absolute).
    public var siteDirectory: String
    /// The address to listen on; loopback unless told otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port: UInt16 = 8080
    /// Include drafts.
    public var includeDrafts = false
    /// Include posts dated in the future.
    public var includeFuture = false
    /// The URL the pages' links are made with; the server's own address
    /// when nil. For a preview opened from another machine, through the
    /// name or address it uses; a path in it is where the site is served.
    public var baseURL: String?
    /// The folder the preview is built into (absolute);
    /// `SITE/.despina/preview` when nil.
    public var outputDirectory: String?
    /// Build into an output folder Despina did not create (as `build --force`).
    public var force = false
    /// Whether served pages carry the script that reloads them after a
    /// rebuild (and the event stream it listens to is served).
    public var liveReload = true

    /// Creates options for the site at `siteDirectory`.
    public init(siteDirectory: String) {
        self.siteDirectory = siteDirectory
    }
}

/// `despina serve`: builds the site into a preview folder (not into
/// `Output/`, unless told to), serves it over HTTP, and on every change to
/// `Content/`, `Templates/` or `despina.yml` rebuilds and reloads open
/// pages. A failed rebuild shows its errors in the terminal and over the
/// page, and the last good site keeps being served.
public final class PreviewServer: Sendable {
    private let environment: BuildEnvironment
    private let options: PreviewOptions
    private let server: StaticFileServer
    private let state = Mutex<State>(State())
    private let buildLock = NSLock()
    /// What each build keeps for the next: parsed posts, summaries, URLs,
    /// manifests, the scan (told of changes by the watcher), leftovers.
    private let memory = BuildMemory(watchesContent: true)

    private struct State {
        var watcher: FileWatcher?
        /// Held while this preview runs: one preview per site, since
        /// two would build into the same preview folder.
        var previewLock: FileLock?
        var isStopped = false
    }

    /// Where in the site folder the preview is built: in the cache, never
    /// in `Output/`.
    static let folder = ".despina/preview"

    /// The folder the preview is built into.
    public var outputDirectory: String { options.outputDirectory ?? joinPath(options.siteDirectory, Self.folder) }

    /// Creates the preview of the site in `options`.
    public init(options: PreviewOptions, environment: BuildEnvironment) {
        self.options = options
        self.environment = environment
        var configuration = ServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.liveReload = options.liveReload
        configuration.basePath = options.baseURL.map { SiteConfig.rootAndOrigin(of: $0).root } ?? "/"
        server = StaticFileServer(
            root: URL(fileURLWithPath: options.outputDirectory ?? joinPath(options.siteDirectory, Self.folder)),
            configuration: configuration)
    }

    /// The port the server listens on (known after `start`).
    public var port: UInt16 { server.port }

    /// The address to open in a browser: the site's, under its base path.
    public var address: String {
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        return "http://\(host):\(port)\(server.configuration.basePath)"
    }

    /// Starts serving and watching, then builds once; the first build must
    /// succeed. Watching starts first, so a save during that build is not
    /// lost: it triggers a rebuild as soon as the first build is done.
    public func start() throws {
        let lockPath = joinPath(options.siteDirectory, ".despina", "serve.lock")
        // A cache folder that is a link is refused by the first build; no
        // lock is written through it before.
        let cacheIsLink = SiteLock.isLink(cacheOf: options.siteDirectory, fileSystem: environment.fileSystem)
        let previewLock = cacheIsLink ? nil : try environment.fileSystem.lock(at: lockPath, waiting: false)
        if previewLock == nil && !cacheIsLink {
            let holder = (try? environment.fileSystem.text(of: lockPath))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw Diagnostic(
                path: options.siteDirectory,
                message: "another despina serve is previewing this site"
                    + (holder.isEmpty ? "" : " (process \(holder))") + "; stop it first, or open its address")
        }
        state.withLock { $0.previewLock = previewLock }
        do {
            try server.start()
        } catch {
            previewLock?.release()
            throw error
        }
        let site = options.siteDirectory
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher(
                folders: [joinPath(site, "Content"), joinPath(site, "Templates")],
                files: [joinPath(site, ConfigLoader.fileName)]
            ) { [weak self] changed in
                self?.rebuild(after: changed) ?? nil
            }
            state.withLock { $0.watcher = watcher }
            watcher.start()
            // The first build's line, like each rebuild's: it says which
            // drafts and future posts the preview leaves out.
            environment.log.info(try buildLock.withLock { try build() }.line)
        } catch {
            stop()
            throw error
        }
        // While the writer looks at the first build, the next one is made
        // quick: it will then write only the files an edit changes.
        Thread.detachNewThread { [self] in
            buildLock.lock()
            defer { buildLock.unlock() }
            memory.leftovers.release()
            guard !isStopped else { return }
            SiteBuilder(environment: environment).prepareNextBuild(buildOptions(defersSearchIndex: false))
        }
    }

    private var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Stops watching and serving, once a build under way has ended: after
    /// this returns, the preview writes nothing in the site.
    public func stop() {
        state.withLock { $0.isStopped = true }
        state.withLock { $0.watcher?.stop() }
        server.stop()
        buildLock.withLock {}
        state.withLock { $0.previewLock?.release() }
    }

    /// Builds the preview; called holding `buildLock`, so that one build
    /// runs at a time and a rebuild triggered while another runs waits.
    /// `defersSearchIndex` keeps the index of the last build, when there is
    /// one, for a build whose pages are wanted first.
    /// `warningsShownAlready` are not printed again.
    /// The build's data is freed by `memory.leftovers.release()`.
    private func build(
        defersSearchIndex: Bool = false, warningsShownAlready: [Diagnostic] = []
    ) throws(BuildFailure) -> BuildSummary {
        var options = buildOptions(defersSearchIndex: defersSearchIndex)
        options.warningsShownAlready = Set(warningsShownAlready)
        return try SiteBuilder(environment: environment).build(options)
    }

    private func buildOptions(defersSearchIndex: Bool) -> BuildOptions {
        var build = BuildOptions(siteDirectory: options.siteDirectory)
        build.outputDirectory = outputDirectory
        build.includeDrafts = options.includeDrafts
        build.includeFuture = options.includeFuture
        build.force = options.force
        build.baseURL = options.baseURL ?? address
        build.memory = memory
        build.defersSearchIndex = defersSearchIndex
        return build
    }

    /// Rebuilds after a change: the pages first, then the open pages
    /// reload, then the search index (the longest part of a one-post
    /// rebuild) in a second build that finds every page in place: the work
    /// returned, which the watcher runs once the writer pauses, so that a
    /// save soon after this one does not wait for it. The second build
    /// (`searchIndexAfter`) meets the same warnings as the first, which
    /// printed them: it prints only new ones, so each shows once per change.
    private func rebuild(after changed: [String], searchIndexAfter shown: [Diagnostic]? = nil) -> (() -> Void)? {
        buildLock.lock()
        defer { buildLock.unlock() }
        guard !isStopped else { return nil }
        defer { memory.leftovers.release() }
        do {
            if let shown {
                let index = try build(warningsShownAlready: shown)
                environment.log.verbose(String(format: "Search index updated in %.2f s", index.seconds))
                return nil
            }
            let site = options.siteDirectory + "/"
            let names = changed.map { $0.hasPrefix(site) ? String($0.dropFirst(site.count)) : $0 }
            environment.log.info("Changed: \(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? ", …" : "")")
            memory.scan?.noteChanges(changed)
            let summary = try build(defersSearchIndex: true)
            server.broadcastReload()
            environment.log.info(summary.line)
            guard summary.searchIndexDeferred else { return nil }
            return { [weak self] in _ = self?.rebuild(after: [], searchIndexAfter: summary.warnings) }
        } catch {
            let message = error.diagnostics.map(\.description).joined(separator: "\n")
            environment.log.error(message)
            server.broadcastError(message: message)
            return nil
        }
    }
}

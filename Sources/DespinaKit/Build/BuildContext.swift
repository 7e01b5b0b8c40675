import Foundation

/// What every step of one build shares: the options, the environment, the
/// places of the cache and output, the warnings reported so far, the timer
/// and the work on other threads. Used on the thread that runs the build.
final class BuildContext {
    let options: BuildOptions
    let environment: BuildEnvironment
    let timer: StepTimer
    let work: BuildWork
    /// When the build started (`DispatchTime` nanoseconds).
    let started: UInt64
    /// Warnings reported so far, in the order they were printed.
    private(set) var warnings: [Diagnostic] = []

    /// The output folder.
    let outputPath: String
    /// The site's cache folder, `.despina`.
    let cacheDirectory: String
    /// Whether the build reads the cache of the last build (not with
    /// `--clean`, nor for `despina check`, which records nothing).
    let usesCache: Bool

    init(options: BuildOptions, environment: BuildEnvironment) {
        self.options = options
        self.environment = environment
        timer = StepTimer(log: environment.log)
        work = BuildWork(timer: timer)
        started = DispatchTime.now().uptimeNanoseconds
        outputPath = options.resolvedOutputDirectory
        cacheDirectory = joinPath(options.siteDirectory, ".despina")
        usesCache = options.recordsOutput && !options.clean
    }

    var fileSystem: any FileSystem { environment.fileSystem }

    /// The record of the last build into this output (`BuildRecord`).
    var recordPath: String {
        joinPath(cacheDirectory, "cache/builds", OutputManifest.identifier(of: Array(outputPath.utf8)))
    }

    /// The parsed-post cache (`EntryCache`).
    var entryCacheDirectory: String { joinPath(cacheDirectory, "cache/entries") }

    /// The search index builder the last build saved (`SearchIndexState`).
    var searchStateDirectory: String { joinPath(cacheDirectory, "cache/search") }

    /// Seconds since the build started.
    var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

    /// Runs `body` as `step`, timed.
    func step<T, Failure: Error>(
        _ step: BuildStep, detail: String? = nil, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        try timer.run(step, detail: detail, body)
    }

    /// Prints the warnings among `diagnostics` (those not shown already
    /// for these inputs) and keeps them all for the summary.
    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where diagnostic.severity == .warning {
            if !options.warningsShownAlready.contains(diagnostic) { environment.log.warning(diagnostic.description) }
            warnings.append(diagnostic)
        }
    }
}

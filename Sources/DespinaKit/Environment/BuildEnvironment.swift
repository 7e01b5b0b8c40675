import Foundation

/// Where log lines go, and how verbose the build is.
public struct Logger: Sendable {
    /// Receives each line with its level.
    public var sink: @Sendable (LogLevel, String) -> Void
    /// Whether step timings and other details are printed.
    public var isVerbose: Bool

    /// Creates a logger that hands lines to `sink`.
    public init(isVerbose: Bool = false, sink: @escaping @Sendable (LogLevel, String) -> Void) {
        self.isVerbose = isVerbose
        self.sink = sink
    }

    /// Logs a line that is always shown.
    public func info(_ message: String) { sink(.info, message) }
    /// Logs a warning (already formatted as a diagnostic).
    public func warning(_ message: String) { sink(.warning, message) }
    /// Logs an error (already formatted as a diagnostic).
    public func error(_ message: String) { sink(.error, message) }
    /// Reports which step a build is in; a terminal shows it on one
    /// self-erasing line, other outputs drop it.
    public func progress(_ step: String) { sink(.progress, step) }
    /// Logs a line that is shown with `--verbose` only.
    public func verbose(_ message: @autoclosure () -> String) {
        if isVerbose { sink(.verbose, message()) }
    }

    /// A logger that drops everything.
    public static let silent = Logger { _, _ in }
}

/// How important a log line is.
public enum LogLevel: Sendable {
    case verbose, info, warning, error
    /// The name of the step a build has started.
    case progress
}

/// The one injectable value through which the pipeline touches the world:
/// files, the clock and the log.
public struct BuildEnvironment: Sendable {
    /// The files.
    public var fileSystem: any FileSystem
    /// The current time (future posts are those dated after it).
    public var now: @Sendable () -> Date
    /// The log.
    public var log: Logger

    /// Creates an environment.
    public init(fileSystem: any FileSystem, now: @escaping @Sendable () -> Date, log: Logger) {
        self.fileSystem = fileSystem
        self.now = now
        self.log = log
    }

    /// The real disk, the real clock, and the given log.
    public static func live(log: Logger) -> BuildEnvironment {
        BuildEnvironment(fileSystem: LocalFileSystem(), now: { Date() }, log: log)
    }
}

import Foundation

/// Runs the named steps of a build in order, timing each for `--verbose`.
struct StepTimer: Sendable {
    let log: Logger

    /// Runs `body` as the step called `name`.
    func run<T, Failure: Error>(_ name: String, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        log.progress(name)
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        log.verbose("  " + name.padding(toLength: 30, withPad: " ", startingAt: 0) + String(format: "%8.3f s", elapsed))
        return result
    }
}

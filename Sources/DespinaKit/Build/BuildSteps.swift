import Foundation

/// Runs the named steps of a build in order, timing each for `--verbose`
/// (with the process's resident memory after the step, where the system
/// tells it).
struct StepTimer: Sendable {
    let log: Logger

    /// Runs `body` as the step called `name`.
    func run<T, Failure: Error>(_ name: String, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        log.progress(name)
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        report(name, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        return result
    }

    /// Reports a step that took `seconds` (one run on the side included).
    func report(_ name: String, seconds: Double) {
        var line = "  " + name.padding(toLength: 30, withPad: " ", startingAt: 0) + String(format: "%8.3f s", seconds)
        if log.isVerbose, let megabytes = Self.residentMegabytes() { line += String(format: "%8d MB", megabytes) }
        log.verbose(line)
    }

    /// The resident set size of this process, from `/proc/self/statm`.
    static func residentMegabytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

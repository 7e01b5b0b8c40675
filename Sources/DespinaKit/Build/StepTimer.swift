import Foundation

/// Times the named steps of a build for `--verbose` (with the process's
/// resident memory after the step, where the system tells it).
struct StepTimer: Sendable {
    let log: Logger

    /// Runs `body` as `step`; `detail` says how it ran this time
    /// (`scan content (watched)`).
    func run<T, Failure: Error>(
        _ step: BuildStep, detail: String? = nil, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        log.progress(step.name)
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        report(step, detail: detail, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        return result
    }

    /// Reports `step` as having taken `seconds` (work on other threads
    /// included), with how it ran.
    func report(_ step: BuildStep, detail: String? = nil, seconds: Double) {
        let name = step.name + (detail.map { " (\($0))" } ?? "")
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

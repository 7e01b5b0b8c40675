import Foundation
import Synchronization

/// All the work of one build that runs on other threads, started and
/// joined through this one value: a step whose value the build reads later
/// (`start`), and work that only the next build reads (`startSide`, such as
/// saving the search index builder). `finish` waits for every piece, so no
/// work outlives its build and no build reads a file half written.
final class BuildWork: Sendable {
    private let group = DispatchGroup()
    /// The seconds of the side work of each step, in all.
    private let sideSeconds = Mutex<[BuildStep: Double]>([:])
    private let timer: StepTimer

    init(timer: StepTimer) {
        self.timer = timer
    }

    /// Starts `body` as `step` on another thread; its value is asked for
    /// with `result()` or `take()`.
    func start<Value: Sendable>(
        _ step: BuildStep, _ body: @escaping @Sendable () throws -> Value
    ) -> BackgroundStep<Value> {
        BackgroundStep(step, group: group, body)
    }

    /// Starts `body` as part of `step` on another thread; nothing in this
    /// build reads what it makes.
    func startSide(_ step: BuildStep, _ body: @escaping @Sendable () -> Void) {
        sideSeconds.withLock { $0[step] = $0[step] ?? 0 }
        DispatchQueue.global().async(group: group) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            self.sideSeconds.withLock { $0[step, default: 0] += elapsed }
        }
    }

    /// Waits for every piece of work started, and reports the time of the
    /// side work of each step (once: the work is then forgotten).
    func finish() {
        group.wait()
        let seconds = sideSeconds.withLock { seconds in
            defer { seconds = [:] }
            return seconds
        }
        for step in BuildStep.allCases {
            if let time = seconds[step] { timer.report(step, detail: "alongside", seconds: time) }
        }
    }
}

/// A step run on another thread while the build goes on; `result()`
/// waits for it and returns its value and how long it took.
final class BackgroundStep<Value: Sendable>: Sendable {
    /// The step it runs.
    let step: BuildStep
    private let outcome = Mutex<Result<(Value, Double), any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    fileprivate init(_ step: BuildStep, group: DispatchGroup, _ body: @escaping @Sendable () throws -> Value) {
        self.step = step
        DispatchQueue.global().async(group: group) { self.run(body) }
    }

    private func run(_ body: @Sendable () throws -> Value) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = Result { () throws -> (Value, Double) in
            let value = try body()
            return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        outcome.withLock { $0 = result }
        done.signal()
    }

    /// The step's value and seconds, once it is done; may be asked again
    /// (a failed build asks every step it started before it stops).
    func result() throws -> (Value, Double) {
        done.wait()
        done.signal()
        // The outcome is set before the semaphore is signalled.
        guard let result = outcome.withLock({ $0 }) else { throw CancellationError() }
        return try result.get()
    }

    /// The step's value, handed over: the step keeps no reference to it,
    /// so a value with copy-on-write storage can be changed in place.
    /// Called once; a `result()` asked after it throws rather than waits.
    func take() throws -> Value {
        done.wait()
        done.signal()
        guard let result = outcome.withLock({ outcome in
            defer { outcome = nil }
            return outcome
        }) else { throw CancellationError() }
        return try result.get().0
    }
}

import Foundation
import Synchronization

/// Work done on another thread that nothing in the build reads, only the
/// next build (saving the search index builder): the build waits for all
/// of it before it ends or stops, so that no build reads it half written.
final class SideWork: Sendable {
    private let group = DispatchGroup()
    /// Whether any work was started, and its seconds in all.
    private let seconds = Mutex<Double?>(nil)

    func start(_ body: @escaping @Sendable () -> Void) {
        seconds.withLock { $0 = $0 ?? 0 }
        DispatchQueue.global().async(group: group) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            self.seconds.withLock { $0 = ($0 ?? 0) + elapsed }
        }
    }

    /// Waits for all of it; its seconds in all, nil when none was started.
    func wait() -> Double? {
        group.wait()
        return seconds.withLock { $0 }
    }
}

/// A step run on another thread while the build goes on; `result()`
/// waits for it and returns its value and how long it took.
final class BackgroundStep<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<(Value, Double), any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global().async { self.run(body) }
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

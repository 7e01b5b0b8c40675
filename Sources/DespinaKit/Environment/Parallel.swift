import Dispatch
import Foundation
import Synchronization

/// Maps `items` on all cores, keeping the order of the results. The work
/// for each item must be independent of the others.
func parallelMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], _ transform: @Sendable (Item) -> Result
) -> [Result] {
    guard items.count > 1 else { return items.map(transform) }
    return parallelMap(items, lookahead: 0, prepare: { _ in }, transform)
}

/// Maps `items` on all cores like `parallelMap(_:_:)`, and calls `prepare`
/// with the index of the item `lookahead` places ahead of each one a
/// worker takes up (a worker starting on a run of items prepares its first
/// `lookahead` first): for work that can be started early, such as reads.
func parallelMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], lookahead: Int, prepare: @Sendable (Int) -> Void, _ transform: @Sendable (Item) -> Result
) -> [Result] {
    let results = ResultSlots<Result>(count: items.count)
    // Chunks of work, more than cores, so uneven items still balance.
    let chunkCount = min(items.count, 64)
    guard chunkCount > 0 else { return [] }
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        let start = items.count * chunk / chunkCount
        let end = items.count * (chunk + 1) / chunkCount
        for index in start..<min(start + lookahead, end) { prepare(index) }
        for index in start..<end {
            if index + lookahead < end { prepare(index + lookahead) }
            results.store(transform(items[index]), at: index)
        }
    }
    return results.collect()
}

/// Maps `items` on all cores like `parallelMap(_:_:)`, one group at a
/// time: `group` puts each item in one of `groupCount` groups (numbers out
/// of range count as the last), and `finish` is called with a group's
/// number and its items' results, in the order of `items`, as soon as the
/// group is done, on the thread that did its last piece; every group is
/// finished, the empty ones too. For work whose results are used a group
/// at a time, such as the posts recorded by one cache file, which can then
/// be written while the rest are still being made.
func parallelMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], groupCount: Int, group: (Item) -> Int, _ transform: @Sendable (Item) -> Result,
    finishing finish: @Sendable (_ group: Int, _ results: [Result]) -> Void
) -> [Result] {
    guard groupCount > 0 else { return parallelMap(items, transform) }
    var members = [[Int]](repeating: [], count: groupCount)
    for index in items.indices { members[min(max(group(items[index]), 0), groupCount - 1)].append(index) }
    let groups = members
    let results = ResultSlots<Result>(count: items.count)
    // Each group in pieces: the last piece of all keeps one core busy
    // alone, and a quarter of a group is over sooner than a whole one.
    let pieces = 4
    let unfinished = Mutex([Int](repeating: pieces, count: groupCount))
    DispatchQueue.concurrentPerform(iterations: groupCount * pieces) { job in
        let (number, piece) = job.quotientAndRemainder(dividingBy: pieces)
        let indices = groups[number]
        for index in indices[indices.count * piece / pieces..<indices.count * (piece + 1) / pieces] {
            results.store(transform(items[index]), at: index)
        }
        // The lock orders the other pieces' stores before these reads.
        guard unfinished.withLock({ counts in
            counts[number] -= 1
            return counts[number] == 0
        }) else { return }
        finish(number, indices.compactMap { results.value(at: $0) })
    }
    return results.collect()
}

/// Runs `body` for every item on all cores and throws the error of the
/// first failing item (in the order of `items`), after all have run.
func parallelForEach<Item: Sendable>(_ items: [Item], _ body: @Sendable (Item) throws -> Void) throws {
    let failures = parallelMap(items) { item -> (any Error)? in
        do {
            try body(item)
            return nil
        } catch {
            return error
        }
    }
    if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
}

/// Write-once slots filled from several threads, each slot by one thread.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = UnsafeMutablePointer<Value?>.allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func store(_ value: Value, at index: Int) {
        // Each index is written by exactly one thread and read only after
        // concurrentPerform returned (or after a lock that follows the
        // store), so the slots need no lock.
        slots[index] = value
    }

    /// The value stored at `index`, nil before it is stored.
    func value(at index: Int) -> Value? {
        slots[index]
    }

    /// The stored values in order, moved out rather than copied (a copy of
    /// a large value retains each of its parts, and freeing the slots then
    /// releases them all again); the slots are left empty.
    func collect() -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            let slot = slots + index
            if let value = slot.move() { values.append(value) }
            slot.initialize(to: nil)
        }
        return values
    }
}

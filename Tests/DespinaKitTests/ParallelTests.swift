import Synchronization
import Testing
@testable import DespinaKit

@Suite struct ParallelTests {
    /// Every item is prepared exactly once, before it is transformed, and
    /// the results keep the order of the items.
    @Test(arguments: [0, 1, 5, 1_000], [0, 1, 16, 5_000])
    func eachItemIsPreparedOnceBeforeItsTurn(count: Int, lookahead: Int) {
        let prepared = Mutex<[Int]>([])
        let preparedInTime = Mutex(true)
        let results = parallelMap(Array(0..<count), lookahead: lookahead, prepare: { index in
            prepared.withLock { $0.append(index) }
        }) { item in
            let wasPrepared = prepared.withLock { $0.contains(item) }
            if !wasPrepared { preparedInTime.withLock { $0 = false } }
            return item * 2
        }
        #expect(results == (0..<count).map { $0 * 2 })
        #expect(prepared.withLock { $0.sorted() } == Array(0..<count))
        #expect(preparedInTime.withLock { $0 })
    }

    /// A grouped map keeps the items' order, and finishes every group once,
    /// empty ones too, with its results in order, after they are all made.
    @Test(arguments: [0, 1, 7, 3_000])
    func eachGroupIsFinishedOnceWithItsResults(count: Int) {
        let made = Mutex(Set<Int>())
        let finished = Mutex<[Int: [Int]]>([:])
        let finishedInTime = Mutex(true)
        // Group 4 gets nothing; keys past the end count as the last group.
        let key = { (item: Int) -> Int in item % 3 == 0 ? 9 : item % 4 }
        let results = parallelMap(Array(0..<count), groupCount: 6, group: key) { item in
            made.withLock { _ = $0.insert(item) }
            return item * 2
        } finishing: { group, results in
            let allMade = made.withLock { made in results.allSatisfy { made.contains($0 / 2) } }
            if !allMade { finishedInTime.withLock { $0 = false } }
            finished.withLock { finished in
                if finished[group] != nil { finishedInTime.withLock { $0 = false } }
                finished[group] = results
            }
        }
        #expect(results == (0..<count).map { $0 * 2 })
        var expected: [Int: [Int]] = [:]
        for group in 0..<6 {
            expected[group] = (0..<count).filter { min(key($0), 5) == group }.map { $0 * 2 }
        }
        #expect(finished.withLock { $0 } == expected)
        #expect(finishedInTime.withLock { $0 })
    }
}

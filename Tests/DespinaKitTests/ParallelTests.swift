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

    /// Each item of the second lane runs after the items of the first it
    /// needs, both lanes in their own order.
    @Test(arguments: [0, 1, 3, 2_000])
    func theSecondLaneWaitsForWhatItNeeds(count: Int) throws {
        let made = Mutex<[Int]>([])
        var used: [Int] = []
        var seenWhenUsed: [Int] = []
        // Item i of the second lane needs the first i / 2 + 1 of the first.
        let needs = (0..<count).map { min($0 / 2 + 1, count) }
        try runInTwoLanes(
            making: Array(0..<count), { item in made.withLock { $0.append(item) } },
            thenUsing: Array(0..<count), needing: needs
        ) { item in
            used.append(item)
            seenWhenUsed.append(made.withLock { $0.count })
        }
        #expect(made.withLock { $0 } == Array(0..<count))
        #expect(used == Array(0..<count))
        #expect(zip(seenWhenUsed, needs).allSatisfy { $0 >= $1 })
    }

    struct LaneFailure: Error, Equatable { var lane: Int }

    /// A failure of the first lane stops the second before the items that
    /// need what was not made, and is thrown.
    @Test func aFailureOfTheFirstLaneStopsTheSecond() {
        var used: [Int] = []
        #expect(throws: LaneFailure(lane: 1)) {
            try runInTwoLanes(
                making: Array(0..<10), { item in if item == 5 { throw LaneFailure(lane: 1) } },
                thenUsing: Array(0..<10), needing: Array(1...10)
            ) { used.append($0) }
        }
        #expect(used.allSatisfy { $0 < 5 })
    }

    /// A failure of the second lane is thrown once the first has ended.
    @Test func aFailureOfTheSecondLaneIsThrown() {
        let made = Mutex(0)
        #expect(throws: LaneFailure(lane: 2)) {
            try runInTwoLanes(
                making: Array(0..<100), { _ in made.withLock { $0 += 1 } },
                thenUsing: Array(0..<100), needing: Array(repeating: 0, count: 100)
            ) { item in if item == 3 { throw LaneFailure(lane: 2) } }
        }
        #expect(made.withLock { $0 } == 100)
    }
}

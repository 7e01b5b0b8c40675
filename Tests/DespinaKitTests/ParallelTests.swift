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
}

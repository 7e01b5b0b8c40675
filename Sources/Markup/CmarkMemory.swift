import CCmark
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The allocator every cmark tree of this module is made with: cmark's
/// own, or, on a thread that asked for it (`countAllocations`), one that
/// counts what is live. A transform that unlinks a node and forgets it
/// leaks memory that a test cannot see in the process's size while other
/// tests run beside it; counted allocations show it exactly, and only on
/// the thread that counts, whatever else the process does.
enum CmarkMemory {
    /// How many of a thread's cmark allocations are live.
    final class Counter: Sendable {
        let live = Atomic<Int>(0)
    }

    /// The allocator for trees made on this thread now.
    static var current: UnsafeMutablePointer<cmark_mem> {
        pthread_getspecific(counterKey) == nil ? cmark_get_default_mem_allocator() : counting
    }

    /// Runs `work` with every cmark allocation it makes on this thread
    /// counted, and returns how many are still live at its end (0 when
    /// everything made was freed) with `work`'s result.
    static func countAllocations<Result>(in work: () -> Result) -> (live: Int, result: Result) {
        let counter = Counter()
        // Never released: a leaked block keeps pointing at it.
        let pointer = Unmanaged.passRetained(counter).toOpaque()
        let previous = pthread_getspecific(counterKey)
        pthread_setspecific(counterKey, pointer)
        let result = work()
        pthread_setspecific(counterKey, previous)
        return (counter.live.load(ordering: .relaxed), result)
    }

    /// Frees a string cmark rendered from a tree made with `current`.
    static func release(_ rendered: UnsafeMutablePointer<CChar>) {
        current.pointee.free(rendered)
    }

    nonisolated(unsafe) private static let counting: UnsafeMutablePointer<cmark_mem> = {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(to: cmark_mem(calloc: countedCalloc, realloc: countedRealloc, free: countedFree))
        return memory
    }()
}

/// The counter of the thread that counts (see `CmarkMemory.countAllocations`).
private let counterKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// Counted on no thread's counter: a block made while no thread counts.
nonisolated(unsafe) private let strayCounter = Unmanaged.passRetained(CmarkMemory.Counter()).toOpaque()

/// Each counted block starts with a header naming the counter it was
/// counted on, so it is uncounted wherever it is freed.
private let headerSize = 16

private func counter(ofBlockAt base: UnsafeMutableRawPointer) -> CmarkMemory.Counter {
    Unmanaged<CmarkMemory.Counter>.fromOpaque(base.load(as: UnsafeMutableRawPointer.self)).takeUnretainedValue()
}

/// `base`, a new block, with its header filled in and counted.
private func counted(_ base: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let base else { return nil }
    base.storeBytes(of: pthread_getspecific(counterKey) ?? strayCounter, as: UnsafeMutableRawPointer.self)
    counter(ofBlockAt: base).live.add(1, ordering: .relaxed)
    return base + headerSize
}

private func countedCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
    guard !overflow else { return nil }
    return counted(calloc(1, bytes + headerSize))
}

private func countedRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    guard let pointer else { return counted(malloc(size + headerSize)) }
    guard let moved = realloc(pointer - headerSize, size + headerSize) else { return nil }
    return moved + headerSize
}

private func countedFree(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    let base = pointer - headerSize
    counter(ofBlockAt: base).live.subtract(1, ordering: .relaxed)
    free(base)
}

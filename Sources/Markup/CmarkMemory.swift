import CCmark
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The allocator every cmark tree of this module is made with: while a
/// document is built (`withArena`), an arena that the whole document's
/// trees are freed with at once; outside one, cmark's own; and on a thread
/// that asked for it (`countAllocations`), one that counts what is live. A
/// transform that unlinks a node and forgets it leaks memory that a test
/// cannot see in the process's size while other tests run beside it;
/// counted allocations show it exactly, and only on the thread that
/// counts, whatever else the process does.
enum CmarkMemory {
    /// How many of a thread's cmark allocations are live.
    final class Counter: Sendable {
        let live = Atomic<Int>(0)
    }

    /// The allocator for trees made on this thread now.
    static var current: UnsafeMutablePointer<cmark_mem> {
        if pthread_getspecific(counterKey) != nil { return counting }
        return pthread_getspecific(arenaKey) == nil ? cmark_get_default_mem_allocator() : inArena
    }

    /// Runs `work` with the cmark trees it makes on this thread allocated in
    /// a new arena (`CmarkArena`), freed when `work` returns: a document's
    /// thousands of nodes and growing text buffers cost a few instructions
    /// each to make instead of a call to the allocator, and nothing to free.
    /// `work` must leave no tree or rendered text of cmark behind. While
    /// allocations are counted, `work` runs with the counting allocator.
    static func withArena<Result>(_ work: () -> Result) -> Result {
        guard pthread_getspecific(counterKey) == nil else { return work() }
        let arena = CmarkArena()
        let previous = pthread_getspecific(arenaKey)
        pthread_setspecific(arenaKey, Unmanaged.passUnretained(arena).toOpaque())
        defer { pthread_setspecific(arenaKey, previous) }
        return withExtendedLifetime(arena) { work() }
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

    nonisolated(unsafe) private static let inArena = allocator(cmark_mem(calloc: arenaCalloc, realloc: arenaRealloc, free: arenaFree))

    nonisolated(unsafe) private static let counting = allocator(cmark_mem(calloc: countedCalloc, realloc: countedRealloc, free: countedFree))

    /// `functions` where cmark takes them: at an address that lives as long as the process.
    private static func allocator(_ functions: cmark_mem) -> UnsafeMutablePointer<cmark_mem> {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(to: functions)
        return memory
    }
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

/// The arena of the document being built on this thread (see `CmarkMemory.withArena`).
private let arenaKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// A chunk of `CmarkArena.chunkSize` bytes kept by a thread between its
/// documents, freed when the thread ends.
private let spareChunkKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { free($0) }
    return key
}()

/// A region that cmark blocks are made in one after another, all freed
/// together when it goes. Each block starts with a header naming its arena
/// and its size, so that a block grows in its own arena even while a
/// document nested in its build has another arena current. A block freed
/// stays until the arena goes; the one made last grows in place.
final class CmarkArena {
    private static let headerSize = 16
    private static let chunkSize = 1 << 16
    private var chunks: [UnsafeMutableRawPointer] = []
    private var chunk: UnsafeMutableRawPointer?
    private var used = 0
    private var capacity = 0
    /// Where in `chunk` the block made last starts.
    private var lastBlock = -1

    deinit {
        // One chunk of the usual size stays with the thread for its next document.
        for (index, chunk) in chunks.enumerated() {
            if index == 0, pthread_getspecific(spareChunkKey) == nil {
                pthread_setspecific(spareChunkKey, chunk)
            } else {
                free(chunk)
            }
        }
    }

    /// The arena that made the block whose bytes start at `payload`.
    static func owner(of payload: UnsafeMutableRawPointer) -> Unmanaged<CmarkArena> {
        Unmanaged<CmarkArena>.fromOpaque((payload - headerSize).load(as: UnsafeMutableRawPointer.self))
    }

    /// A new block of `size` bytes, zeroed when asked; nil when memory runs out.
    @inline(__always)
    func allocate(_ size: Int, zeroed: Bool) -> UnsafeMutableRawPointer? {
        guard size >= 0, size < Int.max / 2 else { return nil }
        let length = Self.blockLength(size)
        if chunk == nil || used + length > capacity {
            let fresh = max(Self.chunkSize, length)
            var spare: UnsafeMutableRawPointer?
            if chunks.isEmpty && fresh == Self.chunkSize, let kept = pthread_getspecific(spareChunkKey) {
                pthread_setspecific(spareChunkKey, nil)
                spare = kept
            }
            guard let made = spare ?? malloc(fresh) else { return nil }
            chunks.append(made)
            (chunk, used, capacity) = (made, 0, fresh)
        }
        guard let chunk else { return nil }
        let block = chunk + used
        block.storeBytes(of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
        (block + 8).storeBytes(of: size, as: Int.self)
        lastBlock = used
        used += length
        let payload = block + Self.headerSize
        if zeroed { memset(payload, 0, size) }
        return payload
    }

    /// The block at `payload` with room for `size` bytes, its bytes kept:
    /// grown in place when it is the last one made and its chunk has room.
    func reallocate(_ payload: UnsafeMutableRawPointer, to size: Int) -> UnsafeMutableRawPointer? {
        guard size >= 0, size < Int.max / 2 else { return nil }
        let block = payload - Self.headerSize
        let oldSize = (block + 8).load(as: Int.self)
        if let chunk, block == chunk + lastBlock, lastBlock + Self.blockLength(size) <= capacity {
            (block + 8).storeBytes(of: size, as: Int.self)
            used = lastBlock + Self.blockLength(size)
            return payload
        }
        if size <= oldSize { return payload }
        guard let moved = allocate(size, zeroed: false) else { return nil }
        moved.copyMemory(from: payload, byteCount: oldSize)
        return moved
    }

    /// A block's header and `size` bytes, rounded up to keep every block 16-byte aligned.
    private static func blockLength(_ size: Int) -> Int { (headerSize + size + 15) & ~15 }
}

private func arenaCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
    guard !overflow, let arena = pthread_getspecific(arenaKey) else { return nil }
    // The arena is kept alive by `withArena`: used without retaining it.
    return Unmanaged<CmarkArena>.fromOpaque(arena)._withUnsafeGuaranteedRef { $0.allocate(bytes, zeroed: true) }
}

private func arenaRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    guard let pointer else {
        guard let arena = pthread_getspecific(arenaKey) else { return nil }
        return Unmanaged<CmarkArena>.fromOpaque(arena)._withUnsafeGuaranteedRef { $0.allocate(size, zeroed: false) }
    }
    return CmarkArena.owner(of: pointer)._withUnsafeGuaranteedRef { $0.reallocate(pointer, to: size) }
}

/// Nothing: the block goes with its arena.
private func arenaFree(_ pointer: UnsafeMutableRawPointer?) {}

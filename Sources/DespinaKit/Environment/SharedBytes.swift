#if canImport(Glibc)
import Glibc
#endif

/// The bytes of a file, read once and shared by everything made from them.
///
/// On disk the file is mapped rather than read: the cache's files hold the
/// HTML of every post, which a rebuild mostly does not look at, and reading
/// them meant copying tens of megabytes into memory the process touched for
/// the first time (a page fault for every 4 KB). A mapped file is paged in
/// from the system's cache only where it is read. Files mapped this way must
/// be replaced by renaming a new file over them, never rewritten in place
/// (`FileSystem.replaceFile`): a mapping of a file cut short faults when read.
final class SharedBytes: @unchecked Sendable {
    // Immutable after init; the memory is released only in deinit.
    let buffer: UnsafeRawBufferPointer
    private let release: Release

    private enum Release {
        case unmap
        case deallocate
    }

    /// A copy of `bytes` in memory of its own.
    init(copying bytes: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress, let target = memory.baseAddress {
                target.copyMemory(from: base, byteCount: source.count)
            }
        }
        buffer = UnsafeRawBufferPointer(rebasing: memory[0..<bytes.count])
        release = .deallocate
    }

    /// The file open as `descriptor`, `size` bytes long, mapped read-only;
    /// nil when it cannot be mapped.
    init?(mapping descriptor: Int32, size: Int) {
        guard size > 0 else { return nil }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { return nil }
        buffer = UnsafeRawBufferPointer(start: address, count: size)
        release = .unmap
    }

    deinit {
        switch release {
        case .unmap: munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        case .deallocate: UnsafeMutableRawPointer(mutating: buffer.baseAddress)?.deallocate()
        }
    }

    var count: Int { buffer.count }

    /// The bytes in `range` as an array.
    func bytes(in range: Range<Int>) -> [UInt8] { Array(UnsafeRawBufferPointer(rebasing: buffer[range])) }

    /// Calls `body` with the bytes in `range`, kept alive while it runs.
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withExtendedLifetime(self) { body(UnsafeRawBufferPointer(rebasing: buffer[range]).bindMemory(to: UInt8.self)) }
    }
}

import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A file kept open so that pieces of it can be read at any offset.
///
/// Unlike a mapping (`SharedBytes`), the bytes read this way belong to the
/// reader only while it uses them: a build that reads every post's HTML
/// back from the cache files as it makes the pages does not end up with all
/// of it resident in its memory, as a mapping would (a mapped page stays
/// counted for the process once touched). Like a mapping, it goes on reading
/// the file it opened when a new file is renamed over its path.
final class ReadableFile: Sendable {
    private enum Source: Sendable {
        case descriptor(Int32)
        case memory(SharedBytes)
    }

    private let source: Source
    private let failures = Atomic<Bool>(false)

    /// A file open as `descriptor`, which is closed with the value.
    init(descriptor: Int32) { source = .descriptor(descriptor) }

    /// A file whose bytes are all in memory already.
    init(memory: SharedBytes) { source = .memory(memory) }

    deinit {
        if case .descriptor(let descriptor) = source { close(descriptor) }
    }

    /// Whether a read of this file came back short or failed.
    var hasFailed: Bool { failures.load(ordering: .relaxed) }

    /// Calls `body` with the bytes of the file in `range`; nil (and the
    /// file marked as failed) when they cannot all be read.
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard range.lowerBound >= 0 else { return failed() }
        switch source {
        case .memory(let shared):
            guard range.upperBound <= shared.count else { return failed() }
            return shared.withBytes(in: range, body)
        case .descriptor(let descriptor):
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(range.count, 1))
            defer { buffer.deallocate() }
            guard let base = buffer.baseAddress, Self.read(descriptor, range, into: base) else { return failed() }
            return body(UnsafeBufferPointer(rebasing: buffer[0..<range.count]))
        }
    }

    /// The bytes of the file in `range` as a string (read straight into
    /// the string's storage); nil (and the file marked as failed) when they
    /// cannot all be read.
    func string(in range: Range<Int>) -> String? {
        guard case .descriptor(let descriptor) = source else {
            return withBytes(in: range) { String(decoding: $0, as: UTF8.self) }
        }
        guard range.lowerBound >= 0 else { return failed() }
        var complete = false
        let text = String(unsafeUninitializedCapacity: range.count) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            complete = Self.read(descriptor, range, into: base)
            return complete ? range.count : 0
        }
        return complete || range.isEmpty ? text : failed()
    }

    /// Reads the bytes of the file open as `descriptor` in `range` into
    /// `base`; false when the file ends or a read fails first.
    private static func read(_ descriptor: Int32, _ range: Range<Int>, into base: UnsafeMutablePointer<UInt8>) -> Bool {
        var done = 0
        while done < range.count {
            let count = pread(descriptor, base + done, range.count - done, off_t(range.lowerBound + done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    private func failed<Result>() -> Result? {
        failures.store(true, ordering: .relaxed)
        return nil
    }
}

import Synchronization

/// UTF-8 text held as a string, as a range of bytes mapped from a file and
/// turned into a string only when asked for, or as bytes that the cache
/// may later move to the file it wrote (see `init(movable:)`).
struct UTF8Text: Sendable {
    private enum Storage: Sendable {
        case string(String)
        case shared(SharedBytes, Range<Int>)
        case movable(MovableText)
    }

    private let storage: Storage

    init(_ string: String) { storage = .string(string) }

    /// Text whose UTF-8 bytes are `shared`'s in `range` (kept, not copied).
    init(shared: SharedBytes, range: Range<Int>) { storage = .shared(shared, range) }

    /// Text held as `bytes` (valid UTF-8) until `moveToFile(_:range:)`
    /// says where a file holds the same bytes; from then on it is read from
    /// the file when asked for, and the bytes are let go. Copies of the
    /// text share the move: an entry and its cache record hold one copy.
    init(movable bytes: [UInt8]) { storage = .movable(MovableText(bytes)) }

    /// Whether the text is held in memory and can still move to a file.
    var isMovable: Bool {
        if case .movable(let text) = storage { return text.isInMemory }
        return false
    }

    /// Reads a movable text from `file`, at `range`, from now on, when
    /// `range` is as long as the text; other texts stay as they are.
    func moveToFile(_ file: ReadableFile, range: Range<Int>) {
        if case .movable(let text) = storage { text.move(to: file, range: range) }
    }

    var string: String {
        switch storage {
        case .string(let string): return string
        case .shared(let shared, let range):
            return String(decoding: UnsafeRawBufferPointer(rebasing: shared.buffer[range]), as: UTF8.self)
        case .movable(let text): return text.string
        }
    }

    /// The length in UTF-8 bytes.
    var utf8Count: Int {
        switch storage {
        case .string(let string): return string.utf8.count
        case .shared(_, let range): return range.count
        case .movable(let text): return text.utf8Count
        }
    }

    /// Calls `body` with the UTF-8 bytes, without making a string.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .string(var string): return string.withUTF8(body)
        case .shared(let shared, let range): return shared.withBytes(in: range, body)
        case .movable(let text): return text.withUTF8(body)
        }
    }
}

/// Where a movable `UTF8Text` is: its bytes, or the file that holds the
/// same bytes. One object shared by every copy of the text.
final class MovableText: Sendable {
    private enum Place: Sendable {
        case bytes([UInt8])
        case file(ReadableFile, Range<Int>)
    }

    private let place: Mutex<Place>

    init(_ bytes: [UInt8]) { place = Mutex(.bytes(bytes)) }

    private var current: Place { place.withLock { $0 } }

    var isInMemory: Bool {
        if case .bytes = current { return true }
        return false
    }

    func move(to file: ReadableFile, range: Range<Int>) {
        place.withLock { place in
            guard case .bytes(let bytes) = place, bytes.count == range.count else { return }
            place = .file(file, range)
        }
    }

    /// The text; empty when the file cannot be read back (the file then
    /// says so: `ReadableFile.hasFailed`).
    var string: String {
        switch current {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .file(let file, let range): return file.string(in: range) ?? ""
        }
    }

    var utf8Count: Int {
        switch current {
        case .bytes(let bytes): return bytes.count
        case .file(_, let range): return range.count
        }
    }

    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch current {
        case .bytes(let bytes): return bytes.withUnsafeBufferPointer(body)
        case .file(let file, let range):
            return file.withBytes(in: range, body) ?? body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }
}

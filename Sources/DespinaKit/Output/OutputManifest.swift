import Bytes
import Foundation

/// What a generation of the output folder holds: each file's size, a hash
/// of its bytes and a fingerprint of the inputs it was made from. A build
/// skips making a file whose inputs have the same fingerprint, compares the
/// files it makes with the manifest of the generation it updates, and
/// writes only those that differ.
struct OutputManifest: Sendable {
    struct Entry: Sendable, Equatable {
        var size: Int
        var hash: UInt64
        /// A digest of what the file was made from; 0 when not known.
        var fingerprint: UInt64 = 0

        /// Whether both describe the same bytes, whatever they were made from.
        func hasSameBytes(as other: Entry?) -> Bool {
            guard let other else { return false }
            return size == other.size && hash == other.hash
        }
    }

    var entries: [String: Entry] = [:] {
        didSet { readIdentifier = nil }
    }
    /// The identifier of the text this manifest was read from, while unchanged.
    private var readIdentifier: String?

    /// Version 4: the identifier no longer depends on the order of the lines.
    static let header = "despina-output-manifest 4"

    /// The manifest's text, made without intermediate strings (it has a
    /// line per file of the site): a header line, then `HASH SIZE
    /// FINGERPRINT PATH` per file, in no particular order (the reader keys
    /// them by path, and sorting tens of thousands of paths on every build
    /// the preview waits for buys nothing). Paths with a line break are
    /// left out (such a file is simply written every time). With it, the
    /// generation's identifier: a hash of the files' sizes, hashes and
    /// paths only, whatever their order, so that the same bytes made by
    /// another version of Despina (other fingerprints) are the same
    /// generation.
    func serializedBytes() -> (bytes: [UInt8], identifier: String) {
        let header = Array((Self.header + "\n").utf8)
        // A line: two 16-digit hashes, a size (at most 20), 3 spaces, the path, a break.
        let capacity = entries.keys.reduce(header.count) { $0 + $1.utf8.count + 56 }
        var identity = IdentityHash()
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var end = buffer.initialize(fromContentsOf: header)
            for (path, entry) in entries {
                var path = path
                path.withUTF8 { path in
                    if let start = path.baseAddress, memchr(start, 0x0A, path.count) != nil { return }
                    end = HexText.write(entry.hash, into: buffer, at: end)
                    buffer[end] = UInt8(ascii: " ")
                    end = DecimalText.write(entry.size, width: 1, into: buffer, at: end + 1)
                    buffer[end] = UInt8(ascii: " ")
                    end = HexText.write(entry.fingerprint, into: buffer, at: end + 1)
                    buffer[end] = UInt8(ascii: " ")
                    end += 1 + UnsafeMutableBufferPointer(rebasing: buffer[(end + 1)...]).initialize(fromContentsOf: path)
                    buffer[end] = UInt8(ascii: "\n")
                    end += 1
                    identity.add(hash: entry.hash, size: entry.size, path: UnsafeRawBufferPointer(path))
                }
            }
            count = end
        }
        return (bytes, identity.identifier)
    }

    /// Digests each file's hash, size and path on its own and adds the
    /// digests up, so that the lines may come in any order.
    private struct IdentityHash {
        private var sum: UInt64 = 0

        mutating func add(hash: UInt64, size: Int, path: UnsafeRawBufferPointer) {
            var line = Fingerprint()
            line.combine(hash)
            line.combine(size)
            line.combine(bytes: path)
            sum &+= line.value
        }

        var identifier: String { HexText.sixteenDigits(sum) }
    }

    init() {}

    /// Reads a manifest from the bytes of its text; nil when it is not one.
    init?(bytes: [UInt8]) {
        let header = Array((Self.header + "\n").utf8)
        guard bytes.starts(with: header) else { return nil }
        var index = header.count
        entries.reserveCapacity(bytes.count / 64)
        func number(radix: UInt64) -> UInt64? {
            var value: UInt64 = 0
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: " ") {
                let byte = bytes[index]
                let digit: UInt64
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
                default: return nil
                }
                let (multiplied, overflow) = value.multipliedReportingOverflow(by: radix)
                let (sum, carry) = multiplied.addingReportingOverflow(digit)
                guard !overflow, !carry else { return nil }
                value = sum
                index += 1
            }
            guard index > start, index < bytes.count else { return nil }
            index += 1
            return value
        }
        var identity = IdentityHash()
        while index < bytes.count {
            guard let hash = number(radix: 16), let size = number(radix: 10).flatMap(Int.init(exactly:)) else { return nil }
            guard let fingerprint = number(radix: 16),
                  let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")), end > index
            else { return nil }
            let path = String(decoding: bytes[index..<end], as: UTF8.self)
            entries[path] = Entry(size: size, hash: hash, fingerprint: fingerprint)
            bytes[index..<end].withUnsafeBytes { identity.add(hash: hash, size: size, path: $0) }
            index = end + 1
        }
        readIdentifier = identity.identifier
    }

    /// Records the identifier `serializedBytes()` gave for these entries,
    /// so that `identifier` need not serialize them again.
    mutating func setIdentifier(_ identifier: String) {
        readIdentifier = identifier
    }

    /// The identifier of this manifest's generation (see `serializedBytes()`).
    var identifier: String { readIdentifier ?? serializedBytes().identifier }

    /// A short, stable name for `bytes`: their hash in hexadecimal.
    static func identifier(of bytes: [UInt8]) -> String {
        // FNV-1a, as since the first cache: the names of the folders already
        // kept in `.despina/` stay the same.
        HexText.sixteenDigits(FNV1a64.hash(bytes))
    }
}

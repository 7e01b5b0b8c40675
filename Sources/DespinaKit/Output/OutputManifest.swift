/// What a generation of the output folder holds: each file's size and a
/// hash of its bytes. A build compares the files it makes with the
/// manifest of the generation it updates, and writes only those that differ.
struct OutputManifest: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var size: Int
        var hash: UInt64
    }

    var entries: [String: Entry] = [:]

    static let header = "despina-output-manifest 1"

    /// The manifest as text: a header line, then `HASH SIZE PATH` per file,
    /// sorted by path. Paths with a line break are left out (such a file is
    /// simply written every time).
    var text: String {
        var lines = [Self.header]
        for (path, entry) in entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
        where !path.contains("\n") {
            lines.append(hex(entry.hash) + " " + String(entry.size) + " " + path)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    init() {}

    /// Reads a manifest written by `text`; nil when it is not one.
    init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.first == Substring(Self.header) else { return nil }
        lines = lines.dropFirst()
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let hash = UInt64(parts[0], radix: 16), let size = Int(parts[1]) else { return nil }
            entries[String(parts[2])] = Entry(size: size, hash: hash)
        }
    }

    /// A stable 64-bit FNV-1a hash of `bytes` (the same on every run and machine).
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The identifier of this manifest's generation: a hash of its text.
    var identifier: String { Self.identifier(of: Array(text.utf8)) }

    /// A short, stable name for `bytes`: their hash in hexadecimal.
    static func identifier(of bytes: [UInt8]) -> String { hex(hash(bytes)) }
}

private func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

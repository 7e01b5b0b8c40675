import Dispatch
import SearchIndex

/// The search index builder saved in the site's cache
/// (`.despina/cache/search/`): a file of term and word tables, 16 files
/// of documents and a file of the posting lists the last build made, each
/// followed by the generation of the tables it fits and a checksum. A
/// build that changed a few posts reads it, replaces their documents (each
/// document carries the digest of the entry it was made from, so a stale
/// one is always noticed) and writes back the parts that changed.
enum SearchIndexState {
    /// The saved builder, or nil when there is none or any file is damaged
    /// or from another generation.
    static func load(from directory: String, fileSystem: any FileSystem) -> (builder: IndexBuilder, generation: UInt64)? {
        guard let tables = read(joinPath(directory, "tables"), fileSystem: fileSystem) else { return nil }
        var parts: [[UInt8]] = []
        for part in 0..<IndexBuilder.stateParts {
            guard let file = read(joinPath(directory, partName(part)), fileSystem: fileSystem),
                  file.generation == tables.generation
            else { return nil }
            parts.append(file.payload)
        }
        guard var builder = IndexBuilder(tables: tables.payload, parts: parts) else { return nil }
        if let postings = read(joinPath(directory, postingsName), fileSystem: fileSystem),
           postings.generation == tables.generation
        {
            builder.restorePostings(from: postings.payload)
        }
        return (builder, tables.generation)
    }

    /// Writes the given parts, then the tables unless they are the ones
    /// saved (a build stopped in between leaves parts that either fit the
    /// old tables or are refused).
    static func save(
        _ builder: IndexBuilder, generation: UInt64, parts: some Sequence<Int>, tablesChanged: Bool = true,
        to directory: String, fileSystem: any FileSystem
    ) {
        // The posting lists the last build made (a next build that finds
        // them not to fit its documents makes every list instead), beside
        // the parts, on two threads: a first build's last moments are this
        // save, with nothing else left to do.
        let postings = DispatchGroup()
        DispatchQueue.global().async(group: postings) {
            guard let bytes = builder.encodedPostings() else { return }
            write(bytes, generation: generation, to: joinPath(directory, postingsName), fileSystem: fileSystem)
        }
        builder.forEachEncodedPart(parts, threads: 2) { part, bytes in
            write(bytes, generation: generation, to: joinPath(directory, partName(part)), fileSystem: fileSystem)
        }
        postings.wait()
        if tablesChanged {
            write(builder.encodedTables(), generation: generation, to: joinPath(directory, "tables"), fileSystem: fileSystem)
        }
    }

    private static func partName(_ part: Int) -> String { "part-\(part)" }

    private static let postingsName = "postings"

    /// A file is the payload, its generation (8 bytes) and the checksum:
    /// both are appended to the payload's own array, which is not copied.
    private static func write(_ payload: consuming [UInt8], generation: UInt64, to path: String, fileSystem: any FileSystem) {
        var bytes = payload
        withUnsafeBytes(of: generation.littleEndian) { bytes.append(contentsOf: $0) }
        Checksum.seal(&bytes)
        // A cache that cannot be written costs the next build time, not correctness.
        try? fileSystem.write(bytes, to: path)
    }

    private static func read(_ path: String, fileSystem: any FileSystem) -> (generation: UInt64, payload: [UInt8])? {
        guard let file = try? fileSystem.contents(of: path), var bytes = Checksum.opening(consume file), bytes.count >= 8
        else { return nil }
        var generation: UInt64 = 0
        let start = bytes.count - 8
        for index in 0..<8 { generation |= UInt64(bytes[start + index]) << (8 * UInt64(index)) }
        bytes.removeLast(8)
        return (generation, bytes)
    }
}

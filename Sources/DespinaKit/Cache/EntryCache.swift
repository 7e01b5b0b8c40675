import Bytes
import Foundation

/// The parsed-post cache: one record per Markdown file, kept in the site's
/// `.despina/cache/entries/` folder in 64 files (by a hash of the source
/// path), so a build that changed one post rewrites one small file.
///
/// Every file starts with the cache's key, a digest of everything that
/// shapes every record (the Despina binary, the configuration, the theme's
/// layouts); a file with another key, a damaged file or a foreign one is
/// ignored, and its posts are read again.
struct EntryCache: Sendable {
    static let shardCount = 64
    private static let magic = Array("despina-entry-cache 4\n".utf8)

    let directory: String
    let key: UInt64
    /// The records read, by source path (`Content/posts/x.md`).
    let records: [String: CachedEntry]
    /// The files that were read intact with the right key.
    private let intactShards: Set<Int>

    /// A cache holding `records`, read intact from the files `intactShards`;
    /// without records, one that reads nothing and keeps every record as new.
    init(directory: String, key: UInt64, records: [String: CachedEntry] = [:], intactShards: Set<Int> = []) {
        (self.directory, self.key, self.records, self.intactShards) = (directory, key, records, intactShards)
    }

    /// The size and modification time of each cache file (nil: missing).
    static func fileStamps(in directory: String, fileSystem: any FileSystem) -> [FileInfo?] {
        (0..<shardCount).map { fileSystem.info(at: joinPath(directory, fileName($0))) }
    }

    /// Reads the cache files in `directory` (on all cores).
    static func load(from directory: String, key: UInt64, fileSystem: any FileSystem) -> EntryCache {
        let shards = parallelMap(Array(0..<shardCount)) { shard -> [CachedEntry]? in
            // Mapped, not read: the posts' HTML stays in the file until a
            // page needs it (see `SharedBytes`).
            guard let bytes = try? fileSystem.sharedContents(of: joinPath(directory, fileName(shard))) else { return nil }
            return try? decode(bytes, key: key)
        }
        var records: [String: CachedEntry] = [:]
        var intact = Set<Int>()
        for (shard, contents) in shards.enumerated() {
            guard let contents else { continue }
            intact.insert(shard)
            for record in contents { records[record.entry.sourcePath] = record }
        }
        return EntryCache(directory: directory, key: key, records: records, intactShards: intact)
    }

    /// The cache files to write whatever this build renders: those not
    /// read intact with the right key, and those that recorded a path not
    /// in `paths` (every source path of the new content).
    func filesToRewrite(keeping paths: [String]) -> Set<Int> {
        var files = Set((0..<Self.shardCount).filter { !intactShards.contains($0) })
        let kept = Set(paths)
        for path in records.keys where !kept.contains(path) { files.insert(Self.shard(of: path)) }
        return files
    }

    /// Replaces cache file `shard` with one holding `records` (in the
    /// order given).
    ///
    /// Where the file system can keep files open (`OpeningFileSystem`), the
    /// HTML of a record that is still held as a movable string (a rendering
    /// of this build, `UTF8Text(movable:)`) is read from the new file from
    /// then on, and its string let go: the rendered posts of a large site
    /// are not all kept in memory until their pages are made. Returns the
    /// file opened for that, whose `hasFailed` tells whether a page read
    /// back less than it should have. A file that cannot be written costs
    /// the next build time, not correctness: it is skipped.
    func write(shard: Int, records: [CachedEntry], fileSystem: any FileSystem) -> ReadableFile? {
        let path = joinPath(directory, Self.fileName(shard))
        let (bytes, htmlRanges) = Self.encodeNotingHTML(records, key: key)
        // Replaced whole, never rewritten in place: the records read from
        // the old file may still use its mapped bytes.
        guard (try? fileSystem.replaceFile(at: path, with: bytes)) != nil,
              let opener = fileSystem as? any OpeningFileSystem,
              records.contains(where: { $0.entry.content?.htmlText.isMovable == true }),
              let file = try? opener.openFile(at: path)
        else { return nil }
        for (record, range) in zip(records, htmlRanges) {
            if let range { record.entry.content?.htmlText.moveToFile(file, range: range) }
        }
        return file
    }

    static func shard(of path: String) -> Int {
        var fingerprint = Fingerprint()
        fingerprint.combine(path)
        return Int(fingerprint.value % UInt64(shardCount))
    }

    private static func fileName(_ shard: Int) -> String {
        shard < 10 ? "0\(shard)" : "\(shard)"
    }

    /// The bytes of a cache file holding `records`, and where each record's
    /// HTML lies in them (nil: a record without rendered content).
    static func encodeNotingHTML(_ records: [CachedEntry], key: UInt64) -> (bytes: [UInt8], html: [Range<Int>?]) {
        // Room for every record's HTML and about a kilobyte of the rest,
        // so the buffer is rarely grown (each growth copies it whole).
        let capacity = records.reduce(64) { total, record in
            total + 1024 + (record.entry.content.map { $0.htmlText.utf8Count + $0.summaryHTML.utf8.count } ?? 0)
        }
        var file = ByteWriter(capacity: capacity)
        file.bytes += magic
        file.write(key)
        file.write(count: records.count)
        let html = records.map { file.write($0) }
        return (file.takeSealedBytes(), html)
    }

    /// The records of a cache file's bytes; the records' HTML keeps using
    /// `bytes` rather than a copy.
    static func decode(_ bytes: SharedBytes, key: UInt64) throws(MalformedCache) -> [CachedEntry] {
        guard let payloadCount = Checksum.payloadCount(of: bytes.buffer) else { throw MalformedCache() }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: bytes.buffer[0..<payloadCount]))
        try reader.skip(magic)
        guard try reader.readUInt64() == key else { throw MalformedCache() }
        let records = try reader.readList { reader throws(MalformedCache) in try reader.readCachedEntry(owner: bytes) }
        guard reader.isAtEnd else { throw MalformedCache() }
        return records
    }
}

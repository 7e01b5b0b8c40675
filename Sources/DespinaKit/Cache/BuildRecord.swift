import Bytes
import Foundation

/// What the last build of a site into one output folder was made from, so
/// that a build with nothing changed can stop after looking at the files:
/// a digest of every input (tool, options, configuration, theme, the size
/// and time of each content file), the output generation it produced, its
/// summary and warnings, and the moment a post dated in the future becomes
/// due (then the site changes without any file changing).
struct BuildRecord: Sendable, Equatable {
    var inputs: UInt64
    /// The identifier of the output manifest the build committed.
    var manifest: String
    var postCount: Int
    var pageCount: Int
    var fileCount: Int
    /// Drafts and future posts the build left out.
    var leftOut = BuildSummary.LeftOut()
    var warnings: [Diagnostic]
    /// Seconds since 1970 when the earliest left-out future post is due.
    var nextDue: Double?

    private static let magic = Array("despina-build-record 3\n".utf8)

    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes += Self.magic
        writer.write(inputs)
        writer.write(manifest)
        writer.write(postCount)
        writer.write(pageCount)
        writer.write(fileCount)
        writer.write(leftOut.drafts)
        writer.write(leftOut.futurePosts)
        writer.write(warnings) { $0.write($1) }
        writer.write(nextDue != nil)
        if let nextDue { writer.write(nextDue.bitPattern) }
        return writer.takeSealedBytes()
    }
}

extension BuildRecord {
    /// Reads a record written by `encoded()`; nil when damaged or foreign.
    init?(bytes: [UInt8]) {
        guard let payload = Checksum.opening(bytes),
              let record = try? ByteReader.read(payload, { reader throws(MalformedCache) in
                  try reader.skip(Self.magic)
                  let record = BuildRecord(
                      inputs: try reader.readUInt64(), manifest: try reader.readString(), postCount: try reader.readInt(),
                      pageCount: try reader.readInt(), fileCount: try reader.readInt(),
                      leftOut: BuildSummary.LeftOut(drafts: try reader.readInt(), futurePosts: try reader.readInt()),
                      warnings: try reader.readDiagnostics(),
                      nextDue: try reader.readBool() ? Double(bitPattern: try reader.readUInt64()) : nil)
                  guard reader.isAtEnd else { throw MalformedCache() }
                  return record
              })
        else { return nil }
        self = record
    }
}

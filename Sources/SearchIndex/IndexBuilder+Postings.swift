import Bytes

/// The posting lists of the last build, kept with a saved builder: a build
/// that replaced a few documents by others with the same identifiers (an
/// edit) patches the lists of their terms instead of making every list
/// again. They are used only while the documents' order and the fields'
/// average lengths are those they were made with.
struct PostingsMemory: Sendable, Equatable {
    /// The average length of each field (rounded, at least 1).
    var averages: [Double]
    /// A digest of the documents' identifiers in the index's order.
    var orderDigest: UInt64
    /// The version of the document at each position.
    var versions: [UInt64]
    /// The encoded posting list of each term number (empty: none).
    var lists: [[UInt8]]
    /// How many documents' postings were patched into the lists of an
    /// earlier build to make these (0: every list was made); not saved.
    var patchedDocuments = 0
}

/// The framing of numbers and texts in the index's digests.
extension FNV1a64 {
    /// The number's eight bytes, least significant first.
    mutating func combine(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { combine(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    /// The text's length, then its bytes.
    mutating func combine(_ text: String) {
        combine(UInt64(text.utf8.count))
        for byte in text.utf8 { combine(byte) }
    }
}

extension IndexBuilder {
    /// The posting list of every term number for `documents` (in the
    /// index's order), and the memory of them for the next build. The
    /// lists of `memory` are patched when it fits: the same documents in
    /// the same order, the same average lengths, and few documents
    /// replaced, each found in `replaced` in the version the memory holds.
    static func postingLists(
        _ documents: [CompactDocument], termCount: Int, memory: PostingsMemory?,
        replaced: [String: CompactDocument]
    ) -> PostingsMemory {
        let averages = averageLengths(documents)
        var order = FNV1a64()
        for document in documents { order.combine(document.stored.id) }
        let versions = documents.map(\.version)
        if let memory, memory.averages == averages, memory.orderDigest == order.value,
           memory.versions.count == documents.count, memory.lists.count <= termCount,
           let (lists, count) = patched(
               memory, documents: documents, versions: versions, termCount: termCount, replaced: replaced)
        {
            return PostingsMemory(
                averages: averages, orderDigest: order.value, versions: versions, lists: lists, patchedDocuments: count)
        }
        var lists = [[UInt8]](repeating: [], count: termCount)
        var previous = [Int](repeating: -1, count: termCount)
        for (ordinal, document) in documents.enumerated() {
            forEachPosting(of: document, averages: averages) { term, frequency in
                VarintCodec.append(ordinal - previous[term] - 1, to: &lists[term])
                VarintCodec.append(frequency - 1, to: &lists[term])
                previous[term] = ordinal
            }
        }
        return PostingsMemory(averages: averages, orderDigest: order.value, versions: versions, lists: lists)
    }

    /// The average length of each field, rounded, so that one more
    /// document rarely changes every frequency; at least 1.
    private static func averageLengths(_ documents: [CompactDocument]) -> [Double] {
        var averages = [Double](repeating: 1, count: Field.count)
        guard !documents.isEmpty else { return averages }
        for field in 0..<Field.count {
            let total = documents.reduce(0) { $0 + $1.fieldLengths[field] }
            averages[field] = max(1, (Double(total) / Double(documents.count)).rounded())
        }
        return averages
    }

    /// Calls `body` with each term number of `document`, in its order, and
    /// the term's weighted frequency in tenths (at least 1).
    @inline(__always)
    private static func forEachPosting(
        of document: CompactDocument, averages: [Double], _ body: (_ term: Int, _ frequency: Int) -> Void
    ) {
        let fieldCount = Field.count
        var norms = [Double](repeating: 1, count: fieldCount)
        for field in 0..<fieldCount {
            norms[field] = 1 - Ranking.b + Ranking.b * Double(document.fieldLengths[field]) / averages[field]
        }
        var offset = 0
        for term in document.terms {
            let mask = document.counts[offset]
            offset += 1
            var weighted = 0.0
            for field in 0..<fieldCount where mask & (1 << UInt8(field)) != 0 {
                let count = readCount(document.counts, at: &offset)
                weighted += fieldWeights[field] * Double(count) / norms[field]
            }
            body(Int(term), max(1, Int((weighted * Ranking.scale).rounded())))
        }
    }

    private static let fieldWeights = Field.allCases.map(\.weight)

    /// `memory`'s lists with the postings of the replaced documents taken
    /// out and those of their new versions put in; nil when a replaced
    /// document's old version is not known, or when so many changed that
    /// making every list is as quick.
    private static func patched(
        _ memory: PostingsMemory, documents: [CompactDocument], versions: [UInt64], termCount: Int,
        replaced: [String: CompactDocument]
    ) -> (lists: [[UInt8]], documents: Int)? {
        // Each changed position with the version the memory holds of it.
        var changed: [(ordinal: Int, old: CompactDocument)] = []
        for ordinal in versions.indices where versions[ordinal] != memory.versions[ordinal] {
            guard (changed.count + 1) * 8 <= documents.count,
                  let old = replaced[documents[ordinal].stored.id], old.version == memory.versions[ordinal]
            else { return nil }
            changed.append((ordinal, old))
        }
        // Per term: the new posting at each changed position (nil: none).
        var edits: [Int: [Int: Int?]] = [:]
        for (ordinal, old) in changed {
            for term in old.terms { edits[Int(term), default: [:]][ordinal] = .some(nil) }
            forEachPosting(of: documents[ordinal], averages: memory.averages) { term, frequency in
                edits[term, default: [:]][ordinal] = frequency
            }
        }
        var lists = memory.lists
        if lists.count < termCount { lists += [[UInt8]](repeating: [], count: termCount - lists.count) }
        for (term, edit) in edits {
            let ordered = edit.keys.sorted().map { (ordinal: $0, frequency: edit[$0] ?? nil) }
            guard term < lists.count, let list = patchedList(lists[term], with: ordered) else { return nil }
            lists[term] = list
        }
        return (lists, changed.count)
    }

    /// `list` with the posting at each of `edits`' positions (in
    /// increasing order) replaced, added or taken out (a nil frequency).
    /// Only the postings up to the last edit are decoded; the rest are
    /// copied, but for the gap of the first of them. Nil when the list is
    /// malformed.
    private static func patchedList(_ list: [UInt8], with edits: [(ordinal: Int, frequency: Int?)]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(list.count + 8 * edits.count)
        var offset = 0
        var read = -1
        var written = -1
        var next = 0
        func write(_ ordinal: Int, _ frequency: Int) {
            VarintCodec.append(ordinal - written - 1, to: &output)
            VarintCodec.append(frequency - 1, to: &output)
            written = ordinal
        }
        func writeEdits(before ordinal: Int) {
            while next < edits.count && edits[next].ordinal < ordinal {
                if let frequency = edits[next].frequency { write(edits[next].ordinal, frequency) }
                next += 1
            }
        }
        while offset < list.count {
            guard let gap = VarintCodec.read(list, at: &offset), let frequency = VarintCodec.read(list, at: &offset)
            else { return nil }
            let ordinal = read + gap + 1
            read = ordinal
            writeEdits(before: ordinal)
            if next < edits.count && edits[next].ordinal == ordinal {
                if let replacement = edits[next].frequency { write(ordinal, replacement) }
                next += 1
            } else {
                write(ordinal, frequency + 1)
            }
            if next == edits.count && written == read {
                // The postings after the last edit keep their gaps.
                output.append(contentsOf: list[offset...])
                return output
            }
        }
        writeEdits(before: Int.max)
        return output
    }
}

extension IndexBuilder {
    /// The posting lists of the last build, as bytes for
    /// `restorePostings(from:)`; nil before the first build.
    public func encodedPostings() -> [UInt8]? {
        postingsMemory?.encoded()
    }

    /// Takes back the posting lists saved with this builder (by
    /// `encodedPostings()`), for the next build to patch; bytes that are
    /// damaged or do not fit the builder are ignored (that build makes
    /// every list).
    public mutating func restorePostings(from bytes: [UInt8]) {
        guard let memory = PostingsMemory(bytes: bytes), memory.lists.count <= termNames.count,
              memory.versions.count == documents.count
        else { return }
        postingsMemory = memory
        replaced = [:]
    }
}

extension PostingsMemory {
    private static let magic = Array("despina-index-postings 1\n".utf8)

    /// The memory as bytes for `init(bytes:)`.
    func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: lists.reduce(64 + versions.count * 10) { $0 + $1.count + 4 })
        writer.bytes += Self.magic
        writer.write(averages) { $0.write($1.bitPattern) }
        writer.write(orderDigest)
        writer.write(versions) { $0.write($1) }
        writer.write(lists) { $0.write(bytes: $1) }
        return writer.bytes
    }

    /// A memory read back from `encoded()`; nil when malformed.
    init?(bytes: [UInt8]) {
        guard let memory = try? ByteReader.read(bytes, { reader throws(MalformedBytes) in
            try reader.skip(Self.magic)
            let memory = PostingsMemory(
                averages: try reader.readList { reader throws(MalformedBytes) in Double(bitPattern: try reader.readUInt64()) },
                orderDigest: try reader.readUInt64(),
                versions: try reader.readList { reader throws(MalformedBytes) in try reader.readUInt64() },
                lists: try reader.readList { reader throws(MalformedBytes) in try reader.readBytes() })
            guard memory.averages.count == Field.count, reader.isAtEnd else { throw MalformedBytes() }
            return memory
        })
        else { return nil }
        self = memory
    }
}

import Bytes
import Dispatch

/// A builder saved between builds: its tables of terms and words and its
/// documents, in parts chosen by a hash of each document's identifier, so
/// that a build that changed a few documents rewrites a few parts.
extension IndexBuilder {
    /// How many parts the documents are saved in.
    public static let stateParts = 16

    /// The part that holds the document with identifier `id`.
    public static func statePart(of id: String) -> Int {
        Int(IndexFormat.hash(id) % UInt32(stateParts))
    }

    /// The identifiers of the documents, with the version each was added with.
    public var versions: [String: UInt64] {
        var result: [String: UInt64] = [:]
        for (id, slot) in slots { result[id] = documents[slot].version }
        return result
    }

    /// The version the document with identifier `id` was added with; nil
    /// when there is none.
    public func version(of id: String) -> UInt64? {
        slots[id].map { documents[$0].version }
    }

    /// The identifiers of the documents, in no particular order.
    public var identifiers: Dictionary<String, Int>.Keys { slots.keys }

    /// Removes the document with identifier `id`, if there is one.
    public mutating func remove(_ id: String) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        noteReplacement(of: documents[slot])
        let last = documents.count - 1
        if slot != last {
            documents[slot] = documents[last]
            slots[documents[slot].stored.id] = slot
        }
        documents.removeLast()
        removedSinceCompaction += 1
    }

    /// Whether so many documents were removed that the tables are mostly
    /// terms no document uses; then `compacted()` is worth its time.
    public var needsCompaction: Bool { removedSinceCompaction > max(64, documents.count / 4) }

    /// The same documents in a builder whose tables hold only their terms.
    public func compacted() -> IndexBuilder {
        var fresh = IndexBuilder()
        for id in slots.keys.sorted() {
            guard let slot = slots[id], let document = document(withID: id) else { continue }
            fresh.add(document, version: documents[slot].version)
        }
        return fresh
    }

    /// How many terms and words the tables hold (they only grow, until
    /// `compacted()`).
    public var tableSize: Int { termNames.count + wordNames.count }

    /// The tables of terms and words, as bytes for `init(tables:parts:)`.
    public func encodedTables() -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes += Self.stateMagic
        writer.write(count: removedSinceCompaction)
        writer.write(termNames)
        writer.write(wordNames)
        return writer.bytes
    }

    /// The documents of part `part`, as bytes for `init(tables:parts:)`.
    public func encodedPart(_ part: Int) -> [UInt8] {
        encodedPart(identifiers: slots.keys.filter { Self.statePart(of: $0) == part })
    }

    /// Each of `parts` with its documents as bytes for `init(tables:parts:)`;
    /// every identifier is hashed once, not once per part. The parts are
    /// shared among `threads` threads, each encoding one part at a time and
    /// handing it to `body` (called from those threads), so that no more
    /// than `threads` encoded parts are held at once.
    public func forEachEncodedPart(
        _ parts: some Sequence<Int>, threads: Int = 1, _ body: @Sendable (_ part: Int, _ bytes: [UInt8]) -> Void
    ) {
        var grouped = [[String]](repeating: [], count: Self.stateParts)
        for id in slots.keys { grouped[Self.statePart(of: id)].append(id) }
        let identifiers = grouped
        let parts = parts.filter(identifiers.indices.contains)
        let threads = max(1, min(threads, parts.count))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: parts.count, by: threads) {
                body(parts[index], encodedPart(identifiers: identifiers[parts[index]]))
            }
        }
    }

    private func encodedPart(identifiers: [String]) -> [UInt8] {
        // Room for every document, so that megabytes are not copied each
        // time the buffer would have doubled (room never written to costs
        // no memory): the texts and up to five bytes per number.
        var writer = ByteWriter(capacity: identifiers.reduce(64) { total, id in
            guard let slot = slots[id] else { return total }
            let document = documents[slot]
            let stored = document.stored
            let texts = stored.id.utf8.count + stored.url.utf8.count + stored.title.utf8.count
                + stored.description.utf8.count + (stored.dateText?.utf8.count ?? 0) + 256
            let numbers = document.fieldLengths.count + document.terms.count + document.vocabulary.count
            return total + texts + document.counts.count + 5 * numbers
        })
        writer.bytes += Self.stateMagic
        writer.write(count: identifiers.count)
        for index in byteOrder(of: identifiers) {
            guard let slot = slots[identifiers[index]] else { continue }
            let document = documents[slot]
            let stored = document.stored
            // Six texts, as a list (`write(_: [String])`) without making one.
            writer.write(count: 6)
            writer.write(stored.id)
            writer.write(stored.url)
            writer.write(stored.title)
            writer.write(stored.section)
            writer.write(stored.language)
            writer.write(stored.description)
            // The date as shown; the text key is the identifier's hash.
            writer.write(stored.dateText)
            writer.write(stored.date)
            writer.write(stored.thumbnail)
            writer.write(stored.tags)
            writer.write(document.dateKey)
            writer.write(document.fieldLengths) { $0.write(count: $1) }
            writer.write(document.terms) { $0.write(UInt64($1)) }
            writer.write(bytes: document.counts)
            writer.write(document.vocabulary) { $0.write(UInt64($1)) }
            writer.write(document.version)
        }
        return writer.bytes
    }

    /// A builder read back from its tables and all of its parts; nil when
    /// any of them is damaged or does not fit the tables.
    public init?(tables: [UInt8], parts: [[UInt8]]) {
        self.init()
        guard parts.count == Self.stateParts, (try? read(tables: tables, parts: parts)) != nil else { return nil }
    }

    private mutating func read(tables: [UInt8], parts: [[UInt8]]) throws(MalformedBytes) {
        try ByteReader.read(tables) { reader throws(MalformedBytes) in
            try reader.skip(Self.stateMagic)
            removedSinceCompaction = try reader.readUnsigned()
            termNames = try reader.readStrings()
            wordNames = try reader.readStrings()
            guard reader.isAtEnd else { throw MalformedBytes() }
        }
        func table(of names: [String]) -> ByteTable {
            var table = ByteTable(capacity: names.count)
            for name in names { var name = name; _ = name.withUTF8 { table.insert($0) } }
            return table
        }
        termTable = table(of: termNames)
        wordTable = table(of: wordNames)
        // A name saved twice would take one number for two.
        guard termTable.count == termNames.count, wordTable.count == wordNames.count else { throw MalformedBytes() }
        for (part, bytes) in parts.enumerated() {
            try ByteReader.read(bytes) { reader throws(MalformedBytes) in
                try reader.skip(Self.stateMagic)
                for _ in 0..<(try reader.readUnsigned()) { try readDocument(&reader, part: part) }
                guard reader.isAtEnd else { throw MalformedBytes() }
            }
        }
    }

    private mutating func readDocument(_ reader: inout ByteReader, part: Int) throws(MalformedBytes) {
        // Six texts, read one by one rather than as a list.
        guard try reader.readUnsigned() == 6 else { throw MalformedBytes() }
        let id = try reader.readString(), url = try reader.readString(), title = try reader.readString()
        let section = try reader.readString(), language = try reader.readString()
        let description = try reader.readString(), dateText = try reader.readOptionalString()
        let date = try reader.readOptionalString(), thumbnail = try reader.readOptionalString()
        let tags = try reader.readStrings(), dateKey = try reader.readInt()
        let fieldLengths = try reader.readList { reader throws(MalformedBytes) in try reader.readUnsigned() }
        let termList = try reader.readNumbers32(below: UInt64(termNames.count))
        let counts = try reader.readBytes(), vocabulary = try reader.readNumbers32(below: UInt64(UInt32.max))
        let version = try reader.readUInt64()
        guard fieldLengths.count == Field.count, Self.statePart(of: id) == part, slots[id] == nil,
              vocabulary.count % 2 == 0
        else { throw MalformedBytes() }
        for index in stride(from: 0, to: vocabulary.count, by: 2)
        where vocabulary[index] >= wordNames.count || vocabulary[index + 1] >= termList.count {
            throw MalformedBytes()
        }
        let document = CompactDocument(
            stored: StoredDocument(
                id: id, url: url, title: title, date: date, section: section, language: language, tags: tags,
                thumbnail: thumbnail, description: description, textKey: DocumentText.key(forID: id),
                dateText: dateText),
            dateKey: dateKey, fieldLengths: fieldLengths, terms: termList, counts: counts,
            vocabulary: vocabulary, version: version)
        guard Self.countsFit(document) else { throw MalformedBytes() }
        slots[id] = documents.count
        documents.append(document)
    }

    private static let stateMagic = Array("despina-index-state 2\n".utf8)
}

extension ByteReader {
    /// A list of numbers each below `limit`, kept in 32 bits.
    mutating func readNumbers32(below limit: UInt64) throws(MalformedBytes) -> [UInt32] {
        try readList { reader throws(MalformedBytes) in
            let value = try reader.readUInt64()
            guard value < limit, let number = UInt32(exactly: value) else { throw MalformedBytes() }
            return number
        }
    }
}

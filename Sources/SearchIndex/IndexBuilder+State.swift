import Bytes

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
        var writer = StateWriter()
        writer.bytes(Self.stateMagic)
        writer.number(removedSinceCompaction)
        writer.strings(termNames)
        writer.strings(wordNames)
        return writer.output
    }

    /// The documents of part `part`, as bytes for `init(tables:parts:)`.
    public func encodedPart(_ part: Int) -> [UInt8] {
        encodedPart(identifiers: slots.keys.filter { Self.statePart(of: $0) == part })
    }

    /// Each of `parts` with its documents as bytes for `init(tables:parts:)`,
    /// one part at a time; every identifier is hashed once, not once per part.
    public func forEachEncodedPart(_ parts: some Sequence<Int>, _ body: (_ part: Int, _ bytes: [UInt8]) -> Void) {
        var identifiers = [[String]](repeating: [], count: Self.stateParts)
        for id in slots.keys { identifiers[Self.statePart(of: id)].append(id) }
        for part in parts where identifiers.indices.contains(part) {
            body(part, encodedPart(identifiers: identifiers[part]))
        }
    }

    private func encodedPart(identifiers: [String]) -> [UInt8] {
        var writer = StateWriter()
        // Room for every document, so that megabytes are not copied each
        // time the buffer would have doubled (room never written to costs
        // no memory): the texts and up to five bytes per number.
        writer.output.reserveCapacity(identifiers.reduce(64) { total, id in
            guard let slot = slots[id] else { return total }
            let document = documents[slot]
            let stored = document.stored
            let texts = stored.id.utf8.count + stored.url.utf8.count + stored.title.utf8.count
                + stored.description.utf8.count + (stored.dateText?.utf8.count ?? 0) + 256
            let numbers = document.fieldLengths.count + document.terms.count + document.vocabulary.count
            return total + texts + document.counts.count + 5 * numbers
        })
        writer.bytes(Self.stateMagic)
        writer.number(identifiers.count)
        for index in byteOrder(of: identifiers) {
            guard let slot = slots[identifiers[index]] else { continue }
            let document = documents[slot]
            let stored = document.stored
            // Six texts, as a list (`strings`) without making one.
            writer.number(6)
            writer.string(stored.id)
            writer.string(stored.url)
            writer.string(stored.title)
            writer.string(stored.section)
            writer.string(stored.language)
            writer.string(stored.description)
            // The date as shown; the text key is the identifier's hash.
            writer.optional(stored.dateText)
            writer.optional(stored.date)
            writer.optional(stored.thumbnail)
            writer.strings(stored.tags)
            writer.signed(document.dateKey)
            writer.numbers(document.fieldLengths)
            writer.numbers(document.terms)
            writer.number(document.counts.count)
            writer.output += document.counts
            writer.numbers(document.vocabulary)
            writer.number64(document.version)
        }
        return writer.output
    }

    /// A builder read back from its tables and all of its parts; nil when
    /// any of them is damaged or does not fit the tables.
    public init?(tables: [UInt8], parts: [[UInt8]]) {
        self.init()
        guard parts.count == Self.stateParts else { return nil }
        var reader = StateReader(tables)
        guard reader.bytes(Self.stateMagic.count) == Self.stateMagic,
              let removed = reader.number(), let terms = reader.strings(), let words = reader.strings(), reader.isAtEnd
        else { return nil }
        removedSinceCompaction = removed
        termNames = terms
        wordNames = words
        for (index, name) in terms.enumerated() { termNumbers[name] = UInt32(index) }
        for (index, name) in words.enumerated() { wordNumbers[name] = UInt32(index) }
        guard termNumbers.count == terms.count, wordNumbers.count == words.count else { return nil }
        for (part, bytes) in parts.enumerated() {
            var reader = StateReader(bytes)
            guard reader.bytes(Self.stateMagic.count) == Self.stateMagic, let count = reader.number() else { return nil }
            for _ in 0..<count {
                // Six texts, read one by one rather than as a list.
                guard reader.number() == 6, let id = reader.string(), let url = reader.string(),
                      let title = reader.string(), let section = reader.string(), let language = reader.string(),
                      let description = reader.string(), let dateText = reader.optional(),
                      let date = reader.optional(), let thumbnail = reader.optional(), let tags = reader.strings(),
                      let dateKey = reader.signed(),
                      let fieldLengths = reader.numbers(), fieldLengths.count == Field.count,
                      let termList = reader.numbers32(below: terms.count), let countSize = reader.number(),
                      let counts = reader.bytes(countSize), let vocabulary = reader.numbers32(below: UInt32.max),
                      let version = reader.number64(),
                      Self.statePart(of: id) == part, slots[id] == nil,
                      vocabulary.count % 2 == 0
                else { return nil }
                var index = 0
                while index < vocabulary.count {
                    guard vocabulary[index] < words.count, vocabulary[index + 1] < termList.count else { return nil }
                    index += 2
                }
                let document = CompactDocument(
                    stored: StoredDocument(
                        id: id, url: url, title: title, date: date.value, section: section,
                        language: language, tags: tags, thumbnail: thumbnail.value, description: description,
                        textKey: DocumentText.key(forID: id), dateText: dateText.value),
                    dateKey: dateKey, fieldLengths: fieldLengths, terms: termList, counts: counts,
                    vocabulary: vocabulary, version: version)
                guard Self.countsFit(document) else { return nil }
                slots[id] = documents.count
                documents.append(document)
            }
            guard reader.isAtEnd else { return nil }
        }
    }

    private static let stateMagic = Array("despina-index-state 2\n".utf8)
}

/// Writes the numbers and strings of a saved builder.
struct StateWriter {
    var output: [UInt8] = []

    mutating func bytes(_ bytes: [UInt8]) { output += bytes }

    mutating func number64(_ value: UInt64) { SevenBitCodec.append(value, to: &output) }

    mutating func number(_ value: Int) { number64(UInt64(max(value, 0))) }

    mutating func signed(_ value: Int) { number64(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))) }

    mutating func numbers(_ values: [Int]) {
        number(values.count)
        for value in values { number(value) }
    }

    mutating func numbers(_ values: [UInt32]) {
        number(values.count)
        for value in values { number64(UInt64(value)) }
    }

    mutating func string(_ value: String) {
        number(value.utf8.count)
        output.append(contentsOf: value.utf8)
    }

    mutating func strings(_ values: [String]) {
        number(values.count)
        for value in values { string(value) }
    }

    mutating func optional(_ value: String?) {
        output.append(value == nil ? 0 : 1)
        if let value { string(value) }
    }
}

/// Reads what `StateWriter` wrote; nil on any malformed or short value.
struct StateReader {
    private let input: [UInt8]
    private var offset = 0

    init(_ input: [UInt8]) { self.input = input }

    var isAtEnd: Bool { offset == input.count }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, count <= input.count - offset else { return nil }
        defer { offset += count }
        return Array(input[offset..<offset + count])
    }

    mutating func number64() -> UInt64? { SevenBitCodec.read(input, at: &offset) }

    mutating func number() -> Int? {
        guard let value = number64(), value <= UInt64(Int.max) else { return nil }
        return Int(value)
    }

    mutating func signed() -> Int? {
        guard let raw = number64() else { return nil }
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    mutating func numbers() -> [Int]? { list { $0.number() } }

    /// A list of numbers each below `limit`, kept in 32 bits.
    mutating func numbers32(below limit: some BinaryInteger) -> [UInt32]? {
        list { reader in
            guard let value = reader.number64(), value < limit, value <= UInt64(UInt32.max) else { return nil }
            return UInt32(value)
        }
    }

    /// A string decoded from the input in place (no copy of its bytes first).
    mutating func string() -> String? {
        guard let count = number(), count <= input.count - offset else { return nil }
        defer { offset += count }
        return String(decoding: input[offset..<offset + count], as: UTF8.self)
    }

    mutating func strings() -> [String]? { list { $0.string() } }

    /// A count, then that many values, each read by `element`.
    private mutating func list<Element>(_ element: (inout StateReader) -> Element?) -> [Element]? {
        guard let count = number(), count <= input.count - offset else { return nil }
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = element(&self) else { return nil }
            values.append(value)
        }
        return values
    }

    /// An optional string; the outer optional is nil when malformed.
    mutating func optional() -> (value: String?, Void)? {
        guard offset < input.count else { return nil }
        let flag = input[offset]
        offset += 1
        switch flag {
        case 0: return (nil, ())
        case 1: return string().map { ($0, ()) }
        default: return nil
        }
    }
}

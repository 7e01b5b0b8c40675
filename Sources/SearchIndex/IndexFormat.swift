import Bytes

/// Constants and encodings of the on-disk format (see docs/search-index.md).
enum IndexFormat {
    /// Format version written to and required from the entry file.
    static let version = 2
    /// Name of the entry file inside the index folder.
    static let entryFile = "index.json"
    static let facetsFile = "facets.json"
    static let datesFile = "dates.json"
    /// Terms holding the exact accented form of a word start with this.
    static let exactPrefix = "="
    /// Stems end with this and a language code: `closur~en`.
    static let stemSeparator = "~"

    /// The stem of a term without its language (`closur~en` → `closur`).
    static func stemText(_ term: String) -> Substring {
        term.split(separator: "~", maxSplits: 1, omittingEmptySubsequences: false).first ?? Substring(term)
    }
    /// Target size of a vocabulary or postings piece, in bytes.
    static let pieceTarget = 24_000
    /// Documents per chunk the builder aims for: a result shown reads its
    /// chunk, so a small one keeps what a query downloads small.
    static let documentsPerChunk = 10
    /// Largest number of document chunks.
    static let maximumChunks = 8192

    /// The order of terms and words in the index: by Unicode scalar value
    /// (the same as UTF-8 byte order), which the browser reproduces.
    static func precedes(_ a: String, _ b: String) -> Bool {
        precedesByBytes(a, b)
    }

    static func vocabularyFile(_ name: String) -> String { "v/\(name).json" }
    static func postingsFile(_ name: String) -> String { "p/\(name).json" }
    static func chunkFile(_ number: Int) -> String { "d/\(number).json" }
    static func facetFile(_ name: String) -> String { "f/\(name).json" }

    /// 32-bit FNV-1a hash of the UTF-8 bytes: stable across builds and
    /// platforms, used to name pieces and to place documents in chunks.
    static func hash(_ text: String) -> UInt32 {
        FNV1a32.hash(text.utf8)
    }

    /// Eight lowercase hex digits of the hash of `text`.
    static func hashName(_ text: String) -> String {
        let hex = String(hash(text), radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The number of document chunks for `count` documents: a power of two,
    /// so that chunk assignment changes only when the site crosses a size.
    static func chunkCount(forDocuments count: Int) -> Int {
        var chunks = 1
        while chunks < maximumChunks && count > chunks * documentsPerChunk { chunks *= 2 }
        return chunks
    }
}

/// Unsigned integers written as base64url characters, five bits per
/// character, least significant group first; a character value of 32 or
/// more means another character follows.
enum VarintCodec {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(index) }
        return table
    }()

    /// Appends `value` (≥ 0) to `output`.
    static func append(_ value: Int, to output: inout [UInt8]) {
        var rest = max(value, 0)
        repeat {
            let group = rest & 31
            rest >>= 5
            output.append(alphabet[group | (rest > 0 ? 32 : 0)])
        } while rest > 0
    }

    /// Reads one integer of `text` at `offset`, advancing it past the
    /// integer; nil at the end, or when a foreign character or the end
    /// comes inside the integer.
    static func read<Text: RandomAccessCollection<UInt8>>(_ text: Text, at offset: inout Int) -> Int?
        where Text.Index == Int
    {
        var value = 0
        var shift = 0
        while offset < text.count {
            let byte = text[offset]
            offset += 1
            guard byte < 128, shift <= 55 else { return nil }
            let digit = Int(values[Int(byte)])
            guard digit >= 0 else { return nil }
            value |= (digit & 31) << shift
            if digit < 32 { return value }
            shift += 5
        }
        return nil
    }

    /// Decodes all integers of `text`; nil if it holds a foreign character
    /// or ends inside a number.
    static func decode(_ text: String) -> [Int]? {
        var text = text
        return text.withUTF8 { bytes in
            var result: [Int] = []
            var offset = 0
            while offset < bytes.count {
                guard let value = read(bytes, at: &offset) else { return nil }
                result.append(value)
            }
            return result
        }
    }
}

/// Sets of document ordinals (facet values): a list of gaps, or, when
/// shorter, `*` followed by a bitset, six ordinals per character.
enum OrdinalSetCodec {
    static func encode(_ ordinals: [Int]) -> String {
        var gaps: [UInt8] = []
        var previous = -1
        for ordinal in ordinals {
            VarintCodec.append(ordinal - previous - 1, to: &gaps)
            previous = ordinal
        }
        let bitsetLength = (ordinals.last.map { $0 / 6 + 1 } ?? 0) + 1
        guard bitsetLength < gaps.count else { return String(decoding: gaps, as: UTF8.self) }
        var groups = [Int](repeating: 0, count: bitsetLength - 1)
        for ordinal in ordinals { groups[ordinal / 6] |= 1 << (ordinal % 6) }
        return "*" + String(decoding: groups.map { VarintCodec.alphabet[$0] }, as: UTF8.self)
    }

    static func decode(_ text: String) -> Set<Int>? {
        var result = Set<Int>()
        if text.hasPrefix("*") {
            for (index, byte) in text.utf8.dropFirst().enumerated() {
                guard let value = VarintCodec.alphabet.firstIndex(of: byte) else { return nil }
                for bit in 0..<6 where value & (1 << bit) != 0 { result.insert(index * 6 + bit) }
            }
            return result
        }
        guard let gaps = VarintCodec.decode(text) else { return nil }
        var ordinal = -1
        for gap in gaps {
            ordinal += gap + 1
            result.insert(ordinal)
        }
        return result
    }
}

/// The entry file: everything a query needs to find the pieces it reads.
struct IndexEntry: Codable, Sendable {
    struct RankingParameters: Codable, Sendable {
        var k1: Double
        var scale: Double
    }
    var format: String
    var version: Int
    var documents: Int
    var ranking: RankingParameters
    /// Vocabulary pieces: first word of each piece and the piece's name
    /// (the file is `v/<name>.json`).
    var vocabulary: [[String]]
    /// Postings pieces: first term of each piece and the piece's name
    /// (the file is `p/<name>.json`).
    var postings: [[String]]
    /// The number of documents in each chunk, by chunk number, as varints
    /// (chunk `n` is the file `d/<n>.json`; an empty chunk has no file).
    var chunks: String
    var facets: String
    var dates: String
}


/// A vocabulary piece: folded surface words and their terms.
struct VocabularyPiece: Codable, Sendable {
    var words: [String: [String]]
}

/// A postings piece: for each term, its encoded (ordinal gap, weighted
/// frequency) pairs.
struct PostingsPiece: Codable, Sendable {
    var terms: [String: String]
}

/// A document chunk.
struct DocumentChunk: Codable, Sendable {
    var documents: [StoredDocument]
}

/// Every facet value, with the name of the file holding its documents
/// (`f/<name>.json`, a `FacetSet`).
struct FacetsFile: Codable, Sendable {
    var languages: [String: String]
    var sections: [String: String]
    var tags: [String: String]
}

/// The documents carrying one facet value, an encoded ordinal set.
struct FacetSet: Codable, Sendable {
    var ordinals: String
}

/// Sort keys for ordering by date, one encoded number per ordinal.
struct DatesFile: Codable, Sendable {
    var minutes: String
}

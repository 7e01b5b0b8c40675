import Bytes
import Foundation

/// The YAML front matter of a Markdown file: the block between a first line
/// `---` and the next line `---` (or `...`).
///
///     let (frontMatter, body, bodyFirstLine) = try FrontMatter.split(source)
///     let title = try frontMatter?.string("title")
///     let tags = try frontMatter?.strings("tags") ?? []
///
/// Keys are looked up without regard to letter case. Unknown keys are not
/// errors; ``keys`` lists them all with their positions so that a caller can
/// warn. Every accessor throws a ``MarkupError`` at the value's line and
/// column when the value has the wrong type.
public struct FrontMatter: Sendable, Hashable {
    /// The values, in the order written.
    public let values: YAMLMapping

    /// Problems that do not stop the file from being read (a key written
    /// twice with the same value), each at its place in the file.
    public let warnings: [MarkupError]

    /// Creates front matter from parsed values.
    public init(values: YAMLMapping, warnings: [MarkupError] = []) {
        self.values = values
        self.warnings = warnings
    }

    /// The keys with their positions in the file, in the order written.
    public var keys: [YAMLMapping.Key] { values.keys }

    /// Splits `source` into its front matter and its Markdown body.
    ///
    /// A UTF-8 byte order mark is skipped and CRLF line endings are
    /// accepted. A file that does not start with `---` has no front matter:
    /// all of it is the body.
    ///
    /// - Returns: The front matter (`nil` when the file has none), the body,
    ///   and the file line on which the body starts.
    /// - Throws: ``MarkupError`` when the block is not closed, is not valid
    ///   YAML, is not a mapping, or repeats a key.
    public static func split(_ source: String) throws(MarkupError)
        -> (frontMatter: FrontMatter?, body: Substring, bodyFirstLine: Int)
    {
        // The lines are found over the contiguous bytes, as offsets.
        var contiguous = source
        let found = contiguous.withUTF8 { bytes in fences(in: bytes) }
        let utf8 = source.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        switch found {
        case .none(let bodyStart):
            return (nil, source[index(bodyStart)...], 1)
        case .unclosed:
            throw MarkupError(
                line: 1, column: 1,
                message: "the front matter that starts here is never closed; add a line '---' after it")
        case .closed(let yaml, let bodyStart, let bodyFirstLine):
            let frontMatter = try parse(yaml: String(source[index(yaml.lowerBound)..<index(yaml.upperBound)]), firstLine: 2)
            return (frontMatter, source[index(bodyStart)...], bodyFirstLine)
        }
    }

    /// Where the front matter's fences are in the UTF-8 of a file.
    private enum Fences {
        /// No front matter: the body starts at this offset (after a byte order mark).
        case none(bodyStart: Int)
        /// An opening fence and no closing one.
        case unclosed
        /// The YAML between the fences, where the body starts and its first line.
        case closed(yaml: Range<Int>, bodyStart: Int, bodyFirstLine: Int)
    }

    private static func fences(in bytes: UnsafeBufferPointer<UInt8>) -> Fences {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let firstLineEnd = lineEnd(in: bytes, from: start),
              isFence(bytes[start..<firstLineEnd.content], closing: false) else {
            return .none(bodyStart: start)
        }
        var lineStart = firstLineEnd.next
        var lineNumber = 2
        while let end = lineEnd(in: bytes, from: lineStart) {
            if isFence(bytes[lineStart..<end.content], closing: true) {
                return .closed(yaml: firstLineEnd.next..<lineStart, bodyStart: end.next, bodyFirstLine: lineNumber + 1)
            }
            lineStart = end.next
            lineNumber += 1
        }
        return .unclosed
    }

    /// Parses `yaml`, front matter without its `---` lines, whose first line
    /// is line `firstLine` of the file.
    public static func parse(yaml: String, firstLine: Int) throws(MarkupError) -> FrontMatter {
        var reader = YAMLReader(firstLine: firstLine)
        guard let root = try reader.read(yaml) else { return FrontMatter(values: YAMLMapping()) }
        switch root.content {
        case .mapping(let mapping):
            return FrontMatter(values: mapping, warnings: reader.repeatedKeys)
        case .null:
            return FrontMatter(values: YAMLMapping())
        default:
            throw MarkupError(
                line: root.line, column: root.column,
                message: "front matter must be keys with values, like 'title: Hello', found \(root.summary)")
        }
    }

    // MARK: - Typed access

    /// The value for `key`, in any letter case.
    public subscript(_ key: String) -> YAMLValue? { values[key] }

    /// See ``YAMLMapping/string(_:)``.
    public func string(_ key: String) throws(MarkupError) -> String? { try values.string(key) }
    /// See ``YAMLMapping/strings(_:)``.
    public func strings(_ key: String) throws(MarkupError) -> [String]? { try values.strings(key) }
    /// See ``YAMLMapping/bool(_:)``.
    public func bool(_ key: String) throws(MarkupError) -> Bool? { try values.bool(key) }
    /// See ``YAMLMapping/int(_:)``.
    public func int(_ key: String) throws(MarkupError) -> Int? { try values.int(key) }
    /// See ``YAMLMapping/int(_:atLeast:)``.
    public func int(_ key: String, atLeast minimum: Int) throws(MarkupError) -> Int? {
        try values.int(key, atLeast: minimum)
    }
    /// See ``YAMLMapping/double(_:)``.
    public func double(_ key: String) throws(MarkupError) -> Double? { try values.double(key) }
    /// See ``YAMLMapping/date(_:timeZone:)``.
    public func date(_ key: String, timeZone: TimeZone) throws(MarkupError) -> Date? {
        try values.date(key, timeZone: timeZone)
    }
    /// See ``YAMLMapping/mapping(_:)``.
    public func mapping(_ key: String) throws(MarkupError) -> YAMLMapping? { try values.mapping(key) }
    /// See ``YAMLMapping/list(_:)``.
    public func list(_ key: String) throws(MarkupError) -> [YAMLValue]? { try values.list(key) }

    // MARK: - Lines

    /// The end of the line starting at `start`: where its content ends
    /// (before `\r\n` or `\n`) and where the next line begins; `nil` at the
    /// end of the text.
    private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (content: Int, next: Int)? {
        guard start < bytes.count else { return nil }
        guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return (bytes.count, bytes.count) }
        let content = newline > start && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
        return (content, newline + 1)
    }

    /// Whether `line` is `---` (or, closing, `...`) with optional trailing
    /// spaces. An opening line may have more dashes (`------`), as Hugo
    /// reads it.
    private static func isFence(_ line: Slice<UnsafeBufferPointer<UInt8>>, closing: Bool) -> Bool {
        // Most lines are keys: their first byte settles it.
        guard let first = line.first, first == UInt8(ascii: "-") || (closing && first == UInt8(ascii: ".")) else { return false }
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        let bytes = line[line.startIndex..<end]
        if bytes.count == 3 && bytes.allSatisfy({ $0 == first }) { return true }
        return !closing && bytes.count > 3 && bytes.allSatisfy { $0 == UInt8(ascii: "-") }
    }
}

import CYaml

/// Reads YAML text into ``YAMLValue``s with libyaml's event parser,
/// reporting positions in the coordinates of the file the YAML came from.
///
/// An alias (`*a`) shares its anchor's value, so the tree stays small, but
/// whoever reads the values (keywords, tags, parameters) reads each copy:
/// 20,000 aliases of a 130 KB string are 2.6 GB of text from a 189 KB
/// file. So the reader counts the values and the scalar bytes the document
/// stands for with its aliases expanded, and stops with an error at the
/// alias that takes either past its limit (``ExpansionLimits``), as libyaml's
/// own document loader and other YAML readers do.
struct YAMLReader {
    /// How far aliases may expand a document: far beyond what front matter
    /// or a configuration needs, far below what exhausts memory.
    struct ExpansionLimits {
        /// The values (scalars, lists and mappings) the document may stand
        /// for: ten times those written, plus 10,000.
        static func values(written: Int) -> Int { 10 * written + 10_000 }
        /// The scalar bytes the document may stand for: ten times the YAML
        /// text's size, and at least 10 MiB.
        static func bytes(textSize: Int) -> Int { max(10 * 1_048_576, 10 * textSize) }
    }

    /// The file line of the YAML text's first line.
    private let firstLine: Int
    private var anchors: [String: YAMLValue] = [:]
    /// The values and scalar bytes each anchor's value stands for.
    private var anchorSizes: [String: (values: Int, bytes: Int)] = [:]
    /// The values written (each scalar, list, mapping and alias event).
    private(set) var writtenValues = 0
    /// The values and scalar bytes read so far with aliases expanded.
    private(set) var expandedValues = 0
    private(set) var expandedBytes = 0
    /// The size of the YAML text, in UTF-8 bytes.
    private var textSize = 0
    /// How many lists and mappings enclose the value being read.
    private var depth = 0
    /// Keys written twice with the same value (`published: true` on two
    /// lines), which Jekyll and Hugo accept: a warning each, not an error,
    /// so that posts copied in from them build.
    private(set) var repeatedKeys: [MarkupError] = []

    /// The deepest nesting of lists and mappings read. Front matter needs a
    /// few levels; reading thousands would recurse until the stack overflows.
    static let maximumDepth = 64

    /// Whether the simplest front matter is read without libyaml
    /// (`SimpleYAMLEvents`); off only to compare the two.
    private let readsSimpleFormsItself: Bool

    init(firstLine: Int, readsSimpleFormsItself: Bool = true) {
        self.firstLine = firstLine
        self.readsSimpleFormsItself = readsSimpleFormsItself
    }

    /// The document of `yaml`, or `nil` when it holds no document (only
    /// comments or nothing).
    mutating func read(_ yaml: String) throws(MarkupError) -> YAMLValue? {
        textSize = yaml.utf8.count
        // Most front matter is a few `key: value` lines: read without
        // libyaml, with the events it would give (`SimpleYAMLEvents`).
        if readsSimpleFormsItself, var events = SimpleYAMLEvents(yaml, firstLine: firstLine) {
            return try document(from: &events)
        }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            throw MarkupError(line: firstLine, column: 1, message: "could not start the YAML parser")
        }
        defer { yaml_parser_delete(parser) }
        var text = yaml
        let result = text.withUTF8 { bytes -> Result<YAMLValue?, MarkupError> in
            yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
            var events = EventSource(parser: parser, text: yaml, firstLine: firstLine)
            do throws(MarkupError) {
                return .success(try document(from: &events))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The document the events begin, or `nil` when they hold none.
    private mutating func document<Events: YAMLEvents>(from events: inout Events) throws(MarkupError) -> YAMLValue? {
        guard case .streamStart = try events.next().event,
              case .documentStart = try events.next().event else { return nil }
        return try node(try events.next(), from: &events)
    }

    /// The value that starts with `start`, reading the events it spans.
    private mutating func node<Events: YAMLEvents>(
        _ start: (event: YAMLEvent, line: Int, column: Int), from events: inout Events
    ) throws(MarkupError) -> YAMLValue {
        let (event, line, column) = start
        switch event {
        case let .scalar(text, isPlain, tag, anchor):
            writtenValues += 1
            expandedValues += 1
            expandedBytes += text.utf8.count
            let value = YAMLValue(
                content: Self.resolve(text, isPlain: isPlain, tag: tag),
                line: line, column: column, sourceText: text)
            if let anchor {
                anchors[anchor] = value
                anchorSizes[anchor] = (1, text.utf8.count)
            }
            return value
        case .sequenceStart(let anchor):
            let start = (values: expandedValues, bytes: expandedBytes)
            try enterCollection(line: line, column: column)
            defer { depth -= 1 }
            var items: [YAMLValue] = []
            while true {
                let next = try events.next()
                if case .sequenceEnd = next.event { break }
                items.append(try node(next, from: &events))
            }
            let value = YAMLValue(content: .list(items), line: line, column: column)
            if let anchor { remember(value, as: anchor, from: start) }
            return value
        case .mappingStart(let anchor):
            let start = (values: expandedValues, bytes: expandedBytes)
            try enterCollection(line: line, column: column)
            defer { depth -= 1 }
            var mapping = YAMLMapping()
            while true {
                let keyEvent = try events.next()
                if case .mappingEnd = keyEvent.event { break }
                guard case .scalar(let name, _, _, _) = keyEvent.event else {
                    throw MarkupError(
                        line: keyEvent.line, column: keyEvent.column,
                        message: "expected a simple key such as 'title', found a list or mapping as a key")
                }
                let key = YAMLMapping.Key(name: name, line: keyEvent.line, column: keyEvent.column)
                writtenValues += 1
                expandedValues += 1
                expandedBytes += name.utf8.count
                let value = try node(try events.next(), from: &events)
                if let first = mapping.add(key: key, value: value) {
                    guard let firstValue = mapping.entry(first.name)?.value, firstValue.hasSameContent(as: value) else {
                        throw MarkupError(
                            line: key.line, column: key.column,
                            message: "duplicate key '\(name)' (first defined on line \(first.line) as '\(first.name)')")
                    }
                    repeatedKeys.append(MarkupError(
                        line: key.line, column: key.column,
                        message: "the key '\(name)' is written again with the same value (first on line \(first.line)); the second is ignored"))
                }
            }
            let value = YAMLValue(content: .mapping(mapping), line: line, column: column)
            if let anchor { remember(value, as: anchor, from: start) }
            return value
        case .alias(let name):
            guard var value = anchors[name], let size = anchorSizes[name] else {
                throw MarkupError(line: line, column: column, message: "unknown alias '*\(name)': no '&\(name)' before it")
            }
            try expand(size, line: line, column: column)
            value.line = line
            value.column = column
            return value
        default:
            throw MarkupError(line: line, column: column, message: "expected a value")
        }
    }

    /// Keeps `value` under `anchor`, with the values and bytes read since
    /// `start`: what the value stands for.
    private mutating func remember(_ value: YAMLValue, as anchor: String, from start: (values: Int, bytes: Int)) {
        anchors[anchor] = value
        anchorSizes[anchor] = (expandedValues - start.values, expandedBytes - start.bytes)
    }

    /// Counts an alias standing for `size`, refusing it when the document
    /// would stand for more than ``ExpansionLimits`` allow.
    private mutating func expand(_ size: (values: Int, bytes: Int), line: Int, column: Int) throws(MarkupError) {
        writtenValues += 1
        expandedValues += size.values
        expandedBytes += size.bytes
        let byteLimit = ExpansionLimits.bytes(textSize: textSize)
        if expandedBytes > byteLimit {
            throw MarkupError(
                line: line, column: column,
                message: "this alias takes the YAML past \(byteLimit) bytes of text with its aliases expanded (ten times "
                    + "its \(textSize) bytes, and at least 10 MiB); an alias may repeat a value a few times, not thousands")
        }
        let valueLimit = ExpansionLimits.values(written: writtenValues)
        if expandedValues > valueLimit {
            throw MarkupError(
                line: line, column: column,
                message: "this alias takes the YAML past \(valueLimit) values with its aliases expanded (ten times "
                    + "the \(writtenValues) written so far, plus 10000); an alias may repeat a value a few times, not thousands")
        }
    }

    /// Counts one more level of nesting, refusing more than ``maximumDepth``.
    private mutating func enterCollection(line: Int, column: Int) throws(MarkupError) {
        guard depth < Self.maximumDepth else {
            throw MarkupError(
                line: line, column: column,
                message: "lists and mappings nest more than \(Self.maximumDepth) levels deep here; flatten the value")
        }
        depth += 1
        writtenValues += 1
        expandedValues += 1
    }

    /// The typed content of a scalar under the YAML 1.2 core schema, with
    /// plain scalars that read as dates typed as dates.
    static func resolve(_ text: String, isPlain: Bool, tag: String?) -> YAMLValue.Content {
        if let tag {
            switch tag {
            case "tag:yaml.org,2002:str": return .string(text)
            case "tag:yaml.org,2002:int": if let number = Int(text) { return .integer(number) }
            case "tag:yaml.org,2002:float": if let number = Double(text) { return .number(number) }
            case "tag:yaml.org,2002:bool": if let flag = boolean(text) { return .bool(flag) }
            case "tag:yaml.org,2002:null": return .null
            default: break
            }
        }
        guard isPlain else { return .string(text) }
        // Null, the booleans, the numbers and dates each start with one of
        // these bytes; any other first byte (most titles, tags and names)
        // makes a string without trying them. The words (null, true, .inf)
        // are five bytes at most, and a letter starts nothing but a word.
        guard let first = text.utf8.first else { return .null }
        let isShort = text.utf8.count <= 5
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"):
            guard isShort else { return .string(text) }
            switch text {
            case "~", "null", "Null", "NULL": return .null
            default: return boolean(text).map { .bool($0) } ?? .string(text)
            }
        case UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return .string(text)
        }
        if isShort {
            switch text {
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
            case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
            case ".nan", ".NaN", ".NAN": return .number(.nan)
            default: break
            }
        }
        if let number = integer(text) { return .integer(number) }
        if isFloat(text), let number = Double(text) { return .number(number) }
        if first >= 0x30 && first <= 0x39, parseDate(text, timeZone: .gmt) != nil {
            return .date(text)
        }
        return .string(text)
    }

    private static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// A decimal integer with an optional sign, or `0x` hexadecimal or `0o`
    /// octal digits; its form is told over the bytes before `Int` reads it.
    private static func integer(_ text: String) -> Int? {
        var utf8Text = text
        let radix: Int? = utf8Text.withUTF8 { bytes in
            if bytes.count >= 2 && bytes[0] == UInt8(ascii: "0") {
                if bytes[1] == UInt8(ascii: "x") { return 16 }
                if bytes[1] == UInt8(ascii: "o") { return 8 }
            }
            let start = bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") ? 1 : 0
            guard start < bytes.count else { return nil }
            for byte in bytes[start...] where byte < 0x30 || byte > 0x39 { return nil }
            return 10
        }
        switch radix {
        case nil: return nil
        case 10?: return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
        case let prefixed?: return Int(text.dropFirst(2), radix: prefixed)
        }
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let integerDigits = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(integerDigits)
        var fractionDigits = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if let first = bytes.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponentDigits = bytes.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return false }
            bytes = bytes.dropFirst(exponentDigits)
        }
        return bytes.isEmpty
    }
}

/// Where `YAMLReader` reads events from: each with its place in the file
/// (line, and column in characters, both from 1).
protocol YAMLEvents {
    mutating func next() throws(MarkupError) -> (event: YAMLEvent, line: Int, column: Int)
}

/// Pulls events from a libyaml parser, turning its errors into
/// ``MarkupError``s with readable messages.
struct EventSource: YAMLEvents {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The YAML text, for looking at the place of an error.
    let text: String
    let firstLine: Int

    mutating func next() throws(MarkupError) -> (event: YAMLEvent, line: Int, column: Int) {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else { throw syntaxError() }
        defer { yaml_event_delete(&event) }
        let line = Int(event.start_mark.line) + firstLine
        let column = Int(event.start_mark.column) + 1
        return (YAMLEvent(event), line, column)
    }

    private func syntaxError() -> MarkupError {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = parser.pointee.context.map { String(cString: $0) } ?? ""
        var mark = parser.pointee.problem_mark
        let message: String
        if context.contains("quoted scalar") && problem.contains("end of stream") {
            mark = parser.pointee.context_mark
            message = "this quoted value is never closed; add the closing quote"
        } else if problem == "found character that cannot start any token", indentsWithTab(at: mark) {
            message = YAMLProblem.tabIndentation
        } else if let closing = YAMLProblem.closingBracket(ofUnclosed: problem),
                  !remainder(from: mark).unicodeScalars.contains(closing) {
            // `tags: [a, b` with no `]` after: libyaml notices only at the
            // next line or the end; the writer needs to see the bracket.
            mark = parser.pointee.context_mark
            message = closing == "]"
                ? "this list is never closed; add ']' after its last item"
                : "this mapping is never closed; add '}' after its last entry"
        } else {
            message = YAMLProblem.readable(problem)
        }
        return MarkupError(
            line: Int(mark.line) + firstLine, column: Int(mark.column) + 1,
            message: "invalid YAML: \(message)")
    }

    /// The characters of line `mark.line` (counted from 0, as libyaml does).
    private func lineScalars(at mark: yaml_mark_t) -> [Unicode.Scalar] {
        var line = 0
        var scalars: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if line == Int(mark.line) { break }
                line += 1
            } else if line == Int(mark.line) {
                scalars.append(scalar)
            }
        }
        return scalars
    }

    /// Whether the character at `mark` is a tab with only spaces or tabs
    /// before it on its line: indentation, which YAML allows of spaces only.
    private func indentsWithTab(at mark: yaml_mark_t) -> Bool {
        let scalars = lineScalars(at: mark)
        let column = Int(mark.column)
        guard column < scalars.count, scalars[column] == "\t" else { return false }
        return scalars[..<column].allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The text from `mark` to the end.
    private func remainder(from mark: yaml_mark_t) -> Substring {
        var line = 0
        var index = text.unicodeScalars.startIndex
        while line < Int(mark.line), index < text.unicodeScalars.endIndex {
            if text.unicodeScalars[index] == "\n" { line += 1 }
            index = text.unicodeScalars.index(after: index)
        }
        let scalars = text.unicodeScalars[index...]
        let start = scalars.index(scalars.startIndex, offsetBy: Int(mark.column), limitedBy: scalars.endIndex)
            ?? scalars.endIndex
        return Substring(text.unicodeScalars[start...])
    }
}

/// One libyaml event, copied out of C memory.
enum YAMLEvent {
    case streamStart, streamEnd, documentStart, documentEnd
    case scalar(text: String, isPlain: Bool, tag: String?, anchor: String?)
    case sequenceStart(anchor: String?), sequenceEnd
    case mappingStart(anchor: String?), mappingEnd
    case alias(String)
    case other

    init(_ event: yaml_event_t) {
        switch event.type {
        case YAML_STREAM_START_EVENT: self = .streamStart
        case YAML_STREAM_END_EVENT: self = .streamEnd
        case YAML_DOCUMENT_START_EVENT: self = .documentStart
        case YAML_DOCUMENT_END_EVENT: self = .documentEnd
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            self = .scalar(
                text: text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE,
                tag: Self.string(scalar.tag), anchor: Self.string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT: self = .sequenceStart(anchor: Self.string(event.data.sequence_start.anchor))
        case YAML_SEQUENCE_END_EVENT: self = .sequenceEnd
        case YAML_MAPPING_START_EVENT: self = .mappingStart(anchor: Self.string(event.data.mapping_start.anchor))
        case YAML_MAPPING_END_EVENT: self = .mappingEnd
        case YAML_ALIAS_EVENT: self = .alias(Self.string(event.data.alias.anchor) ?? "")
        default: self = .other
        }
    }

    private static func string(_ bytes: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        bytes.map { String(cString: $0) }
    }
}

import Bytes
import Foundation
import Markup
import Mustache

/// The binary form of cache records.
extension ByteWriter {
    mutating func write(_ diagnostic: Diagnostic) {
        write(diagnostic.path)
        write(diagnostic.line)
        write(diagnostic.column)
        write(diagnostic.severity == .warning)
        write(diagnostic.message)
        write(diagnostic.isSiteWide)
    }

    mutating func write(_ reference: LinkReference) {
        write(reference.destination)
        write(reference.url)
        write(reference.line)
        write(reference.column)
    }

    mutating func write(_ date: Date?) {
        write(date != nil)
        if let date { write(date.timeIntervalSince1970.bitPattern) }
    }

    /// A template value of the front matter (`Entry.extra`): a tag, then
    /// its contents, a mapping's keys in sorted order.
    mutating func write(_ value: Value) {
        switch value {
        case .null, .object, .lambda: write(0 as Int)
        case .bool(let flag): write(1 as Int); write(flag)
        case .int(let number): write(2 as Int); write(number)
        case .double(let number): write(3 as Int); write(number.bitPattern)
        case .string(let text): write(4 as Int); write(text)
        case .array(let elements): write(5 as Int); write(elements) { $0.write($1) }
        case .dictionary(let fields):
            write(6 as Int)
            write(fields)
        }
    }

    mutating func write(_ fields: Fields) {
        write(fields.keys) { writer, key in
            writer.write(key)
            writer.write(fields[key] ?? .null)
        }
    }

    /// Returns where the HTML of the entry's content lies, if it has any.
    @discardableResult
    mutating func write(_ entry: Entry) -> Range<Int>? {
        write(entry.sourcePath)
        write(entry.kind == .post)
        write(entry.section)
        write(entry.requestedPath)
        write(entry.title)
        write(entry.date)
        write(entry.dateZoneOffset != nil)
        if let offset = entry.dateZoneOffset { write(offset) }
        write(entry.updated)
        write(entry.tags)
        write(entry.description)
        write(entry.language)
        write(entry.isDraft)
        write(entry.identifier)
        write(entry.identifierPosition != nil)
        if let position = entry.identifierPosition {
            write(position.line)
            write(position.column)
        }
        write(entry.slugPosition != nil)
        if let position = entry.slugPosition {
            write(position.line)
            write(position.column)
        }
        write(entry.aliases) { writer, alias in
            writer.write(alias.path)
            writer.write(alias.line)
            writer.write(alias.column)
        }
        write(entry.series)
        write(entry.seriesPart != nil)
        if let part = entry.seriesPart { write(part) }
        write(entry.layout)
        write(entry.isSearchable)
        write(entry.keywords)
        write(entry.image)
        write(entry.explicitPermalink != nil)
        if let permalink = entry.explicitPermalink {
            write(permalink.path)
            write(permalink.line)
            write(permalink.column)
        }
        write(entry.path)
        write(entry.bodyFirstLine)
        write(entry.markdown.smartPunctuation)
        write(entry.markdown.hardLineBreaks)
        write(entry.markdown.unsafeHTML)
        for flag in [entry.markdown.footnotes, entry.markdown.taskLists, entry.markdown.autolinks,
                     entry.markdown.headingAttributes, entry.markdown.alerts, entry.markdown.definitionLists] {
            write(flag)
        }
        write(entry.markdown.headingIDs.rawValue)
        write(entry.extra)
        write(entry.summaryInputs) { $0.write($1) }
        write(entry.content != nil)
        guard let content = entry.content else { return nil }
        let html = write(text: content.htmlText)
        write(content.summaryHTML)
        write(content.headings) { writer, heading in
            writer.write(heading.level)
            writer.write(heading.title)
            writer.write(heading.id)
        }
        write(content.wordCount)
        write(content.readingMinutes)
        write(content.links) { $0.write($1) }
        write(content.images) { $0.write($1) }
        return html
    }

    /// Returns where the HTML of the record's content lies, if it has any.
    @discardableResult
    mutating func write(_ record: CachedEntry) -> Range<Int>? {
        write(record.size)
        write(Int(record.modified))
        write(record.sourceHash)
        let html = write(record.entry)
        write(record.loadDiagnostics) { $0.write($1) }
        write(record.renderDiagnostics) { $0.write($1) }
        write(record.linkLookups) { writer, lookup in
            writer.write(lookup.destination)
            writer.write(lookup.result)
        }
        return html
    }
}

extension ByteReader {
    mutating func readDiagnostic() throws(MalformedCache) -> Diagnostic {
        let path = try readString()
        let line = try readInt()
        let column = try readInt()
        let severity: Diagnostic.Severity = try readBool() ? .warning : .error
        var diagnostic = Diagnostic(path: path, line: line, column: column, severity: severity, message: try readString())
        diagnostic.isSiteWide = try readBool()
        return diagnostic
    }

    mutating func readDiagnostics() throws(MalformedCache) -> [Diagnostic] {
        try readList { reader throws(MalformedCache) in try reader.readDiagnostic() }
    }

    mutating func readLinkReferences() throws(MalformedCache) -> [LinkReference] {
        try readList { reader throws(MalformedCache) in
            LinkReference(
                destination: try reader.readString(), url: try reader.readString(), line: try reader.readInt(),
                column: try reader.readInt())
        }
    }

    mutating func readDate() throws(MalformedCache) -> Date? {
        guard try readBool() else { return nil }
        return Date(timeIntervalSince1970: Double(bitPattern: try readUInt64()))
    }

    mutating func readPosition() throws(MalformedCache) -> (line: Int, column: Int)? {
        guard try readBool() else { return nil }
        return (try readInt(), try readInt())
    }

    mutating func readValue() throws(MalformedCache) -> Value {
        switch try readInt() {
        case 0: return .null
        case 1: return .bool(try readBool())
        case 2: return .int(try readInt())
        case 3: return .double(Double(bitPattern: try readUInt64()))
        case 4: return .string(try readString())
        case 5: return .array(try readList { reader throws(MalformedCache) in try reader.readValue() })
        case 6: return .dictionary(try readFields())
        default: throw MalformedCache()
        }
    }

    mutating func readFields() throws(MalformedCache) -> Fields {
        let count = try readCount()
        var values: [String: Value] = [:]
        for _ in 0..<count {
            let key = try readString()
            values[key] = try readValue()
        }
        return Fields(values)
    }

    /// An entry whose HTML is read from `owner`, the bytes being read.
    mutating func readEntry(owner: SharedBytes) throws(MalformedCache) -> Entry {
        let sourcePath = try readString()
        let kind: Entry.Kind = try readBool() ? .post : .page
        let section = try readString()
        let requestedPath = try readString()
        let title = try readString()
        let date = try readDate()
        let dateZoneOffset = try readBool() ? try readInt() : nil
        let updated = try readDate()
        let tags = try readStrings()
        let description = try readOptionalString()
        let language = try readString()
        let isDraft = try readBool()
        let identifier = try readString()
        let identifierPosition = try readPosition()
        let slugPosition = try readPosition()
        let aliases = try readList { reader throws(MalformedCache) in
            (path: try reader.readString(), line: try reader.readInt(), column: try reader.readInt())
        }
        let series = try readOptionalString()
        let seriesPart: Int? = try readBool() ? try readInt() : nil
        let layout = try readString()
        let isSearchable = try readBool()
        let keywords = try readStrings()
        let image = try readOptionalString()
        let explicitPermalink: (path: String, line: Int, column: Int)? =
            try readBool() ? (try readString(), try readInt(), try readInt()) : nil
        let path = try readString()
        let bodyFirstLine = try readInt()
        var markdown = MarkdownSettings()
        markdown.smartPunctuation = try readBool()
        markdown.hardLineBreaks = try readBool()
        markdown.unsafeHTML = try readBool()
        markdown.footnotes = try readBool()
        markdown.taskLists = try readBool()
        markdown.autolinks = try readBool()
        markdown.headingAttributes = try readBool()
        markdown.alerts = try readBool()
        markdown.definitionLists = try readBool()
        guard let headingIDs = HeadingIDStyle(rawValue: try readString()) else { throw MalformedCache() }
        markdown.headingIDs = headingIDs
        let extra = try readFields()
        let summaryInputs = try readList { reader throws(MalformedCache) in try reader.readUInt64() }
        var entry = Entry(Entry.Fields(
            sourcePath: sourcePath, kind: kind, section: section, requestedPath: requestedPath, title: title, date: date,
            updated: updated, tags: tags, description: description, language: language, isDraft: isDraft,
            identifier: identifier, identifierPosition: identifierPosition, slugPosition: slugPosition,
            aliases: aliases, series: series,
            seriesPart: seriesPart, layout: layout, isSearchable: isSearchable, keywords: keywords, image: image,
            explicitPermalink: explicitPermalink, path: path, body: "", bodyFirstLine: bodyFirstLine,
            markdown: markdown, summaryInputs: summaryInputs))
        entry.dateZoneOffset = dateZoneOffset
        entry.extra = extra
        if try readBool() {
            let htmlRange = try readRange()
            let html = UTF8Text(shared: owner, range: htmlRange)
            let summaryHTML = try readString()
            let headings = try readList { reader throws(MalformedCache) in
                Heading(level: try reader.readInt(), title: try reader.readString(), id: try reader.readString())
            }
            entry.content = RenderedContent(
                htmlText: html, summaryHTML: summaryHTML, headings: headings, plainText: [], codeText: [],
                wordCount: try readInt(), readingMinutes: try readInt(),
                links: try readLinkReferences(), images: try readLinkReferences())
        }
        return entry
    }

    mutating func readCachedEntry(owner: SharedBytes) throws(MalformedCache) -> CachedEntry {
        let size = try readInt()
        let modified = Int64(try readInt())
        let sourceHash = try readUInt64()
        let entry = try readEntry(owner: owner)
        let loadDiagnostics = try readDiagnostics()
        let renderDiagnostics = try readDiagnostics()
        let lookups = try readList { reader throws(MalformedCache) in
            LinkLookup(destination: try reader.readString(), result: try reader.readOptionalString())
        }
        return CachedEntry(
            size: size, modified: modified, sourceHash: sourceHash, entry: entry, loadDiagnostics: loadDiagnostics,
            renderDiagnostics: renderDiagnostics, linkLookups: lookups)
    }
}

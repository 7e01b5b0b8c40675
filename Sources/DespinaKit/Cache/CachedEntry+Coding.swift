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
        case .array(let elements):
            write(5 as Int)
            write(elements.count)
            for element in elements { write(element) }
        case .dictionary(let fields):
            write(6 as Int)
            write(fields)
        }
    }

    mutating func write(_ fields: Fields) {
        write(fields.count)
        for key in fields.keys {
            write(key)
            write(fields[key] ?? .null)
        }
    }

    mutating func write(_ entry: Entry) {
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
        write(entry.aliases.count)
        for alias in entry.aliases {
            write(alias.path)
            write(alias.line)
            write(alias.column)
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
        write(entry.summaryInputs.count)
        for input in entry.summaryInputs { write(input) }
        write(entry.content != nil)
        if let content = entry.content {
            write(text: content.htmlText)
            write(content.summaryHTML)
            write(content.headings.count)
            for heading in content.headings {
                write(heading.level)
                write(heading.title)
                write(heading.id)
            }
            write(content.wordCount)
            write(content.readingMinutes)
            write(content.links.count)
            for link in content.links { write(link) }
            write(content.images.count)
            for image in content.images { write(image) }
        }
    }

    mutating func write(_ record: CachedEntry) {
        write(record.size)
        write(Int(record.modified))
        write(record.sourceHash)
        write(record.entry)
        write(record.loadDiagnostics.count)
        for diagnostic in record.loadDiagnostics { write(diagnostic) }
        write(record.renderDiagnostics.count)
        for diagnostic in record.renderDiagnostics { write(diagnostic) }
        write(record.linkLookups.count)
        for lookup in record.linkLookups {
            write(lookup.destination)
            write(lookup.result)
        }
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
        let count = try readCount()
        var diagnostics: [Diagnostic] = []
        for _ in 0..<count { diagnostics.append(try readDiagnostic()) }
        return diagnostics
    }

    mutating func readLinkReferences() throws(MalformedCache) -> [LinkReference] {
        let count = try readCount()
        var references: [LinkReference] = []
        references.reserveCapacity(count)
        for _ in 0..<count {
            references.append(LinkReference(
                destination: try readString(), url: try readString(), line: try readInt(), column: try readInt()))
        }
        return references
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
        case 5:
            let count = try readCount()
            var elements: [Value] = []
            for _ in 0..<count { elements.append(try readValue()) }
            return .array(elements)
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

    mutating func readEntry() throws(MalformedCache) -> Entry {
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
        let aliasCount = try readCount()
        var aliases: [(path: String, line: Int, column: Int)] = []
        for _ in 0..<aliasCount { aliases.append((try readString(), try readInt(), try readInt())) }
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
        let summaryInputCount = try readCount()
        var summaryInputs: [UInt64] = []
        summaryInputs.reserveCapacity(summaryInputCount)
        for _ in 0..<summaryInputCount { summaryInputs.append(try readUInt64()) }
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
            let headingCount = try readCount()
            var headings: [Heading] = []
            for _ in 0..<headingCount {
                headings.append(Heading(level: try readInt(), title: try readString(), id: try readString()))
            }
            entry.content = RenderedContent(
                htmlText: html, summaryHTML: summaryHTML, headings: headings, plainText: "", codeText: "",
                wordCount: try readInt(), readingMinutes: try readInt(),
                links: try readLinkReferences(), images: try readLinkReferences())
        }
        return entry
    }

    mutating func readCachedEntry() throws(MalformedCache) -> CachedEntry {
        let size = try readInt()
        let modified = Int64(try readInt())
        let sourceHash = try readUInt64()
        let entry = try readEntry()
        let loadDiagnostics = try readDiagnostics()
        let renderDiagnostics = try readDiagnostics()
        let lookupCount = try readCount()
        var lookups: [LinkLookup] = []
        for _ in 0..<lookupCount {
            lookups.append(LinkLookup(destination: try readString(), result: try readOptionalString()))
        }
        return CachedEntry(
            size: size, modified: modified, sourceHash: sourceHash, entry: entry, loadDiagnostics: loadDiagnostics,
            renderDiagnostics: renderDiagnostics, linkLookups: lookups)
    }
}

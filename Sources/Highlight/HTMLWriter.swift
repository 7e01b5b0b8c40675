/// Writes highlighted tokens as escaped HTML into a byte buffer.
///
/// The writer owns the rules every language shares: `&`, `<`, `>` and `"` are
/// escaped; consecutive tokens of the same kind share one `<span>`; and no
/// span ever crosses a newline, because a span open at a line break is closed
/// before it and reopened after it. When line wrapping is on, every line is
/// also wrapped in `<span class="line">` (with `hl` for highlighted lines and
/// a `data-line` number when line numbers are shown).
struct HTMLWriter {
    /// How lines of a block are wrapped.
    struct LineWrapping {
        var highlightedLines: Set<Int>
        var showsNumbers: Bool
    }

    private(set) var bytes: [UInt8] = []
    /// Text written but not yet appended: a run of the source that the next
    /// token may go on (tokens of one kind in a row share a span, and most
    /// are a few bytes), appended as one piece before any markup.
    private var pendingText: UnsafeBufferPointer<UInt8>?
    private var pendingRange = 0..<0
    private var openKind: TokenKind = .plain
    private let lineWrapping: LineWrapping?
    private var isLineOpen = false
    private var lineNumber = 1

    init(expectedInputSize: Int, lineWrapping: LineWrapping? = nil) {
        self.lineWrapping = lineWrapping
        bytes.reserveCapacity(expectedInputSize * 2 + 64)
    }

    /// Writes `text[range]` as a token of `kind`.
    mutating func write(_ kind: TokenKind, _ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        if start >= end { return }
        if kind != openKind { closeSpan() }
        var runStart = start
        var index = start
        while index < end {
            let byte = text[index]
            // Only four ASCII bytes and the newline need attention.
            if byte > 0x3E || (byte != 0x0A && byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22) {
                index += 1
                continue
            }
            if index > runStart { appendText(kind, text, from: runStart, to: index) }
            switch byte {
            case 0x0A: endLine()
            case 0x26: appendEscape(kind, "&amp;")
            case 0x3C: appendEscape(kind, "&lt;")
            case 0x3E: appendEscape(kind, "&gt;")
            default: appendEscape(kind, "&quot;")
            }
            index += 1
            runStart = index
        }
        if end > runStart { appendText(kind, text, from: runStart, to: end) }
    }

    /// Closes whatever is open; call once after the last token.
    mutating func finish() {
        closeSpan()
        if isLineOpen {
            appendClosingTag()
            isLineOpen = false
        }
    }

    private mutating func appendText(_ kind: TokenKind, _ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        openSpanIfNeeded(kind)
        if let pending = pendingText, pending.baseAddress == text.baseAddress, pendingRange.upperBound == start {
            pendingRange = pendingRange.lowerBound..<end
            return
        }
        flush()
        (pendingText, pendingRange) = (text, start..<end)
    }

    /// Appends the pending text.
    private mutating func flush() {
        if let pending = pendingText, !pendingRange.isEmpty {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: pending[pendingRange]))
        }
        (pendingText, pendingRange) = (nil, 0..<0)
    }

    private mutating func appendEscape(_ kind: TokenKind, _ entity: StaticString) {
        openSpanIfNeeded(kind)
        flush()
        entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func openSpanIfNeeded(_ kind: TokenKind) {
        if lineWrapping != nil && !isLineOpen { openLine() }
        if kind != openKind {
            closeSpan()
            if kind != .plain {
                bytes.append(contentsOf: TokenKind.openingTags[Int(kind.rawValue)])
                openKind = kind
            }
        }
    }

    /// Appends the pending text first, as everything that writes markup
    /// after it does through here or through `flush()`.
    private mutating func closeSpan() {
        flush()
        if openKind != .plain {
            appendClosingTag()
            openKind = .plain
        }
    }

    private mutating func appendClosingTag() {
        let tag: StaticString = "</span>"
        tag.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func endLine() {
        closeSpan()
        if lineWrapping != nil {
            if !isLineOpen { openLine() }
            appendClosingTag()
            isLineOpen = false
            lineNumber += 1
        }
        bytes.append(0x0A)
    }

    private mutating func openLine() {
        guard let lineWrapping else { return }
        flush()
        let highlighted = lineWrapping.highlightedLines.contains(lineNumber)
        bytes.append(contentsOf: (highlighted ? "<span class=\"line hl\"" : "<span class=\"line\"").utf8)
        if lineWrapping.showsNumbers {
            bytes.append(contentsOf: " data-line=\"\(lineNumber)\"".utf8)
        }
        bytes.append(0x3E)
        isLineOpen = true
    }
}

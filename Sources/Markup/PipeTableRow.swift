/// The horizontal alignment of a table column.
enum TableAlignment: Sendable, Hashable {
    case none, left, center, right

    /// The attribute text for a cell (with its leading space), or empty.
    var attribute: String {
        switch self {
        case .none: return ""
        case .left: return " style=\"text-align: left\""
        case .center: return " style=\"text-align: center\""
        case .right: return " style=\"text-align: right\""
        }
    }
}

/// One line of a pipe table split into cells, on UTF-8 bytes.
///
/// Cells are separated by `|`. A pipe written `\|` is part of the cell and
/// becomes a plain `|`, also inside code spans; an unescaped pipe inside a
/// code span (`` `a | b` ``) does not separate cells either. A leading and a
/// trailing pipe are optional.
struct PipeTableRow {
    /// A cell's text (trimmed, with `\|` unescaped) and the offset of its
    /// first byte in the line.
    struct Cell {
        var text: [UInt8]
        var offset: Int
    }

    var cells: [Cell]
    /// Whether the line had a pipe that separates cells.
    var hasPipe: Bool

    /// Splits `line`.
    init(_ line: ArraySlice<UInt8>) {
        cells = []
        hasPipe = false
        var index = line.startIndex
        var end = line.endIndex
        while index < end, Self.isSpace(line[index]) { index += 1 }
        while end > index, Self.isSpace(line[end - 1]) { end -= 1 }
        if index < end, line[index] == UInt8(ascii: "|") {
            hasPipe = true
            index += 1
        }
        var current: [UInt8] = []
        var cellStart = index
        var endsWithPipe = false
        while index < end {
            let byte = line[index]
            endsWithPipe = false
            if byte == UInt8(ascii: "\\"), index + 1 < end {
                if line[index + 1] == UInt8(ascii: "|") {
                    current.append(UInt8(ascii: "|"))
                } else {
                    current.append(byte)
                    current.append(line[index + 1])
                }
                index += 2
            } else if byte == UInt8(ascii: "`") {
                index = Self.appendCodeSpan(line, from: index, end: end, to: &current)
            } else if byte == UInt8(ascii: "|") {
                cells.append(Self.trimmedCell(current, offset: cellStart - line.startIndex))
                current.removeAll(keepingCapacity: true)
                hasPipe = true
                endsWithPipe = true
                index += 1
                cellStart = index
            } else {
                current.append(byte)
                index += 1
            }
        }
        if !endsWithPipe {
            cells.append(Self.trimmedCell(current, offset: cellStart - line.startIndex))
        }
    }

    /// The column alignments when this row is a delimiter row (`| :-- | :-: |`),
    /// or `nil`.
    var delimiterAlignments: [TableAlignment]? {
        guard hasPipe, !cells.isEmpty else { return nil }
        var alignments: [TableAlignment] = []
        for cell in cells {
            let text = cell.text
            var dashes = text[...]
            let leftColon = dashes.first == UInt8(ascii: ":")
            if leftColon { dashes = dashes.dropFirst() }
            let rightColon = dashes.last == UInt8(ascii: ":")
            if rightColon { dashes = dashes.dropLast() }
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            switch (leftColon, rightColon) {
            case (true, true): alignments.append(.center)
            case (true, false): alignments.append(.left)
            case (false, true): alignments.append(.right)
            case (false, false): alignments.append(.none)
            }
        }
        return alignments
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    private static func trimmedCell(_ text: [UInt8], offset: Int) -> Cell {
        var start = 0
        var end = text.count
        while start < end, isSpace(text[start]) { start += 1 }
        while end > start, isSpace(text[end - 1]) { end -= 1 }
        return Cell(text: Array(text[start..<end]), offset: offset + start)
    }

    /// Copies the backtick run at `start` and, when a run of the same length
    /// closes it, the whole code span; returns the index after what it copied.
    private static func appendCodeSpan(
        _ line: ArraySlice<UInt8>, from start: Int, end: Int, to output: inout [UInt8]
    ) -> Int {
        var runEnd = start
        while runEnd < end, line[runEnd] == UInt8(ascii: "`") { runEnd += 1 }
        let length = runEnd - start
        var search = runEnd
        while search < end {
            guard line[search] == UInt8(ascii: "`") else {
                search += 1
                continue
            }
            var closeEnd = search
            while closeEnd < end, line[closeEnd] == UInt8(ascii: "`") { closeEnd += 1 }
            if closeEnd - search == length {
                var index = start
                while index < closeEnd {
                    if line[index] == UInt8(ascii: "\\"), index + 1 < closeEnd, line[index + 1] == UInt8(ascii: "|") {
                        output.append(UInt8(ascii: "|"))
                        index += 2
                    } else {
                        output.append(line[index])
                        index += 1
                    }
                }
                return closeEnd
            }
            search = closeEnd
        }
        output.append(contentsOf: line[start..<runEnd])
        return runEnd
    }
}

/// Numbers as zero-padded ASCII decimals (`0005`, `2015-06-08`): the dates
/// and times of pages, feeds, the sitemap and template helpers.
///
/// `fields(_:ending:)` writes a whole date straight into its string: a site
/// makes tens of thousands of them (each post's dates, every sitemap
/// entry), and string interpolation of padded parts took five times as long.
public enum DecimalText {
    /// `value` in at least `width` digits, zeros in front. A negative value
    /// keeps its sign after the zeros (`00-5`), as padding its text would.
    public static func zeroPadded(_ value: Int, width: Int) -> String {
        fields([(value, width, nil)])
    }

    /// One string of `fields`, each one's separator (if any) then its value
    /// zero-padded to its width, followed by `ending`.
    public static func fields(_ fields: [(value: Int, width: Int, separator: UInt8?)], ending: UInt8? = nil) -> String {
        // Per field a separator and at most twenty characters (Int.min) or
        // its width of zeros, and the ending.
        let capacity = fields.reduce(1) { $0 + 1 + max(20, $1.width) }
        return String(unsafeUninitializedCapacity: capacity) { text in
            var end = 0
            for field in fields {
                if let separator = field.separator {
                    text[end] = separator
                    end += 1
                }
                end = write(field.value, width: field.width, into: text, at: end)
            }
            if let ending {
                text[end] = ending
                end += 1
            }
            return end
        }
    }

    /// Writes `value` zero-padded to `width` at `start` of `text`, which has
    /// room for it (`max(20, width)` bytes); returns where it ends. For text
    /// made of many numbers (the output manifest has a line per file),
    /// written in place rather than a string each.
    public static func write(_ value: Int, width: Int, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var end = start
        var magnitude = value.magnitude
        var length = 1
        var scanned = magnitude / 10
        while scanned > 0 {
            length += 1
            scanned /= 10
        }
        let sign = value < 0 ? 1 : 0
        for _ in 0..<max(0, width - length - sign) {
            text[end] = UInt8(ascii: "0")
            end += 1
        }
        if sign == 1 {
            text[end] = UInt8(ascii: "-")
            end += 1
        }
        end += length
        var index = end
        repeat {
            index -= 1
            text[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return end
    }
}

import Bytes

/// A calendar date and time read from ISO 8601 text, kept exactly as written
/// (no time-zone conversion), for locale-independent formatting.
struct ISODate: Equatable {
    /// Why a date could not be read.
    struct ParseError: Error, CustomStringConvertible {
        let text: String
        var description: String {
            "\"\(text)\" is not an ISO 8601 date such as 2024-03-09 or 2024-03-09T14:05:00Z"
        }
    }

    let year: Int
    let month: Int
    let day: Int
    let hour: Int
    let minute: Int
    let second: Int

    /// Reads `YYYY-MM-DD`, optionally followed by `T` or a space and `HH:MM[:SS[.fff]]`
    /// and a zone (`Z`, `±HH:MM`, `±HHMM`), which is checked and ignored.
    init(parsing text: String) throws(ParseError) {
        let bytes = Array(text.utf8)
        var cursor = 0
        func number(_ digits: Int) -> Int? {
            guard cursor + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[cursor..<cursor + digits] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            cursor += digits
            return value
        }
        func skip(_ character: Character) -> Bool {
            guard cursor < bytes.count, let ascii = character.asciiValue, bytes[cursor] == ascii else { return false }
            cursor += 1
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
              (1...12).contains(month), day >= 1, day <= ISODate.daysIn(month: month, year: year)
        else { throw ParseError(text: text) }
        var hour = 0, minute = 0, second = 0
        if cursor < bytes.count {
            guard skip("T") || skip(" "), let readHour = number(2), skip(":"), let readMinute = number(2),
                  readHour < 24, readMinute < 60
            else { throw ParseError(text: text) }
            hour = readHour
            minute = readMinute
            if skip(":") {
                guard let readSecond = number(2), readSecond <= 60 else { throw ParseError(text: text) }
                second = readSecond
                if skip(".") {
                    let start = cursor
                    while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") { cursor += 1 }
                    guard cursor > start else { throw ParseError(text: text) }
                }
            }
            if skip("Z") {
                // UTC
            } else if skip("+") || skip("-") {
                guard let zoneHours = number(2), zoneHours < 24 else { throw ParseError(text: text) }
                _ = skip(":")
                guard let zoneMinutes = number(2), zoneMinutes < 60 else { throw ParseError(text: text) }
            }
            guard cursor == bytes.count else { throw ParseError(text: text) }
        }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return isLeap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// The date written in `format`: `YYYY` `YY` `MM` `M` `DD` `D` `HH` `H` `mm` `ss`
    /// are replaced, `[text]` is copied without brackets, anything else is copied.
    func formatted(_ format: String) -> String {
        let tokens: [(String, String)] = [
            ("YYYY", padded(year, 4)), ("YY", padded(year % 100, 2)),
            ("MM", padded(month, 2)), ("M", String(month)),
            ("DD", padded(day, 2)), ("D", String(day)),
            ("HH", padded(hour, 2)), ("H", String(hour)),
            ("mm", padded(minute, 2)), ("ss", padded(second, 2)),
        ]
        var output = ""
        var rest = Substring(format)
        outer: while let first = rest.first {
            if first == "[", let close = rest.firstIndex(of: "]") {
                output += rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                continue
            }
            for (token, value) in tokens where rest.hasPrefix(token) {
                output += value
                rest = rest.dropFirst(token.count)
                continue outer
            }
            output.append(first)
            rest = rest.dropFirst()
        }
        return output
    }

    private func padded(_ value: Int, _ width: Int) -> String { DecimalText.zeroPadded(value, width: width) }
}

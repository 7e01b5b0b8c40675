/// Reads ISO 8601 dates into a sortable number without a date formatter.
enum DateKey {
    /// Minutes since 1970-01-01T00:00Z for `2024-05-01`, `2024-05-01T10:30`,
    /// `2024-05-01T10:30:00Z` or `2024-05-01 10:30:00+02:00`; 0 when the text
    /// is not such a date.
    static func minutes(fromISO8601 text: String) -> Int {
        let digits = Array(text.utf8)
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= digits.count else { return nil }
            var value = 0
            for byte in digits[start..<(start + length)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              (1...12).contains(month), (1...31).contains(day) else { return 0 }
        var minutes = daysFromCivil(year: year, month: month, day: day) * 1440
        if let hour = number(11, 2), let minute = number(14, 2) {
            minutes += hour * 60 + minute
            var zone = 16
            if number(17, 2) != nil { zone = 19 }
            while zone < digits.count, digits[zone] == UInt8(ascii: ".") || (digits[zone] >= 0x30 && digits[zone] <= 0x39) { zone += 1 }
            if zone < digits.count, digits[zone] == UInt8(ascii: "+") || digits[zone] == UInt8(ascii: "-"),
               let offsetHours = number(zone + 1, 2) {
                let offsetMinutes = number(zone + 4, 2) ?? number(zone + 3, 2) ?? 0
                let offset = offsetHours * 60 + offsetMinutes
                minutes += digits[zone] == UInt8(ascii: "+") ? -offset : offset
            }
        }
        return max(minutes + 1, 1)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

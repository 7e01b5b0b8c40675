import Foundation

/// Parses a date the way blogs write them in front matter:
///
/// - `2015-06-08` (midnight)
/// - `2015-06-08T10:00:00Z`, `2015-06-08T10:00:00+03:00` (ISO 8601)
/// - `2015-06-08 10:00` (Publish)
/// - `2015-06-08 10:00:00 +0300` (Jekyll)
/// - `2016-1-29 8:00:00` (month, day and hour without zero padding)
/// - `2015-06-25 07:30:00 EET` (a zone abbreviation, as Jekyll reads them)
/// - `2023-01-29 18:30:22 2023 -0800` (the year repeated before the zone,
///   as the `date` command writes it, which Jekyll reads past)
///
/// Seconds may carry a fraction. A date without a zone is read in
/// `timeZone`, the site's time zone. Returns `nil` for anything else,
/// including impossible dates such as `2015-02-30`.
public func parseDate(_ text: String, timeZone: TimeZone) -> Date? {
    var scanner = DateScanner(Array(text.utf8))
    return scanner.scan(defaultTimeZone: timeZone)?.date
}

/// The zone a date is written in (`+03:00` of `2015-06-08T10:00:00+03:00`),
/// or nil when it names none or is no date. Hugo and Jekyll make a post's
/// URL from the day as written, not as it falls in the site's zone.
public func writtenTimeZone(of text: String) -> TimeZone? {
    var scanner = DateScanner(Array(text.utf8))
    return scanner.scan(defaultTimeZone: .gmt)?.writtenZone
}

/// Reads the parts of a date from UTF-8 bytes.
private struct DateScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func scan(defaultTimeZone: TimeZone) -> (date: Date, writtenZone: TimeZone?)? {
        skipSpaces()
        guard let year = number(minDigits: 4, maxDigits: 4), skip("-"),
              let month = number(minDigits: 1, maxDigits: 2), skip("-"),
              let day = number(minDigits: 1, maxDigits: 2),
              (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var fraction = 0.0
        var zone: TimeZone?
        skipSpaces(orT: true)
        if !isAtEnd {
            guard let hour = number(minDigits: 1, maxDigits: 2), skip(":"),
                  let minute = number(minDigits: 2, maxDigits: 2),
                  hour < 24, minute < 60 else { return nil }
            components.hour = hour
            components.minute = minute
            if skip(":") {
                guard let second = number(minDigits: 2, maxDigits: 2), second < 61 else { return nil }
                components.second = min(second, 59)
                if skip(".") {
                    let start = index
                    while let byte = peek, Self.isDigit(byte) { index += 1 }
                    guard index > start,
                          let value = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
                    else { return nil }
                    fraction = value
                }
            }
            skipSpaces()
            // `2023-01-29 18:30:22 2023 -0800`: the year again, as the `date`
            // command writes it after the time; Jekyll reads past it.
            if bytes[index...].starts(with: Array(String(year).utf8)),
               bytes.count == index + 4 || bytes[index + 4] == UInt8(ascii: " ") {
                index += 4
                skipSpaces()
            }
            if !isAtEnd {
                guard let parsedZone = timeZoneOffset() else { return nil }
                zone = parsedZone
            }
            skipSpaces()
            guard isAtEnd else { return nil }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone ?? defaultTimeZone
        guard let date = calendar.date(from: components) else { return nil }
        return (date.addingTimeInterval(fraction), zone)
    }

    /// `Z`, `+03:00`, `+0300`, `+03`, `-5`, or an abbreviation (`EET`, `PST`).
    private mutating func timeZoneOffset() -> TimeZone? {
        let letters = bytes[index...].prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        if letters.count >= 2 {
            let name = String(decoding: letters, as: UTF8.self).uppercased()
            guard let minutes = Self.zoneAbbreviations[name] else { return nil }
            index += letters.count
            return TimeZone(secondsFromGMT: minutes * 60)
        }
        if skip("Z") || skip("z") { return TimeZone(secondsFromGMT: 0) }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        let start = index
        guard let hours = number(minDigits: 1, maxDigits: 2), hours <= 14 else { return nil }
        var minutes = 0
        if skip(":") {
            guard let value = number(minDigits: 2, maxDigits: 2) else { return nil }
            minutes = value
        } else if index - start == 2, let value = number(minDigits: 2, maxDigits: 2) {
            minutes = value
        }
        guard minutes < 60 else { return nil }
        return TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60))
    }

    /// Zone abbreviations and their offsets in minutes: the common ones
    /// that Ruby's date parser (and so Jekyll) understands; where an
    /// abbreviation is ambiguous, Ruby's reading (`CST` is US Central, `IST`
    /// India).
    private static let zoneAbbreviations: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "WET": 0, "WEST": 60, "BST": 60, "IST": 330,
        "CET": 60, "CEST": 120, "MET": 60, "MEST": 120, "EET": 120, "EEST": 180, "MSK": 180, "TRT": 180,
        "PKT": 300, "ICT": 420, "WIB": 420, "SGT": 480, "HKT": 480, "AWST": 480, "JST": 540, "KST": 540,
        "ACST": 570, "AEST": 600, "AEDT": 660, "NZST": 720, "NZDT": 780,
        "AST": -240, "ADT": -180, "NST": -210, "NDT": -150, "EST": -300, "EDT": -240, "CST": -360,
        "CDT": -300, "MST": -420, "MDT": -360, "PST": -480, "PDT": -420, "AKST": -540, "AKDT": -480,
        "HST": -600, "BRT": -180, "ART": -180,
    ]

    private var isAtEnd: Bool { index >= bytes.count }
    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard let byte = peek, byte == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private mutating func skipSpaces(orT allowsT: Bool = false) {
        if allowsT, let byte = peek, byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") {
            index += 1
            return
        }
        while let byte = peek, byte == 0x20 || byte == 0x09 { index += 1 }
    }

    private mutating func number(minDigits: Int, maxDigits: Int) -> Int? {
        let start = index
        var value = 0
        while index - start < maxDigits, let byte = peek, Self.isDigit(byte) {
            value = value * 10 + Int(byte - 0x30)
            index += 1
        }
        guard index - start >= minDigits else {
            index = start
            return nil
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

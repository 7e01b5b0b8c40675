import Foundation
import TextFolding

/// A URL pattern (`/:section/:year/:month/:slug/`) and what its tokens mean.
///
/// The tokens are those of Despina, Hugo and Jekyll together, so that a
/// blog moved from either keeps its URLs by keeping its pattern. Where the
/// generators give one name different meanings (Hugo's `:slug` falls back
/// to the title, Jekyll's `:title` to the file name), the site's
/// ``SiteConventions`` decides, as it decides how words become slugs.
enum PermalinkPattern {
    /// The token names, in the order the error message lists them.
    static let tokens = [
        "section", "sections", "folders", "slug", "title", "filename", "contentbasename", "name",
        "slugorfilename", "slugorcontentbasename", "categories",
        "year", "short_year", "month", "i_month", "day", "i_day", "y_day", "hour", "minute", "second",
        "output_ext",
    ]

    /// The pattern `written` stands for: a name of one of Jekyll's styles,
    /// which stand for whole patterns, is replaced by its pattern; anything
    /// else is itself.
    static func resolvingStyle(_ written: String) -> String {
        switch written {
        case "date": "/:categories/:year/:month/:day/:title:output_ext"
        case "pretty": "/:categories/:year/:month/:day/:title/"
        case "ordinal": "/:categories/:year/:y_day/:title:output_ext"
        case "none": "/:categories/:title:output_ext"
        default: written
        }
    }

    /// The first `:name` in `pattern` that is not a known token
    /// (`:yaer` for `/:yaer/:slug/`), or nil. A colon not followed by a
    /// letter (`https://`, `:8080`) is no token.
    static func unknownToken(in pattern: String) -> String? {
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            let name = tokenName(after: colon, in: rest)
            if !name.isEmpty, !tokens.contains(String(name)) { return ":" + name }
            rest = rest[name.endIndex...]
        }
        return nil
    }

    /// The error message for `token`, unknown in `pattern`, listing the
    /// known tokens.
    static func unknownTokenMessage(_ token: String, in pattern: String) -> String {
        let known = tokens.map { ":" + $0 }.joined(separator: ", ")
        let name = token.dropFirst().lowercased()
        let nearest = tokens.min { editDistance(name, $0) < editDistance(name, $1) }
        let hint = nearest.flatMap { editDistance(name, $0) <= 2 ? "did you mean ':\($0)'? " : nil } ?? ""
        return "unknown token '\(token)' in the permalink '\(pattern)'; \(hint)the tokens are \(known)"
    }

    /// The name of the token whose colon is at `colon`: the letters and
    /// underscores after it (`:i_month`, `:output_ext`), so that a
    /// misspelt name is reported whole (`:sectionş`).
    private static func tokenName(after colon: Substring.Index, in text: Substring) -> Substring {
        // ASCII names (all known ones) by byte; a name that reaches other text by character.
        let bytes = text.utf8[text.utf8.index(after: colon)...]
        let end = bytes.firstIndex { ($0 | 0x20) < UInt8(ascii: "a") || ($0 | 0x20) > UInt8(ascii: "z") && $0 != UInt8(ascii: "_") }
        if end.map({ bytes[$0] < 0x80 }) ?? true { return text[bytes.startIndex..<(end ?? bytes.endIndex)] }
        return text[text.index(after: colon)...].prefix { character in
            guard let ascii = character.asciiValue else { return character.isLetter }
            return ascii == UInt8(ascii: "_") || ((ascii | 0x20) >= UInt8(ascii: "a") && (ascii | 0x20) <= UInt8(ascii: "z"))
        }
    }

    /// Expands `pattern` for the entry whose URL is made from `inputs`.
    static func expand(_ pattern: String, _ inputs: PermalinkInputs, conventions: SiteConventions, zone: TimeZone) -> String {
        var calendar: CalendarParts?? = .none
        func parts() -> CalendarParts? {
            if let known = calendar { return known }
            let worked = inputs.date.map { CalendarParts($0, zone: inputs.writtenZone ?? zone) }
            calendar = .some(worked)
            return worked
        }
        func two(_ value: Int?) -> String {
            guard let value else { return "" }
            return value < 10 ? "0\(value)" : String(value)
        }
        let slugify = conventions.slugify
        var result = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let name = tokenName(after: colon, in: rest)
            switch name {
            case "section": result += inputs.section
            case "sections": result += inputs.sections
            case "folders": result += inputs.folders
            case "slug": result += conventions.slug(inputs)
            case "title": result += conventions.title(inputs)
            case "filename", "contentbasename", "name": result += slugify(inputs.fileName)
            case "slugorfilename", "slugorcontentbasename": result += slugify(inputs.slug ?? inputs.fileName)
            case "categories": result += inputs.categories.map { $0.lowercased() }.joined(separator: "/")
            case "year": result += parts().map { String($0.year) } ?? ""
            case "short_year": result += two(parts().map { $0.year % 100 })
            case "month": result += two(parts()?.month)
            case "i_month": result += parts().map { String($0.month) } ?? ""
            case "day": result += two(parts()?.day)
            case "i_day": result += parts().map { String($0.day) } ?? ""
            case "y_day": result += parts().map { dayOfYear($0) } ?? ""
            case "hour": result += two(parts()?.hour)
            case "minute": result += two(parts()?.minute)
            case "second": result += two(parts()?.second)
            case "output_ext": result += ".html"
            default: result += ":" + name
            }
            rest = rest[name.endIndex...]
        }
        result += rest
        return result
    }

    /// The day of the year, three digits (`032` for February 1st), as
    /// Jekyll's `:y_day` writes it.
    private static func dayOfYear(_ parts: CalendarParts) -> String {
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let leap = (parts.year % 4 == 0 && parts.year % 100 != 0) || parts.year % 400 == 0
        var day = parts.day
        for month in 1..<max(parts.month, 1) { day += lengths[month - 1] + (month == 2 && leap ? 1 : 0) }
        return day < 10 ? "00\(day)" : day < 100 ? "0\(day)" : String(day)
    }
}

/// What an entry's URL is made from, read from its path and front matter.
struct PermalinkInputs: Sendable {
    /// The first folder below `Content/` (`blog`); empty for a page.
    var section = ""
    /// Hugo's sections: the first folder and each folder below it that has
    /// an `_index.md` (`blog/2024`).
    var sections = ""
    /// Every folder between `Content/` and the file, a bundle's own folder
    /// left out (`blog/2023`).
    var folders = ""
    /// The file's name without its extension, or a bundle's folder name.
    var fileName = ""
    /// The file name without a leading `YYYY-MM-DD-` date.
    var fileSlug = ""
    /// The front matter's `slug`.
    var slug: String?
    var title = ""
    var date: Date?
    /// The zone the date is written in, for conventions that make the
    /// URL's day from the date as written (Hugo's); nil to take the day in
    /// the site's zone.
    var writtenZone: TimeZone?
    var categories: [String] = []
}

/// Whose habits the site follows where generators differ: how words become
/// URL segments, what `:slug` and `:title` fall back to, how a title is
/// made from a file name and how `categories` is read. A site moved from
/// Jekyll or Hugo keeps its old URLs with that generator's conventions.
enum SiteConventions: String, Sendable, CaseIterable, Encodable {
    /// Despina's own: ASCII slugs (`Kỹ thuật` → `ky-thuat`).
    case despina
    /// Hugo's: paths lowercased, spaces made hyphens, letters of any
    /// script, digits, `.`, `_`, `-`, `~` and `+` kept; `:slug` falls back
    /// to the title.
    case hugo
    /// Jekyll's: `:title` keeps case and dots (`release-2.2-Notes`), `:slug`
    /// is lowercase with every other character a hyphen; titles from file
    /// names capitalize each word; a `categories` string is split at spaces.
    case jekyll

    /// How a word or a name becomes a URL segment.
    var slugify: @Sendable (String) -> String {
        switch self {
        case .despina: { TextFolding.slug($0) }
        case .hugo: { Self.hugoPath($0) }
        case .jekyll: { Self.jekyllSlug($0, keepingPunctuation: false, cased: false) }
        }
    }

    /// The value of `:slug`.
    func slug(_ inputs: PermalinkInputs) -> String {
        switch self {
        case .despina: return Self.despinaSlug(inputs)
        case .hugo: return Self.hugoPath(inputs.slug ?? inputs.title)
        case .jekyll: return Self.jekyllSlug(inputs.slug ?? inputs.fileSlug, keepingPunctuation: false, cased: false)
        }
    }

    /// The value of `:title`.
    func title(_ inputs: PermalinkInputs) -> String {
        switch self {
        case .despina: return Self.despinaSlug(inputs)
        case .hugo: return Self.hugoPath(inputs.title)
        case .jekyll: return Self.jekyllSlug(inputs.slug ?? inputs.fileSlug, keepingPunctuation: true, cased: true)
        }
    }

    /// The title of a file that sets none: `swift-closures` → `Swift
    /// closures`, or Jekyll's `Swift Closures`.
    func title(fromFileName name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        switch self {
        case .jekyll:
            return name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
                .joined(separator: " ")
        case .despina, .hugo:
            return words.prefix(1).uppercased() + words.dropFirst()
        }
    }

    /// Despina's slug: the front matter's, else the file's name without
    /// its date, else the title; never empty.
    private static func despinaSlug(_ inputs: PermalinkInputs) -> String {
        var slug = TextFolding.slug(inputs.slug ?? inputs.fileSlug)
        if slug.isEmpty { slug = TextFolding.slug(inputs.title) }
        return slug.isEmpty ? "untitled" : slug
    }

    /// Hugo's URL form of `text`: lowercased, spaces and runs of other
    /// separators made one hyphen, letters, marks and digits of any script
    /// kept with `.`, `_`, `-`, `~` and `+`; everything else dropped.
    static func hugoPath(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " || scalar == "\t" {
                out.append("-")
            } else if TextFolding.isWordScalar(scalar) || scalar.properties.generalCategory == .nonspacingMark
                        || ".-_~+".unicodeScalars.contains(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Jekyll's `slugify`: each run of characters that are not letters,
    /// marks or digits (nor, with `keepingPunctuation`, one of
    /// `._~!$&'()+,;=@`) becomes one hyphen, hyphens are trimmed from both
    /// ends, and the result is lowercased unless `cased`.
    static func jekyllSlug(_ text: String, keepingPunctuation: Bool, cased: Bool) -> String {
        var out = String.UnicodeScalarView()
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            let kept = TextFolding.isWordScalar(scalar) || scalar.properties.generalCategory == .nonspacingMark
                || (keepingPunctuation && "._~!$&'()+,;=@".unicodeScalars.contains(scalar))
            if kept {
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        let slug = String(out)
        return cased ? slug : slug.lowercased()
    }
}

import Bytes
import Foundation

/// Dates and interface strings in the languages the default theme speaks:
/// English, Turkish and Vietnamese; other languages fall back to English.
struct Localization: Sendable {
    let language: String

    /// The languages with their own dates and strings.
    static let languages = ["en", "tr", "vi"]

    init(language: String) {
        // Most pages and posts name one of the languages as it is: no tag
        // to split or lowercase, on every page and every listed post.
        if Self.languages.contains(language) {
            self.language = language
            return
        }
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? "en"
        self.language = Self.languages.contains(primary) ? primary : "en"
    }

    /// The date as a reader of the language writes it.
    func display(_ date: Date, in zone: TimeZone) -> String {
        let parts = CalendarParts(date, zone: zone)
        switch language {
        case "tr": return "\(parts.day) \(Self.turkishMonths[parts.month - 1]) \(parts.year)"
        case "vi": return "\(parts.day) tháng \(parts.month), \(parts.year)"
        default: return "\(Self.englishMonths[parts.month - 1]) \(parts.day), \(parts.year)"
        }
    }

    /// The interface strings the templates use, keyed by name. The search
    /// page's counts hold `{count}`, `{shown}`, `{total}` and `{error}`,
    /// which the search script fills in.
    var strings: [String: String] {
        switch language {
        case "tr": Self.turkish
        case "vi": Self.vietnamese
        default: Self.english
        }
    }

    private static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]
    private static let turkishMonths = [
        "Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz",
        "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık",
    ]

    private static let english: [String: String] = [
        "minRead": "min read", "contents": "Contents", "tags": "Tags", "allTags": "All tags",
        "archive": "Archive", "series": "Series", "allSeries": "All series", "part": "Part",
        "olderPost": "Older post", "newerPost": "Newer post", "olderPosts": "Older posts",
        "newerPosts": "Newer posts", "published": "Published", "updated": "Updated", "search": "Search",
        "searchPlaceholder": "Search posts…", "searchLabel": "Search this site",
        "skipToContent": "Skip to content", "home": "Home", "pageNumber": "Page", "of": "of",
        "notFoundTitle": "Page not found", "notFoundText": "There is nothing at this address. Try the search or the archive.",
        "subscribe": "Subscribe", "builtWith": "Built with Despina", "postsTagged": "Posts tagged",
        "noscriptSearch": "Search needs JavaScript. The archive lists every post.",
        "redirecting": "This page has moved to", "menu": "Menu",
        "languages": "Languages", "searchMore": "More results", "searching": "Searching…",
        "searchNoResults": "No results", "searchOneResult": "1 result", "searchResults": "{count} results",
        "searchSomeResults": "{shown} of {total} results", "searchUnavailable": "Search is unavailable ({error})",
        "headingLink": "Link to this section",
    ]
    private static let turkish: [String: String] = [
        "minRead": "dk okuma", "contents": "İçindekiler", "tags": "Etiketler", "allTags": "Tüm etiketler",
        "archive": "Arşiv", "series": "Dizi", "allSeries": "Tüm diziler", "part": "Bölüm",
        "olderPost": "Önceki yazı", "newerPost": "Sonraki yazı", "olderPosts": "Önceki yazılar",
        "newerPosts": "Sonraki yazılar", "published": "Yayımlandı", "updated": "Güncellendi", "search": "Ara",
        "searchPlaceholder": "Yazılarda ara…", "searchLabel": "Bu sitede ara",
        "skipToContent": "İçeriğe geç", "home": "Ana sayfa", "pageNumber": "Sayfa", "of": "/",
        "notFoundTitle": "Sayfa bulunamadı", "notFoundText": "Bu adreste bir şey yok. Aramayı ya da arşivi deneyin.",
        "subscribe": "Abone ol", "builtWith": "Despina ile yapıldı", "postsTagged": "Etiketli yazılar",
        "noscriptSearch": "Arama için JavaScript gerekir. Arşiv tüm yazıları listeler.",
        "redirecting": "Bu sayfa taşındı:", "menu": "Menü",
        "languages": "Diller", "searchMore": "Daha fazla sonuç", "searching": "Aranıyor…",
        "searchNoResults": "Sonuç yok", "searchOneResult": "1 sonuç", "searchResults": "{count} sonuç",
        "searchSomeResults": "{total} sonuçtan {shown} tanesi", "searchUnavailable": "Arama kullanılamıyor ({error})",
        "headingLink": "Bu bölümün bağlantısı",
    ]
    private static let vietnamese: [String: String] = [
        "minRead": "phút đọc", "contents": "Mục lục", "tags": "Thẻ", "allTags": "Tất cả thẻ",
        "archive": "Lưu trữ", "series": "Loạt bài", "allSeries": "Tất cả loạt bài", "part": "Phần",
        "olderPost": "Bài cũ hơn", "newerPost": "Bài mới hơn", "olderPosts": "Các bài cũ hơn",
        "newerPosts": "Các bài mới hơn", "published": "Đăng ngày", "updated": "Cập nhật", "search": "Tìm kiếm",
        "searchPlaceholder": "Tìm bài viết…", "searchLabel": "Tìm trong trang này",
        "skipToContent": "Chuyển đến nội dung", "home": "Trang chủ", "pageNumber": "Trang", "of": "/",
        "notFoundTitle": "Không tìm thấy trang", "notFoundText": "Không có gì ở địa chỉ này. Hãy thử tìm kiếm hoặc xem lưu trữ.",
        "subscribe": "Theo dõi", "builtWith": "Tạo bằng Despina", "postsTagged": "Bài viết có thẻ",
        "noscriptSearch": "Tìm kiếm cần JavaScript. Trang lưu trữ liệt kê mọi bài viết.",
        "redirecting": "Trang này đã chuyển đến", "menu": "Trình đơn",
        "languages": "Ngôn ngữ", "searchMore": "Thêm kết quả", "searching": "Đang tìm…",
        "searchNoResults": "Không có kết quả", "searchOneResult": "1 kết quả", "searchResults": "{count} kết quả",
        "searchSomeResults": "{shown} trên {total} kết quả", "searchUnavailable": "Không thể tìm kiếm ({error})",
        "headingLink": "Liên kết đến mục này",
    ]
}

/// Year, month, day and time of a date in a zone, computed without a
/// locale, so output does not depend on the machine's settings.
struct CalendarParts: Sendable {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// Offset from UTC in seconds at that date.
    var offset: Int

    init(_ date: Date, zone: TimeZone) {
        offset = zone.secondsFromGMT(for: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
        // Civil date from days since 1970-01-01 (proleptic Gregorian).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// `2015-06-08T10:00:00+03:00`.
    var iso8601: String {
        let (dash, colon, zone) = (UInt8(ascii: "-"), UInt8(ascii: ":"), abs(offset))
        let time: [(value: Int, width: Int, separator: UInt8?)] = [
            (year, 4, nil), (month, 2, dash), (day, 2, dash), (hour, 2, UInt8(ascii: "T")), (minute, 2, colon), (second, 2, colon)]
        guard offset != 0 else { return DecimalText.fields(time, ending: UInt8(ascii: "Z")) }
        return DecimalText.fields(time + [(zone / 3600, 2, offset < 0 ? dash : UInt8(ascii: "+")), (zone % 3600 / 60, 2, colon)])
    }

    /// `2015-06-08`.
    var isoDay: String { DecimalText.fields([(year, 4, nil), (month, 2, UInt8(ascii: "-")), (day, 2, UInt8(ascii: "-"))]) }

    /// `Mon, 08 Jun 2015 10:00:00 +0300`, as RSS wants.
    var rfc822: String {
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let daysSinceEpoch = Self.daysFromCivil(year: year, month: month, day: day)
        let weekday = weekdays[((daysSinceEpoch % 7) + 7) % 7]
        let sign = offset < 0 ? "-" : "+"
        let zone = "\(sign)\(pad(abs(offset) / 3600))\(pad(abs(offset) % 3600 / 60))"
        return "\(weekday), \(pad(day)) \(months[month - 1]) \(pad(year, 4)) \(pad(hour)):\(pad(minute)):\(pad(second)) \(zone)"
    }

    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private func pad(_ value: Int, _ width: Int = 2) -> String { DecimalText.zeroPadded(value, width: width) }
}

import Foundation
import Testing
@testable import DespinaKit

/// The search page's words (filter groups, counts, status) are in the
/// site's language, like the rest of the theme.
@Suite struct SearchPageLabelTests {
    @Test func everyLanguageHasEveryString() {
        let english = Set(Localization(language: "en").strings.keys)
        #expect(Set(Localization(language: "tr").strings.keys) == english)
        #expect(Set(Localization(language: "vi").strings.keys) == english)
    }

    @Test(arguments: [
        ("en", #"data-label-tags="Tags" data-label-languages="Languages""#
            + "\n" + #" data-label-more="More results" data-label-searching="Searching…" data-label-none="No results""#
            + "\n" + #" data-label-one="1 result" data-label-many="{count} results" data-label-some="{shown} of {total} results""#
            + "\n" + #" data-label-unavailable="Search is unavailable ({error})">"#),
        ("tr", #"data-label-tags="Etiketler" data-label-languages="Diller""#
            + "\n" + #" data-label-more="Daha fazla sonuç" data-label-searching="Aranıyor…" data-label-none="Sonuç yok""#
            + "\n" + #" data-label-one="1 sonuç" data-label-many="{count} sonuç" data-label-some="{total} sonuçtan {shown} tanesi""#
            + "\n" + #" data-label-unavailable="Arama kullanılamıyor ({error})">"#),
        ("vi", #"data-label-tags="Thẻ" data-label-languages="Ngôn ngữ""#
            + "\n" + #" data-label-more="Thêm kết quả" data-label-searching="Đang tìm…" data-label-none="Không có kết quả""#
            + "\n" + #" data-label-one="1 kết quả" data-label-many="{count} kết quả" data-label-some="{shown} trên {total} kết quả""#
            + "\n" + #" data-label-unavailable="Không thể tìm kiếm ({error})">"#),
    ])
    func searchPageCarriesTheLabelsOfTheSiteLanguage(language: String, labels: String) throws {
        let site = try TestSite(files: ["despina.yml": "language: \(language)\n"])
        defer { site.remove() }
        _ = try site.build()
        let page = try String(contentsOfFile: site.output + "/search/index.html", encoding: .utf8)
        #expect(page.contains(#"<div id="search" data-index="/search/" "# + labels), "\(page)")
    }
}

import Foundation
import Testing
@testable import DespinaKit

/// The summary fields, each declared once with the inputs it is made from:
/// a list's fingerprint holds the inputs of the fields its templates name.
@Suite struct PostSummaryFieldTests {
    static let entry = {
        var entry = plainPost("a")
        entry.title = "A"
        return entry
    }()

    @Test func theFieldsAreTheDocumentedOnes() {
        #expect(PostSummary.fieldNames == [
            "title", "url", "permalink", "description", "summaryHTML", "readingMinutes", "wordCount", "lang", "isPoem",
            "isPage", "tags", "hasTags", "hasDate", "dateISO", "dateDisplay", "updatedISO", "updatedDisplay", "image",
            "part", "extra",
        ])
    }

    /// Changing an input changes the digest of the fields made from it and
    /// of no others.
    @Test(arguments: [
        ("title", ["title"]), ("description", ["description"]), ("tags", ["tags", "hasTags"]),
        ("language", ["lang", "dateDisplay", "updatedDisplay"]), ("path", ["url", "permalink"]),
    ])
    func aFieldsDigestFollowsItsInputs(changed: String, fields: [String]) {
        var edited = Self.entry
        switch changed {
        case "title": edited.title = "B"
        case "description": edited.description = "New."
        case "tags": edited.tags = ["t"]
        case "language": edited.language = "vi"
        default: edited.path = "/posts/b/"
        }
        let before = PostSummary.Inputs(of: [Self.entry]), after = PostSummary.Inputs(of: [edited])
        for name in PostSummary.fieldNames {
            let set = PostSummary.FieldSet(among: [name])
            #expect((before.digests(for: set) != after.digests(for: set)) == fields.contains(name), "\(name)")
        }
    }

    /// A summary that let go of what it worked out (a first build does,
    /// once its pages are written) works each field out again, the same.
    @Test func aForgottenFieldIsWorkedOutAgainTheSame() {
        var entry = Self.entry
        entry.description = "About A."
        entry.tags = ["swift", "iOS"]
        entry.date = Date(timeIntervalSince1970: 1_700_000_000)
        let summary = PostSummary(post: entry, parts: PostSummary.Parts(config: SiteConfig()))
        let first = PostSummary.fieldNames.map { summary.value(forKey: $0).map { "\($0)" } }
        summary.forgetFields()
        let again = PostSummary.fieldNames.map { summary.value(forKey: $0).map { "\($0)" } }
        #expect(first == again)
        #expect(first.compactMap { $0 }.count >= 10)
    }
}

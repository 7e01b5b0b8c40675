import Foundation
import Testing
@testable import DespinaKit

/// Characters XML 1.0 forbids (a form feed, `\u{01}`) written in a post or
/// the configuration are left out of the feeds and the sitemap, which stay
/// well-formed XML.
@Suite struct XMLForbiddenCharacterTests {
    @Test func escapingDropsTheCharactersXMLForbids() {
        #expect(escapeXML("a\u{0C}b\u{01}c\u{FFFE}d\u{FFFF}e\u{1F}f\u{0}g") == "abcdefg")
        #expect(escapeXML("\t\n\r<\"é\u{FFFD}\u{FF0C}\u{FEFF}") == "\t\n\r&lt;&quot;é\u{FFFD}\u{FF0C}\u{FEFF}", "the rest is kept")
        #expect(escapeXML("plain \u{FF0C} text") == "plain \u{FF0C} text")
    }

    @Test func everyXMLFileOfASiteWithControlsInAPostParses() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/despina.yml": "baseURL: https://example.org/\ntitle: \"Notes\\f\"\ndescription: \"A \\x01 blog\"\n",
            "/site/Content/posts/controls.md": "---\ntitle: \"Form\\ffeed \\x01 title\"\ndate: 2020-05-01\n"
                + "description: \"Page\\fbreak \\x01 here\"\ntags: [\"tag\\f\", \"start\\x01\"]\n---\n"
                + "A form\u{0C}feed and a \u{01} start of heading, in *the\u{0C}body*.\n\n"
                + "```\ncode\u{0C}\u{01}\n```\n",
        ])
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent)).build(options)

        let xmlFiles = try allFiles(under: "/site/Output", in: fileSystem).filter { $0.hasSuffix(".xml") }.sorted()
        #expect(xmlFiles == [
            "atom.xml", "rss.xml", "sitemap.xml", "tags/start/atom.xml", "tags/start/rss.xml",
            "tags/tag/atom.xml", "tags/tag/rss.xml",
        ])
        for file in xmlFiles {
            let bytes = try fileSystem.contents(of: "/site/Output/" + file)
            #expect(!bytes.contains(0x0C) && !bytes.contains(0x01), "\(file) has no forbidden character")
            let texts = XMLTexts(parsing: bytes)
            #expect(texts != nil, "\(file) parses as XML")
            if file.hasSuffix("rss.xml") {
                let text = texts?.texts.joined() ?? ""
                #expect(text.contains("Formfeed  title"), "\(file)")
                #expect(text.contains("<p>A formfeed and a  start of heading, in <em>thebody</em>.</p>"), "\(file)")
            }
        }
        let atom = try fileSystem.text(of: "/site/Output/atom.xml")
        #expect(atom.contains("<title>Notes</title>\n"))
        #expect(atom.contains("<category term=\"tag\"/>\n<category term=\"start\"/>\n"))
        #expect(atom.contains("<summary>Pagebreak  here</summary>\n"))
    }

    /// The paths of the files below `folder`, relative to it.
    func allFiles(under folder: String, in fileSystem: MemoryFileSystem) throws -> [String] {
        try fileSystem.entries(of: folder).flatMap { entry -> [String] in
            let path = folder + "/" + entry.name
            return entry.kind == .directory
                ? try allFiles(under: path, in: fileSystem).map { entry.name + "/" + $0 }
                : [entry.name]
        }
    }
}

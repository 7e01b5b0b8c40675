import DespinaKit
import Foundation
import Testing

/// One bad input for a small site: what is changed after a good build, and
/// exactly what `despina build` prints on standard error and returns.
struct BadInput: Sendable, CustomTestStringConvertible {
    /// A change to the site folder.
    enum Change: Sendable {
        case write(String, [UInt8])
        /// A file in the folder `String` whose name is these bytes (not
        /// always UTF-8, so not a `String`).
        case writeNamed(String, name: [UInt8], [UInt8])
        /// A folder in the folder `String` whose name is these bytes.
        case folderNamed(String, name: [UInt8])
        case symbolicLink(String, destination: String)
        case fifo(String)
        case remove(String)
        case unreadable(String)

        static func text(_ path: String, _ text: String) -> Change { .write(path, Array(text.utf8)) }
    }

    var name: String
    var changes: [Change]
    /// Arguments after `build SITE`; `$SITE` stands for the site folder.
    var arguments: [String] = []
    /// The lines of standard error; `$SITE` stands for the site folder.
    var standardError: [String]
    var status: Int32
    /// Files (relative to the site folder) a successful build must have written.
    var published: [String] = []
    /// Paths (relative to the site folder) the build must not have made,
    /// whether it succeeded or not.
    var absent: [String] = []

    var testDescription: String { name }

    static let failed = "despina: the build failed; the previous output is unchanged"

    /// A post whose front matter is `frontMatter`, written as `second.md`.
    static func post(_ frontMatter: String, body: String = "Hi.\n") -> Change {
        .text("Content/posts/second.md", "---\n\(frontMatter)\n---\n\(body)")
    }
}

/// The catalogue of bad inputs, run through the real executable: every case
/// checks the exact messages (file, line, column), the exit status, and that
/// a failed build leaves the previous `Output/` byte for byte as it was.
@Suite(.tags(.slow), .disabled(if: quickTestsOnly, quickTestsNote)) struct BadInputCatalogueTests {
    static let second = "Content/posts/second.md"

    static let frontMatterCases: [BadInput] = [
        BadInput(name: "a number where a list of tags belongs", changes: [BadInput.post("title: Second\ntags: 5")],
                 standardError: ["\(second):3:7: error: expected a list of strings for 'tags', found the number 5", BadInput.failed],
                 status: 1),
        BadInput(name: "a date that is not a date", changes: [BadInput.post("title: Second\ndate: someday")],
                 standardError: ["\(second):3:7: error: expected a date like 2015-06-08 or 2015-06-08 10:00 for 'date', found 'someday'",
                                 BadInput.failed], status: 1),
        BadInput(name: "the 30th of February", changes: [BadInput.post("title: Second\ndate: 2025-02-30")],
                 standardError: ["\(second):3:7: error: expected a date like 2015-06-08 or 2015-06-08 10:00 for 'date', found '2025-02-30'",
                                 BadInput.failed], status: 1),
        BadInput(name: "a yes-or-no key that is neither", changes: [BadInput.post("title: Second\ndraft: maybe")],
                 standardError: ["\(second):3:8: error: expected true or false for 'draft', found 'maybe'", BadInput.failed],
                 status: 1),
        BadInput(name: "a list where a title belongs", changes: [BadInput.post("title: [a, b]")],
                 standardError: ["\(second):2:8: error: expected a string for 'title', found a list", BadInput.failed],
                 status: 1),
        BadInput(name: "a series part of zero", changes: [BadInput.post("title: Second\nseries: Intro\nseriesPart: 0")],
                 standardError: ["\(second):4:13: error: 'seriesPart' must be at least 1, found 0", BadInput.failed],
                 status: 1),
        BadInput(name: "a negative series part", changes: [BadInput.post("title: Second\nseries: Intro\nseries_part: -3")],
                 standardError: ["\(second):4:14: error: 'series_part' must be at least 1, found -3", BadInput.failed],
                 status: 1),
        BadInput(name: "a word where a series part number belongs", changes: [BadInput.post("title: Second\nseriesPart: two")],
                 standardError: ["\(second):3:13: error: expected a whole number for 'seriesPart', found 'two'", BadInput.failed],
                 status: 1),
        BadInput(name: "YAML syntax: an unclosed list", changes: [BadInput.post("title: [Second\ndate: 2025-01-03")],
                 standardError: ["\(second):2:8: error: invalid YAML: this list is never closed; add ']' after its last item", BadInput.failed],
                 status: 1),
        BadInput(name: "YAML syntax: a list item indented with a tab", changes: [BadInput.post("title: Second\ntags:\n\t- swift")],
                 standardError: ["\(second):4:1: error: invalid YAML: YAML does not allow tabs for indentation; indent with spaces", BadInput.failed],
                 status: 1),
        BadInput(name: "a key written twice", changes: [BadInput.post("title: Second\ndate: 2025-01-03\ntitle: Again")],
                 standardError: ["\(second):4:1: error: duplicate key 'title' (first defined on line 2 as 'title')", BadInput.failed],
                 status: 1),
        BadInput(name: "front matter that is a list", changes: [BadInput.post("- title\n- date")],
                 standardError: ["\(second):2:1: error: front matter must be keys with values, like 'title: Hello', found a list",
                                 BadInput.failed], status: 1),
        BadInput(name: "no closing ---", changes: [.text(second, "---\ntitle: Second\n\nHi.\n")],
                 standardError: ["\(second):1:1: error: the front matter that starts here is never closed; add a line '---' after it",
                                 BadInput.failed], status: 1),
        BadInput(name: "a byte order mark and an error", changes: [.write(second, [0xEF, 0xBB, 0xBF] + Array("---\ntitle: Second\ntags: 5\n---\nHi.\n".utf8))],
                 standardError: ["\(second):3:7: error: expected a list of strings for 'tags', found the number 5", BadInput.failed],
                 status: 1),
        BadInput(name: "CRLF line endings and an error", changes: [.text(second, "---\r\ntitle: Second\r\ntags: 5\r\n---\r\nHi.\r\n")],
                 standardError: ["\(second):3:7: error: expected a list of strings for 'tags', found the number 5", BadInput.failed],
                 status: 1),
        BadInput(name: "a byte order mark, CRLF, capitalised keys and an unpadded date",
                 changes: [.write(second, [0xEF, 0xBB, 0xBF] + Array("---\r\nTitle: Second\r\nDate: 2016-1-29 8:00:00\r\n---\r\nHi.\r\n".utf8))],
                 standardError: [], status: 0, published: ["Output/posts/second/index.html"]),
        BadInput(name: "an empty file", changes: [.text(second, "")],
                 standardError: ["\(second): warning: the file is empty; it is published as an empty page titled after its file name"],
                 status: 0, published: ["Output/posts/second/index.html"]),
        BadInput(name: "TOML front matter", changes: [.text(second, "+++\ntitle = \"Second\"\nslug = \"deux\"\n+++\nHi.\n")],
                 standardError: [], status: 0, published: ["Output/posts/deux/index.html"]),
        BadInput(name: "TOML front matter with an error", changes: [.text(second, "+++\ntitle = \"Second\"\ntags = [\"a\" \"b\"]\n+++\nHi.\n")],
                 standardError: ["\(second):3:13: error: invalid TOML: expected ',' or ']' in this array", BadInput.failed],
                 status: 1),
        BadInput(name: "a Jekyll file name with an unpadded date", changes: [.text("Content/posts/2014-3-5-old-news.md", "---\ntitle: Old\n---\nHi.\n")],
                 standardError: [], status: 0, published: ["Output/posts/old-news/index.html"]),
        BadInput(name: "an unknown layout", changes: [BadInput.post("title: Second\nlayout: default")],
                 standardError: ["\(second):3:9: warning: unknown layout 'default'; using 'post' (layouts: page, poem, post)"],
                 status: 0, published: ["Output/posts/second/index.html"]),
    ]

    static let markdownCases: [BadInput] = [
        BadInput(name: "invalid UTF-8", changes: [.write(second, Array("---\ntitle: Second\n---\nKỹ ".utf8) + [0xFF] + Array(" thuật\n".utf8))],
                 standardError: ["\(second):4:4: error: the file is not valid UTF-8 (byte 0xFF); save it as UTF-8", BadInput.failed],
                 status: 1),
        BadInput(name: "an encoded UTF-16 surrogate", changes: [.write(second, Array("---\ntitle: Second\n---\nab".utf8) + [0xED, 0xA0, 0x80])],
                 standardError: ["\(second):4:3: error: the file is not valid UTF-8 (byte 0xED); save it as UTF-8", BadInput.failed],
                 status: 1),
        BadInput(name: "a NUL byte", changes: [.write(second, Array("---\ntitle: Second\n---\nOne\nTwö ".utf8) + [0] + Array("x\n".utf8))],
                 standardError: ["\(second):5:5: error: the file contains a NUL byte (0x00); remove it or save the file as plain text",
                                 BadInput.failed], status: 1),
        BadInput(name: "a NUL byte in the front matter", changes: [.write(second, Array("---\ntitle: Sec".utf8) + [0] + Array("ond\n---\n".utf8))],
                 standardError: ["\(second):2:11: error: the file contains a NUL byte (0x00); remove it or save the file as plain text",
                                 BadInput.failed], status: 1),
        BadInput(name: "a link to a missing post", changes: [BadInput.post("title: Second", body: "See [it](gone.md).\n")],
                 standardError: ["\(second):4:5: warning: the link 'gone.md' matches no post or page of this build (missing, a draft or dated in the future)"],
                 status: 0, published: ["Output/posts/second/index.html"]),
        BadInput(name: "Liquid tags and output",
                 changes: [BadInput.post("title: Second", body: "Go {% link a.md %} or `{% raw %}` to\n\n    {{ code }}\n\n{{- page.url -}}\n")],
                 standardError: ["\(second):4:4: warning: {% link a.md %} matches no page or file of this build (missing, a draft or dated in the future)",
                                 "\(second):8:1: warning: Liquid output {{ page.url }} is not supported; it is shown as text"],
                 status: 0, published: ["Output/posts/second/index.html"]),
        BadInput(name: "Hugo shortcodes", changes: [BadInput.post("title: Second", body: "Ünï {{< youtube id=\"x\" >}} {{< mermaid >}}\n~~~\n{{% note %}}\n~~~\n")],
                 standardError: ["\(second):4:28: warning: Hugo shortcode {{< mermaid >}} is not built in (a site's or theme's own) and cannot run here; "
                                 + "its tags are left out and the text inside is kept"],
                 status: 0, published: ["Output/posts/second/index.html"]),
        BadInput(name: "a 10 MB line", changes: [BadInput.post("title: Second", body: String(repeating: "word ", count: 2_000_000) + "\n")],
                 standardError: [], status: 0, published: ["Output/posts/second/index.html"]),
        BadInput(name: "10,000 nested block quotes", changes: [BadInput.post("title: Second", body: String(repeating: ">", count: 10_000) + " deep\n")],
                 standardError: [], status: 0, published: ["Output/posts/second/index.html"]),
        BadInput(name: "10,000 nested list items", changes: [BadInput.post("title: Second", body: String(repeating: "* ", count: 10_000) + "deep\n")],
                 standardError: [], status: 0, published: ["Output/posts/second/index.html"]),
        BadInput(name: "10,000 open brackets and emphasis marks",
                 changes: [BadInput.post("title: Second", body: String(repeating: "[*", count: 10_000) + "x\n")],
                 standardError: [], status: 0, published: ["Output/posts/second/index.html"]),
        BadInput(name: "a table of 2,000 rows and 50 columns", changes: [BadInput.post("title: Second", body: hugeTable)],
                 standardError: [], status: 0, published: ["Output/posts/second/index.html"]),
    ]

    /// A pipe table of 2,000 rows and 50 columns.
    static let hugeTable: String = {
        let columns = 0..<50
        var lines = ["| " + columns.map { "c\($0)" }.joined(separator: " | ") + " |",
                     "|" + columns.map { _ in "---" }.joined(separator: "|") + "|"]
        for row in 0..<2_000 {
            lines.append("| " + columns.map { "r\(row)c\($0)" }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let templateCases: [BadInput] = [
        BadInput(name: "a section never closed", changes: [.text("Templates/post.mustache", "<article>\n  {{#page}}\n<p>{{title}}</p>\n")],
                 standardError: ["Templates/post.mustache:2:3: error: section {{#page}} is never closed: expected {{/page}} before the end of the template",
                                 BadInput.failed], status: 1),
        BadInput(name: "a closing tag without a section", changes: [.text("Templates/post.mustache", "<p>\n{{/page}}</p>\n")],
                 standardError: ["Templates/post.mustache:2:1: error: closing tag {{/page}} has no open section to close", BadInput.failed],
                 status: 1),
        BadInput(name: "a closing tag for another section", changes: [.text("Templates/post.mustache", "{{#page}}\n  {{/post}}\n")],
                 standardError: ["Templates/post.mustache:2:3: error: closing tag {{/post}} does not match the open section {{#page}}",
                                 BadInput.failed], status: 1),
        BadInput(name: "a tag never closed", changes: [.text("Templates/gallery.mustache", "{{title}\n")],
                 standardError: ["Templates/gallery.mustache:1:1: error: tag {{ is never closed: expected }}", BadInput.failed],
                 status: 1),
        BadInput(name: "a missing partial", changes: [.text("Templates/post.mustache", "<p>{{> byline}}</p>\n")],
                 standardError: ["Templates/post.mustache:1:4: error: partial \"byline\" not found: no template has that name", BadInput.failed],
                 status: 1),
        BadInput(name: "a tag without a name", changes: [.text("Templates/post.mustache", "<p>{{}}</p>\n")],
                 standardError: ["Templates/post.mustache:1:4: error: tag {{}} has no name", BadInput.failed],
                 status: 1),
        BadInput(name: "a space inside a name", changes: [.text("Templates/post.mustache", "<p>{{page title}}</p>\n")],
                 standardError: ["Templates/post.mustache:1:4: error: tag {{page title}} has a space inside its name \"page title\"",
                                 BadInput.failed], status: 1),
        BadInput(name: "an empty part in a dotted name", changes: [.text("Templates/post.mustache", "<p>{{page..title}}</p>\n")],
                 standardError: ["Templates/post.mustache:1:4: error: tag {{page..title}} has an empty part in the dotted name \"page..title\"",
                                 BadInput.failed], status: 1),
        BadInput(name: "a bad set-delimiter tag", changes: [.text("Templates/post.mustache", "{{=<% %>}}\n")],
                 standardError: ["Templates/post.mustache:1:1: error: set-delimiter tag {{=<% %>}} must end with '=' before its closing delimiter, as in {{=<% %>=}}",
                                 BadInput.failed], status: 1),
        BadInput(name: "sections nested 101 deep",
                 changes: [.text("Templates/post.mustache", String(repeating: "{{#page}}", count: 101) + String(repeating: "{{/page}}", count: 101))],
                 standardError: ["Templates/post.mustache:1:901: error: sections are nested more than 100 levels deep at {{#page}}", BadInput.failed],
                 status: 1),
        BadInput(name: "a partial that includes itself", changes: [.text("Templates/post-meta.mustache", "<p>{{> post-meta}}</p>\n")],
                 standardError: ["Templates/post-meta.mustache:1:4: error: templates are nested more than 100 levels deep at \"post-meta\"; does a partial include itself?",
                                 BadInput.failed], status: 1),
        BadInput(name: "two files for one template",
                 changes: [.text("Templates/post.mustache", "<p>{{title}}</p>\n"), .text("Templates/post.html", "<p>{{title}}</p>\n")],
                 standardError: ["Templates/post.mustache: error: Templates/post.html and Templates/post.mustache are both the template 'post'; keep one", BadInput.failed],
                 status: 1),
        BadInput(name: "a template that is not UTF-8", changes: [.write("Templates/post.mustache", Array("<p>".utf8) + [0xFF])],
                 standardError: ["Templates/post.mustache:1:4: error: the template is not valid UTF-8 (byte 0xFF); save it as UTF-8", BadInput.failed],
                 status: 1),
    ]

    static let configurationCases: [BadInput] = [
        BadInput(name: "unknown configuration keys", changes: [.text("despina.yml", "titel: Notes\nmarkdown:\n  smartPuncuation: false\n")],
                 standardError: ["despina.yml:1:1: warning: unknown key 'titel'; did you mean 'title'?",
                                 "despina.yml:3:3: warning: unknown key 'markdown.smartPuncuation'; did you mean 'markdown.smartPunctuation'?"],
                 status: 0, published: ["Output/posts/first/index.html"]),
        BadInput(name: "an unknown search key", changes: [.text("despina.yml", "search:\n  enable: false\n")],
                 standardError: ["despina.yml:2:3: warning: unknown key 'search.enable'; did you mean 'search.enabled'?"],
                 status: 0, published: ["Output/posts/first/index.html"]),
        BadInput(name: "an unknown time zone", changes: [.text("despina.yml", "timeZone: Mars/Base\n")],
                 standardError: ["despina.yml:1:11: error: unknown time zone 'Mars/Base' for 'timeZone'; use a name like Europe/Istanbul or UTC",
                                 BadInput.failed], status: 1),
        BadInput(name: "zero posts per page", changes: [.text("despina.yml", "postsPerPage: 0\n")],
                 standardError: ["despina.yml:1:15: error: 'postsPerPage' must be from 1 to 1000, found 0", BadInput.failed], status: 1),
        BadInput(name: "a word for posts per page", changes: [.text("despina.yml", "title: Notes\npostsPerPage: many\n")],
                 standardError: ["despina.yml:2:15: error: expected a whole number for 'postsPerPage', found 'many'", BadInput.failed], status: 1),
        BadInput(name: "a number for the base URL", changes: [.text("despina.yml", "baseURL: 5\n")],
                 standardError: ["despina.yml:1:10: error: expected a string for 'baseURL', found the number 5", BadInput.failed], status: 1),
        BadInput(name: "a base URL without a scheme", changes: [.text("despina.yml", "baseURL: example.org/blog\n")],
                 standardError: ["despina.yml:1:10: error: 'baseURL' must be an absolute http or https URL like https://example.org/blog/, found 'example.org/blog'",
                                 BadInput.failed], status: 1),
        BadInput(name: "a word where a mapping belongs", changes: [.text("despina.yml", "search: yes\n")],
                 standardError: ["despina.yml:1:9: error: expected a mapping for 'search', found 'yes'", BadInput.failed], status: 1),
        BadInput(name: "a nested value of the wrong type", changes: [.text("despina.yml", "markdown:\n  unsafeHTML: sometimes\n")],
                 standardError: ["despina.yml:2:15: error: expected true or false for 'unsafeHTML', found 'sometimes'", BadInput.failed], status: 1),
        BadInput(name: "invalid YAML", changes: [.text("despina.yml", "title: [\n")],
                 standardError: ["despina.yml:2:1: error: invalid YAML: expected a value here", BadInput.failed], status: 1),
        BadInput(name: "a configuration that is not UTF-8", changes: [.write("despina.yml", Array("title: No".utf8) + [0xC3, 0x28, 0x0A])],
                 standardError: ["despina.yml:1:10: error: the file is not valid UTF-8", BadInput.failed], status: 1),
    ]

    static let layoutCases: [BadInput] = [
        BadInput(name: "two posts with one slug", changes: [BadInput.post("title: Second\ndate: 2025-01-03\nslug: first")],
                 standardError: ["\(second):4:7: error: the URL '/posts/first/' is also the URL of Content/posts/first.md; give one of them another slug",
                                 BadInput.failed], status: 1),
        BadInput(name: "a page whose URL is a file copied from Content", changes: [.text("Content/about/index.html", "<p>Old</p>\n")],
                 standardError: ["Content/about.md: error: the URL '/about/' is also the path of Content/about/index.html, "
                                     + "a file copied from Content/; move or rename the file, or give the page another slug",
                                 BadInput.failed], status: 1),
        BadInput(name: "a file copied from Content in place of the site's feed", changes: [.text("Content/rss.xml", "<rss/>\n")],
                 standardError: ["Content/rss.xml: error: the site writes 'rss.xml' itself; move or rename this file", BadInput.failed],
                 status: 1),
        BadInput(name: "two posts with one id", changes: [BadInput.post("title: Second\nid: posts/first")],
                 standardError: ["\(second):3:5: error: the id 'posts/first' is also the id of Content/posts/first.md; give each post its own id",
                                 BadInput.failed], status: 1),
        BadInput(name: "a permalink that leaves the output folder", changes: [BadInput.post("title: Second\npermalink: /../../etc/")],
                 standardError: ["\(second):3:12: error: the URL '/../../etc/' would leave the output folder", BadInput.failed], status: 1),
        BadInput(name: "an alias the site uses itself", changes: [BadInput.post("title: Second\naliases: [/tags/]")],
                 standardError: ["\(second):3:10: error: the alias '/tags/' is used by the site itself; choose another alias", BadInput.failed],
                 status: 1),
        BadInput(name: "a file name with spaces", changes: [.text("Content/posts/my first post.md", "---\ntitle: Spaces\n---\nHi.\n")],
                 standardError: [], status: 0, published: ["Output/posts/my-first-post/index.html"]),
        BadInput(name: "a non-ASCII file name", changes: [.text("Content/posts/Kỹ thuật mới.md", "---\ntitle: Kỹ thuật\n---\nHi.\n")],
                 standardError: [], status: 0, published: ["Output/posts/ky-thuat-moi/index.html"]),
        BadInput(name: "a hidden Markdown file", changes: [.text("Content/posts/.draft.md", "---\ntitle: Hidden\n---\nHi.\n"),
                                                         .text("Content/posts/.DS_Store", "x")],
                 standardError: ["Content/posts/.draft.md: warning: hidden file (its name starts with '.'); skipped, remove the '.' to publish it"],
                 status: 0, published: ["Output/posts/first/index.html"]),
        BadInput(name: "a symbolic link loop", changes: [.symbolicLink("Content/posts/loop.md", destination: "loop.md")],
                 standardError: ["Content/posts/loop.md: warning: this link cannot be resolved (it points nowhere or loops); skipped"],
                 status: 0, published: ["Output/posts/first/index.html"]),
        BadInput(name: "a dangling symbolic link (unreadable)", changes: [.symbolicLink("Content/posts/gone.md", destination: "nowhere/gone.md")],
                 standardError: ["Content/posts/gone.md: warning: this link cannot be resolved (it points nowhere or loops); skipped"],
                 status: 0, published: ["Output/posts/first/index.html"]),
        BadInput(name: "a link to a folder", changes: [.symbolicLink("Content/posts/more", destination: "..")],
                 standardError: ["Content/posts/more: warning: links to folders are not followed; skipped"],
                 status: 0, published: ["Output/posts/first/index.html"]),
        BadInput(name: "a named pipe", changes: [.fifo("Content/posts/pipe.md")],
                 standardError: ["Content/posts/pipe.md: warning: this is a named pipe, not a regular file; skipped"],
                 status: 0, published: ["Output/posts/first/index.html"]),
        BadInput(name: "no Content folder", changes: [.remove("Content")],
                 standardError: ["Content: error: no Content folder in $SITE; a site needs Content/ with its posts", BadInput.failed],
                 status: 1),
    ]

    /// A file its owner cannot read: only meaningful for a user other than
    /// root, who reads every file regardless of its mode; as root the
    /// dangling link and the named pipe above are the unreadable inputs.
    static let unreadableCases: [BadInput] = getuid() == 0 ? [] : [
        BadInput(name: "a file without read permission", changes: [.text(second, "---\ntitle: Second\n---\nHi.\n"), .unreadable(second)],
                 standardError: ["\(second): error: cannot read the file: the file cannot be read (permission denied)", BadInput.failed],
                 status: 1),
    ]

    static let outputCases: [BadInput] = [
        BadInput(name: "an output folder inside Content", changes: [], arguments: ["--output", "$SITE/Content/site"],
                 standardError: ["$SITE/Content/site: error: the output folder is inside Content/; choose a folder outside it", BadInput.failed],
                 status: 1),
        BadInput(name: "the Content folder as output", changes: [], arguments: ["--output", "$SITE/Content"],
                 standardError: ["$SITE/Content: error: the output folder would replace $SITE/Content; choose another --output", BadInput.failed],
                 status: 1),
        BadInput(name: "the site folder as output", changes: [], arguments: ["--output", "$SITE"],
                 standardError: ["$SITE: error: the output folder would replace $SITE/Content; choose another --output", BadInput.failed],
                 status: 1),
        BadInput(name: "an output folder Despina did not make", changes: [.text("Other/notes.txt", "mine\n")],
                 arguments: ["--output", "$SITE/Other"],
                 standardError: ["$SITE/Other: error: the output folder is not empty and was not made by Despina; refusing to build into it (use --force to build into it; the files there are kept)",
                                 BadInput.failed], status: 1),
        BadInput(name: "an output folder Despina did not make, with --force", changes: [.text("Other/notes.txt", "mine\n")],
                 arguments: ["--output", "$SITE/Other", "--force"],
                 standardError: ["$SITE/Other: warning: kept 1 name this build did not make (notes.txt): "
                                 + "Despina keeps what it did not make; delete any that are pages of an earlier build"],
                 status: 0, published: ["Other/posts/first/index.html", "Other/.despina-output", "Other/notes.txt"]),
        BadInput(name: "an output path that is a file", changes: [.text("Other", "mine\n")], arguments: ["--output", "$SITE/Other"],
                 standardError: ["$SITE/Other: error: the output path exists and is not a folder", BadInput.failed], status: 1),
    ]

    /// Links that lead out of the site, or to what is not a file, and
    /// names Despina keeps for itself or cannot read.
    static let fileCases: [BadInput] = [
        BadInput(name: "a post linked to a file outside the site", changes: [.symbolicLink("Content/posts/passwd.md", destination: "/etc/passwd")],
                 standardError: ["Content/posts/passwd.md: warning: this link points outside the site folder, to /etc/passwd; skipped "
                                 + "(copy the file into the site to publish it)"],
                 status: 0, published: ["Output/posts/first/index.html"], absent: ["Output/posts/passwd/index.html"]),
        BadInput(name: "a copied file linked to a file outside the site", changes: [.symbolicLink("Content/notes.txt", destination: "/etc/passwd")],
                 standardError: ["Content/notes.txt: warning: this link points outside the site folder, to /etc/passwd; skipped "
                                 + "(copy the file into the site to publish it)"],
                 status: 0, published: ["Output/posts/first/index.html"], absent: ["Output/notes.txt"]),
        BadInput(name: "a link to a device outside the site", changes: [.symbolicLink("Content/zero.bin", destination: "/dev/zero")],
                 standardError: ["Content/zero.bin: warning: this link points outside the site folder, to /dev/zero (a character device); skipped "
                                 + "(copy the file into the site to publish it)"],
                 status: 0, published: ["Output/posts/first/index.html"], absent: ["Output/zero.bin"]),
        BadInput(name: "a link to a named pipe inside the site", changes: [.fifo("pipe"), .symbolicLink("Content/posts/pipe.md", destination: "../../pipe")],
                 standardError: ["Content/posts/pipe.md: warning: this link points to a named pipe, $SITE/pipe, not a regular file; skipped"],
                 status: 0, published: ["Output/posts/first/index.html"], absent: ["Output/posts/pipe/index.html"]),
        BadInput(name: "a link to a hidden file of the site", changes: [.text(".env", "TOKEN=secret\n"), .symbolicLink("Content/env.txt", destination: "../.env")],
                 standardError: ["Content/env.txt: warning: this link points to $SITE/.env, a hidden file or folder; skipped (hidden files are never published)"],
                 status: 0, published: ["Output/posts/first/index.html"], absent: ["Output/env.txt"]),
        BadInput(name: "a link to a post kept elsewhere in the site",
                 changes: [.text("drafts/shared.md", "---\ntitle: Shared\n---\nHi.\n"),
                           .symbolicLink("Content/posts/shared.md", destination: "../../drafts/shared.md")],
                 standardError: [], status: 0, published: ["Output/posts/shared/index.html"]),
        BadInput(name: "a theme file linked to a file outside the site", changes: [.symbolicLink("Templates/assets/x.css", destination: "/etc/passwd")],
                 standardError: ["Templates/assets/x.css: warning: this link points outside the site folder, to /etc/passwd; skipped "
                                 + "(copy the file into the site to publish it)"],
                 status: 0, published: ["Output/assets/style.css"], absent: ["Output/assets/x.css"]),
        BadInput(name: "a template linked to a file outside the site", changes: [.symbolicLink("Templates/post.mustache", destination: "/etc/passwd")],
                 standardError: ["Templates/post.mustache: warning: this link points outside the site folder, to /etc/passwd; skipped "
                                 + "(copy the file into the site to publish it)"],
                 status: 0, published: ["Output/posts/first/index.html"]),
        BadInput(name: "a configuration linked to a file outside the site",
                 changes: [.remove("despina.yml"), .symbolicLink("despina.yml", destination: "/etc/passwd")],
                 standardError: ["despina.yml: error: this link points outside the site folder, to /etc/passwd; settings are read only "
                                 + "from inside the site, so copy the file here", BadInput.failed],
                 status: 1),
        BadInput(name: "an output folder inside Content through a link", changes: [.symbolicLink("published", destination: "Content")],
                 arguments: ["--output", "$SITE/published/public"],
                 standardError: ["$SITE/published/public: error: the output folder is inside Content/ (through a link: $SITE/Content/public); "
                                 + "choose a folder outside it", BadInput.failed],
                 status: 1, absent: ["Content/public", "Content/.public.staging"]),
        BadInput(name: "an output folder inside Templates", changes: [], arguments: ["--output", "$SITE/Templates/site"],
                 standardError: ["$SITE/Templates/site: error: the output folder is inside Templates/; choose a folder outside it", BadInput.failed],
                 status: 1, absent: ["Templates"]),
        BadInput(name: "an output folder inside the cache", changes: [], arguments: ["--output", "$SITE/.despina/site"],
                 standardError: ["$SITE/.despina/site: error: the output folder is inside .despina/; choose a folder outside it", BadInput.failed],
                 status: 1, absent: [".despina/site"]),
        BadInput(name: "a cache folder that is a link", changes: [.remove(".despina"), .symbolicLink(".despina", destination: "Content")],
                 standardError: [".despina: error: the cache folder is a link, to $SITE/Content; Despina writes its cache only into a folder "
                                 + "of its own in the site, so remove it", BadInput.failed],
                 status: 1, absent: ["Content/cache", "Content/output", "Content/build.lock"]),
        BadInput(name: "a permalink that is the output's marker", changes: [BadInput.post("title: Second\npermalink: /.despina-output")],
                 standardError: ["\(second):3:12: error: the URL '/.despina-output' starts with '.despina-output', a name Despina keeps for "
                                 + "its own files; choose another slug or permalink", BadInput.failed],
                 status: 1),
        BadInput(name: "a page permalink that is the name of the previous site's folder",
                 changes: [.text("Content/old.md", "---\ntitle: Old\npermalink: /.Output.previous/\n---\nHi.\n")],
                 standardError: ["Content/old.md:3:12: error: the URL '/.Output.previous/' starts with '.Output.previous', a name Despina keeps "
                                 + "for its own files; choose another slug or permalink", BadInput.failed],
                 status: 1),
        BadInput(name: "an alias into the cache folder's name", changes: [BadInput.post("title: Second\naliases: [/.despina/x/]")],
                 standardError: ["\(second):3:10: error: the alias '/.despina/x/' is used by the site itself; choose another alias", BadInput.failed],
                 status: 1),
        BadInput(name: "a file name that is not UTF-8",
                 changes: [.writeNamed("Content/posts", name: Array("caf".utf8) + [0xE9] + Array(".md".utf8), Array("---\ntitle: Café\n---\nHi.\n".utf8))],
                 standardError: ["Content/posts/caf\\xE9.md: error: the file name is not valid UTF-8 (each \\xNN is a byte that is not); rename the file",
                                 BadInput.failed],
                 status: 1),
        BadInput(name: "a folder name that is not UTF-8",
                 changes: [.folderNamed("Content", name: [0x4E, 0xE4, 0x63, 0x68])],
                 standardError: ["Content/N\\xE4ch: error: the folder name is not valid UTF-8 (each \\xNN is a byte that is not); rename the folder",
                                 BadInput.failed],
                 status: 1),
        BadInput(name: "a theme file name that is not UTF-8",
                 changes: [.writeNamed("Templates/assets", name: Array("caf".utf8) + [0xE9, 0x2E, 0x63, 0x73, 0x73], Array("p {}\n".utf8))],
                 standardError: ["Templates/assets/caf\\xE9.css: error: the file name is not valid UTF-8 (each \\xNN is a byte that is not); rename the file",
                                 BadInput.failed],
                 status: 1),
    ]

    static let cases = frontMatterCases + markdownCases + templateCases + configurationCases + layoutCases
        + unreadableCases + outputCases + fileCases

    @Test func theCatalogueHasAtLeastFortyCases() {
        #expect(Self.cases.count >= 40)
    }

    @Test(arguments: cases)
    func badInput(_ input: BadInput) throws {
        let temporary = try makeTemporaryDirectory()
        defer {
            _ = chmod(temporary + "/site/" + Self.second, 0o644)
            // Despina's own removal: it also removes names that are not UTF-8.
            try? LocalFileSystem().removeItem(at: temporary)
        }
        let site = temporary + "/site"
        try Self.writeGoodSite(at: site)
        let good = try Self.build(site, [])
        try #require(good.status == 0, "the good site did not build: \(good.standardError)")
        let before = try snapshot(of: site + "/Output")
        #expect(before["posts/first/index.html"] != nil)

        for change in input.changes { try Self.apply(change, in: site) }
        let run = try Self.build(site, input.arguments.map { $0.replacingOccurrences(of: "$SITE", with: site) })
        let expected = input.standardError.map { $0.replacingOccurrences(of: "$SITE", with: site) }
        #expect(run.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == expected)
        #expect(run.status == input.status)
        for path in input.absent {
            var status = stat()
            #expect(lstat(site + "/" + path, &status) != 0, "\(path) was made")
        }
        if input.status == 0 {
            #expect(run.standardOutput.hasPrefix("Built "), "\(run.standardOutput)")
            for file in input.published {
                #expect(FileManager.default.fileExists(atPath: site + "/" + file), "\(file) was not written")
            }
        } else {
            #expect(run.standardOutput == "")
            #expect(try snapshot(of: site + "/Output") == before, "the failed build changed Output/")
            #expect(!FileManager.default.fileExists(atPath: site + "/.Output.staging"), "a staging folder was left behind")
        }
    }

    /// A post, a page and a configuration file, building without a warning.
    static func writeGoodSite(at site: String) throws {
        try apply(.text("despina.yml", "title: Catalogue\n"), in: site)
        try apply(.text("Content/posts/first.md", "---\ntitle: First\ndate: 2025-01-02\n---\nHello.\n"), in: site)
        try apply(.text("Content/about.md", "---\ntitle: About\n---\nAbout me.\n"), in: site)
    }

    static func apply(_ change: BadInput.Change, in site: String) throws {
        let manager = FileManager.default
        /// The path of `name` in `folder` (made), as the bytes a system call takes.
        func namedPath(_ folder: String, _ name: [UInt8]) throws -> [CChar] {
            let folderPath = site + "/" + folder
            try manager.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
            return (Array(folderPath.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
        }
        func parent(of path: String) throws -> String {
            let full = site + "/" + path
            try manager.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            return full
        }
        switch change {
        case .write(let path, let bytes):
            try Data(bytes).write(to: URL(fileURLWithPath: try parent(of: path)))
        case .writeNamed(let folder, let name, let bytes):
            let descriptor = open(try namedPath(folder, name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            #expect(descriptor >= 0)
            _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        case .folderNamed(let folder, let name):
            #expect(mkdir(try namedPath(folder, name), 0o755) == 0)
        case .symbolicLink(let path, let destination):
            try manager.createSymbolicLink(atPath: try parent(of: path), withDestinationPath: destination)
        case .fifo(let path):
            #expect(mkfifo(try parent(of: path), 0o644) == 0)
        case .remove(let path):
            try manager.removeItem(atPath: site + "/" + path)
        case .unreadable(let path):
            #expect(chmod(site + "/" + path, 0) == 0)
        }
    }

    /// Runs `despina build SITE arguments...`.
    static func build(_ site: String, _ arguments: [String]) throws -> CommandLineTests.Run {
        try despina(["build", site] + arguments)
    }

    /// Runs `despina arguments...` in a process of its own.
    static func despina(_ arguments: [String]) throws -> CommandLineTests.Run {
        let executable = try #require(CommandLineTests.executable, "the despina executable is not built")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outputURL = URL(fileURLWithPath: folder + "/stdout"), errorURL = URL(fileURLWithPath: folder + "/stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return CommandLineTests.Run(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}

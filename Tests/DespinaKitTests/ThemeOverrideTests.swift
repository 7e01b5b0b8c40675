import Foundation
import Testing
@testable import DespinaKit

/// A site's own templates replace the built-in ones file by file, and can
/// use the helpers documented in docs/templates.md.
@Suite struct ThemeOverrideTests {
    @Test func siteTemplatesOverrideTheThemeAndUseTheHelpers() throws {
        let fileSystem = MemoryFileSystem(files: [
            "/site/Content/posts/a.md": """
            ---
            title: A post with a rather long description
            date: 2015-06-08 10:00
            tags: [swift]
            description: "Swift tutorial, part two: control flow"
            ---

            Body.
            """,
            "/site/Templates/post.mustache": """
            {{#post}}<p>{{#truncate.20}}{{description}}{{/truncate.20}}</p>
            <p>{{#formatDate}}{{dateISO}}|D.M.YYYY{{/formatDate}}</p>
            {{#tags}}<a href="{{#joinURL}}{{site.tagsURL}} {{slug}}{{/joinURL}}/">{{@number}}. {{name}}</a>{{/tags}}{{/post}}
            """,
        ])
        var options = BuildOptions(siteDirectory: "/site")
        options.outputDirectory = "/site/Output"
        _ = try SiteBuilder(environment: BuildEnvironment(fileSystem: fileSystem, now: { fixedNow }, log: .silent))
            .build(options)
        let page = try fileSystem.text(of: "/site/Output/posts/a/index.html")
        #expect(page == """
            <p>Swift tutorial, part…</p>
            <p>8.6.2015</p>
            <a href="/tags/swift/">1. swift</a>
            """)
        // Templates the site does not provide still come from the built-in theme.
        #expect(try fileSystem.text(of: "/site/Output/index.html").contains("<!DOCTYPE html>"))
    }
}

import Testing
@testable import DespinaKit

@Suite struct HTMLAttributeScannerTests {
    func scan(_ html: String) -> [String] {
        HTMLAttributeScanner.attributes(in: Array(html.utf8)).map {
            "\($0.line):\($0.column) \($0.element) \($0.name)=\($0.value)"
        }
    }

    @Test func readsQuotedUnquotedAndBareAttributes() {
        #expect(scan(##"<a href="/x/" class=big hidden data-v='1'>t</a>"##)
            == ["1:4 a href=/x/", "1:15 a class=big", "1:25 a hidden=", "1:32 a data-v=1"])
    }

    @Test func countsLinesAndColumnsInScalars() {
        #expect(scan("<p>Kỹ thuật</p>\n  <img\n\tsrc=\"é.png\">") == ["3:2 img src=é.png"])
    }

    @Test func lowercasesNamesAndDecodesReferences() {
        #expect(scan(##"<A HREF="?a=1&amp;b=&#50;&#x33;&copy;">"##) == ["1:4 a href=?a=1&b=23&copy;"])
    }

    @Test func skipsCommentsDoctypesEndTagsAndScriptBodies() {
        let html = """
            <!DOCTYPE html><!-- <a href="no"> --></a title="no">
            <script>if (a<b) { x = '<a href="no">' }</SCRIPT><style>a[href="no"]{}</style>
            <a id=yes>
            """
        #expect(scan(html) == ["3:4 a id=yes"])
    }

    @Test func keepsScanningAfterMalformedMarkup() {
        #expect(scan(##"1 < 2 <a href="unterminated><b id=x>"##) == [##"1:10 a href=unterminated><b id=x>"##])
        #expect(scan("<br/><img src=a.png/><p =x id=y>") == ["1:11 img src=a.png/", "1:25 p =x=", "1:28 p id=y"])
    }
}

@Suite struct LinkCheckerTests {
    func check(_ files: [String: String], root: String = "/") throws -> [String] {
        let fileSystem = MemoryFileSystem(files: files.reduce(into: [:]) { $0["/site/Output/" + $1.key] = $1.value })
        return try LinkChecker(fileSystem: fileSystem, outputDirectory: "/site/Output", rootPath: root)
            .check().map(\.description)
    }

    @Test func acceptsLinksToFilesFoldersAndAnchors() throws {
        let problems = try check([
            "index.html": ##"<a href="/posts/a/">a</a> <a href="posts/a/#intro">i</a> <link href="/style.css">"##
                + ##"<a href="#top">t</a> <a href="#">e</a> <a href="/posts/a">no slash</a> <a href="/?q=x">q</a>"##,
            "style.css": "",
            "posts/a/index.html": ##"<h2 id="intro">I</h2><a href="../../">home</a><a href="../../style.css#x">c</a>"##
                + ##"<a href="#intro">self</a><img src="pic%20one.png"><a name="old"></a><a href="#old">o</a>"##,
            "posts/a/pic one.png": "",
        ])
        #expect(problems == [])
    }

    @Test func skipsExternalLinks() throws {
        let problems = try check([
            "index.html": ##"<a href="https://x.org/a">a</a><a href="HTTP://x">b</a><a href="mailto:a@b.c">m</a>"##
                + ##"<a href="//cdn.example/x.js">c</a><img src="data:image/png;base64,AA=="><a href="tel:+1">t</a>"##,
        ])
        #expect(problems == [])
    }

    @Test func reportsMissingFilesWithTheirPosition() throws {
        let problems = try check([
            "index.html": "<p>\n  <a class=x href=\"/posts/b/\">b</a>\n<img src=\"missing.png\"><a href=\"/c.css\">",
            "posts/a/index.html": ##"<a href="../b/index.html">b</a>"##,
        ])
        #expect(problems == [
            "index.html:2:14: broken link '/posts/b/': no file posts/b/index.html in the output",
            "index.html:3:6: broken link 'missing.png': no file missing.png in the output",
            "index.html:3:27: broken link '/c.css': no file c.css in the output",
            "posts/a/index.html:1:4: broken link '../b/index.html': no file posts/b/index.html in the output",
        ])
    }

    @Test func reportsMissingAnchorsInOtherPagesAndTheSamePage() throws {
        let problems = try check([
            "index.html": ##"<a href="/a/#part-2">x</a><a href="#nav">y</a><h1 id="navigation">"##,
            "a/index.html": ##"<h2 id="part-1">1</h2>"##,
        ])
        #expect(problems == [
            "index.html:1:4: broken link '/a/#part-2': no element with id 'part-2' in a/index.html",
            "index.html:1:30: broken link '#nav': no element with id 'nav' in index.html",
        ])
    }

    @Test func requiresTheRootPathForRootRelativeLinks() throws {
        let problems = try check([
            "index.html": ##"<a href="/blog/a/">a</a><a href="/blog">r</a><a href="/a/">x</a><a href="../../up/">u</a>"##,
            "a/index.html": "",
        ], root: "/blog/")
        #expect(problems == [
            "index.html:1:49: broken link '/a/': it points outside the site",
            "index.html:1:68: broken link '../../up/': it points outside the site",
        ])
    }

    @Test func ignoresHiddenFilesAndNonHTMLPages() throws {
        let problems = try check([
            ".despina-output": ##"<a href="/nowhere/">"##,
            "feed.xml": ##"<link href="/nowhere/"/>"##,
            "index.html": ##"<a href="/feed.xml#entry">f</a>"##,
        ])
        #expect(problems == [])
    }
}

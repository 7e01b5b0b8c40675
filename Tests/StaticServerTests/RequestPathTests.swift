import Foundation
import StaticServer
import Testing

@Suite("RequestPath")
struct RequestPathTests {
    let fixture: SiteFixture
    let canonicalRoot: String

    init() throws {
        fixture = try SiteFixture()
        canonicalRoot = fixture.root.resolvingSymlinksInPath().path
    }

    private func resolve(_ target: String) -> RequestPath.Resolution {
        RequestPath.resolve(target, in: fixture.root)
    }

    @Test func servesFolderIndexes() {
        #expect(resolve("/") == .file(path: canonicalRoot + "/index.html"))
        #expect(resolve("/posts/") == .file(path: canonicalRoot + "/posts/index.html"))
        #expect(resolve("/posts/?page=2") == .file(path: canonicalRoot + "/posts/index.html"))
    }

    @Test func servesFilesWithEscapedNames() throws {
        try fixture.write("Kỹ thuật.html", "x")
        #expect(resolve("/K%E1%BB%B9%20thu%E1%BA%ADt.html") == .file(path: canonicalRoot + "/Kỹ thuật.html"))
    }

    @Test func redirectsFoldersToTheirSlashForm() {
        #expect(resolve("/posts") == .redirect(location: "/posts/"))
        #expect(resolve("/posts?x=1") == .redirect(location: "/posts/?x=1"))
        #expect(resolve("//posts") == .redirect(location: "/posts/"))
    }

    @Test func neverListsOrServesHiddenOrIrregularThings() {
        #expect(resolve("/empty/") == .notFound)
        #expect(resolve("/.hidden") == .notFound)
        #expect(resolve("/style.css/") == .notFound)
        #expect(resolve("/missing.html") == .notFound)
    }

    @Test func followsSymbolicLinksThatStayInside() {
        #expect(resolve("/inside") == .file(path: canonicalRoot + "/style.css"))
    }

    @Test(arguments: [
        ("/../secret.txt", RequestPath.Resolution.badRequest),
        ("/posts/../../secret.txt", .badRequest),
        ("/./index.html", .badRequest),
        ("/%2e%2e/secret.txt", .badRequest),
        ("/%2E%2E/%2e%2e/etc/passwd", .badRequest),
        ("/..%2fsecret.txt", .badRequest),
        ("/%2e%2e%5csecret.txt", .badRequest),
        ("/..\\secret.txt", .badRequest),
        ("/a%00b", .badRequest),
        ("/%zz", .badRequest),
        ("/%2", .badRequest),
        ("/%c0%ae%c0%ae/secret.txt", .badRequest),   // overlong UTF-8 for ".."
        ("/%ff", .badRequest),
        ("/a%0Ab", .badRequest),
        ("http://localhost/../secret.txt", .badRequest),
        ("*", .badRequest),
        ("/escape", .notFound),                        // symlink to ../secret.txt
        ("/escape-dir/secret.txt", .notFound),         // symlink to ..
        ("/escape-dir/", .notFound),
    ])
    func neverLeavesTheRoot(_ target: String, expected: RequestPath.Resolution) {
        #expect(resolve(target) == expected)
    }
}

@Suite("ContentType")
struct ContentTypeTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"),
        ("/a/b/PAGE.HTM", "text/html; charset=utf-8"),
        ("style.css", "text/css; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"),
        ("search/index.json", "application/json"),
        ("feed.xml", "application/xml; charset=utf-8"),
        ("logo.svg", "image/svg+xml"),
        ("image.png", "image/png"),
        ("photo.jpg", "image/jpeg"),
        ("photo.jpeg", "image/jpeg"),
        ("anim.gif", "image/gif"),
        ("pic.webp", "image/webp"),
        ("favicon.ico", "image/x-icon"),
        ("font.woff2", "font/woff2"),
        ("notes.txt", "text/plain; charset=utf-8"),
        ("paper.pdf", "application/pdf"),
        ("blob.unknown", "application/octet-stream"),
        ("Makefile", "application/octet-stream"),
        (".profile", "application/octet-stream"),
    ])
    func choosesTheTypeByExtension(_ path: String, type: String) {
        #expect(ContentType.forFile(atPath: path) == type)
    }
}

@Suite("LiveReload injection")
struct LiveReloadInjectionTests {
    private func inject(_ html: String) -> String {
        String(decoding: LiveReload.inject(into: Array(html.utf8)), as: UTF8.self)
    }

    @Test func insertsBeforeTheLastClosingBodyTagInAnyCase() {
        let script = LiveReload.scriptElement
        #expect(inject("<body>a</body></html>") == "<body>a" + script + "</body></html>")
        #expect(inject("<BODY>x &lt;/body&gt;</BODY>") == "<BODY>x &lt;/body&gt;" + script + "</BODY>")
        #expect(inject("<p>one</body><p>two</body>") == "<p>one</body><p>two" + script + "</body>")
    }

    @Test func appendsWhenThereIsNoBody() {
        #expect(inject("<p>fragment</p>") == "<p>fragment</p>" + LiveReload.scriptElement)
        #expect(inject("") == LiveReload.scriptElement)
    }

    @Test func theScriptShowsErrorsAsTextOnly() {
        #expect(LiveReload.scriptElement.contains("textContent"))
        #expect(!LiveReload.scriptElement.contains("innerHTML"))
        #expect(LiveReload.scriptElement.contains("new EventSource(\"/__despina/events\")"))
    }
}

import Testing
import Bytes

@Suite struct PathTextTests {
    @Test func partsOfAPath() {
        #expect(PathText.parent(of: "a/b/c.html") == "a/b")
        #expect(PathText.parent(of: "/a") == "/")
        #expect(PathText.parent(of: "a") == "")
        #expect(PathText.parent(of: "a//b//") == "a")
        #expect(PathText.lastComponent(of: "posts/trip/") == "trip")
        #expect(PathText.lastComponent(of: "/") == "/")
        #expect(PathText.pathExtension(of: "posts/été.md") == "md")
        #expect(PathText.pathExtension(of: "posts/.hidden") == "")
        #expect(PathText.deletingExtension(of: "posts/a.md") == "posts/a")
        #expect(PathText.deletingExtension(of: "posts/a.md/") == "posts/a")
        #expect(PathText.deletingExtension(of: "posts/a.") == "posts/a.")
        #expect(PathText.join(["a", "/b", "", "c/"]) == "a/b/c/")
        #expect(PathText.join(["", "/abs", "x"]) == "/abs/x")
        #expect(PathText.join([]) == "")
        #expect(PathText.join(["", ""]) == "")
        #expect(PathText.rooted("/posts/a/", at: "/blog/") == "/blog/posts/a/")
        #expect(PathText.rooted("//tags/é/", at: "/") == "/tags/é/")
        #expect(PathText.rooted("", at: "/") == "/")
        #expect(PathText.rooted("/", at: "") == "")
        #expect(PathText.rooted("a", at: "") == "a")
    }

    /// Every path of up to three parts from a set of awkward ones (slashes
    /// alone and doubled, dots at each place, letters beyond ASCII) gives
    /// what the same rules give worked out one character at a time.
    @Test func agreesWithTheRulesCharacterByCharacter() {
        let parts = ["", "/", "//", "a", "ab.c", ".hidden", "x.", "é.md", "...", "ü/", "/.d", "a.b.c/"]
        var paths: [String] = []
        for first in parts {
            for second in parts {
                for third in parts { paths.append(first + second + third) }
            }
        }
        for path in paths {
            #expect(PathText.parent(of: path) == Reference.parent(path), "\(path)")
            #expect(PathText.lastComponent(of: path) == Reference.lastComponent(path), "\(path)")
            #expect(PathText.pathExtension(of: path) == Reference.pathExtension(path), "\(path)")
            #expect(PathText.deletingExtension(of: path) == Reference.deletingExtension(path), "\(path)")
        }
        for first in parts {
            for second in parts {
                #expect(PathText.join([first, second]) == Reference.join([first, second]), "\(first) \(second)")
                #expect(PathText.join([first, "", second, first]) == Reference.join([first, "", second, first]))
            }
        }
    }

    /// The rules over `Character`s and arrays, slow and plain.
    private enum Reference {
        static func trimmed(_ path: String) -> [Character] {
            var characters = Array(path)
            while characters.count > 1 && characters.last == "/" { characters.removeLast() }
            return characters
        }

        static func parent(_ path: String) -> String {
            let characters = trimmed(path)
            guard let slash = characters.lastIndex(of: "/") else { return "" }
            if slash == 0 { return "/" }
            return String(trimmed(String(characters[..<slash])))
        }

        static func lastComponent(_ path: String) -> String {
            let characters = trimmed(path)
            guard characters.count > 1, let slash = characters.lastIndex(of: "/") else { return String(characters) }
            return String(characters[(slash + 1)...])
        }

        static func pathExtension(_ path: String) -> String {
            let name = Array(lastComponent(path))
            guard let dot = name.lastIndex(of: "."), dot != 0 else { return "" }
            return String(name[(dot + 1)...])
        }

        static func deletingExtension(_ path: String) -> String {
            let characters = trimmed(path)
            let start = characters.lastIndex(of: "/").map { $0 + 1 } ?? 0
            guard let dot = characters[start...].lastIndex(of: "."), dot != start, dot + 1 != characters.count else {
                return path
            }
            return String(characters[..<dot])
        }

        static func join(_ components: [String]) -> String {
            var result = ""
            for component in components where !component.isEmpty {
                let joinsWithSlash = !result.isEmpty && !result.hasSuffix("/")
                if joinsWithSlash { result += "/" }
                result += joinsWithSlash && component.hasPrefix("/") ? String(component.dropFirst()) : component
            }
            return result
        }
    }
}

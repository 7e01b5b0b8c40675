import Foundation
import Testing
import Highlight

/// The default theme's stylesheet colours every class the highlighter
/// writes, in light and in dark mode.
@Suite struct ThemeTests {
    static let stylesheet: String = {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = packageRoot.appendingPathComponent("Templates/assets/highlight.css")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test(arguments: TokenKind.allCases.filter { $0 != .plain })
    func stylesEveryClass(kind: TokenKind) {
        #expect(Self.stylesheet.contains("pre.code .\(kind.className) {"))
    }

    @Test func darkModeRedefinesEveryColour() throws {
        let parts = Self.stylesheet.components(separatedBy: "@media (prefers-color-scheme: dark)")
        try #require(parts.count == 2)
        let light = Set(variables(definedIn: parts[0]))
        let dark = Set(variables(definedIn: parts[1]))
        #expect(light.count > 20)
        #expect(light == dark)
    }

    private func variables(definedIn css: String) -> [String] {
        css.components(separatedBy: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("--hl-"), let colon = trimmed.firstIndex(of: ":") else { return nil }
            return String(trimmed[..<colon])
        }
    }
}

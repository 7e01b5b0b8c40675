import Foundation

// Writes a Swift source file that holds every file of a theme folder as
// base64 text, keyed by its path relative to the folder.
//
//     EmbedThemeTool THEME_DIR OUTPUT_SWIFT_FILE

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: EmbedThemeTool THEME_DIR OUTPUT\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])

var entries: [(String, String)] = []
if let enumerator = FileManager.default.enumerator(
    at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) {
    for case let url as URL in enumerator {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
        do {
            entries.append((relative, try Data(contentsOf: url).base64EncodedString()))
        } catch {
            FileHandle.standardError.write(Data("cannot read \(url.path): \(error)\n".utf8))
            exit(1)
        }
    }
}
entries.sort { $0.0 < $1.0 }

var source = "// Generated from the Templates folder at build time. Do not edit.\n\n"
source += "enum BuiltinThemeData {\n    static let base64Files: [(path: String, base64: String)] = [\n"
for (path, base64) in entries {
    source += "        (\(String(reflecting: path)), \"\(base64)\"),\n"
}
source += "    ]\n}\n"

do {
    let existing = try? String(contentsOf: output, encoding: .utf8)
    if existing != source { try source.write(to: output, atomically: true, encoding: .utf8) }
} catch {
    FileHandle.standardError.write(Data("cannot write \(output.path): \(error)\n".utf8))
    exit(1)
}

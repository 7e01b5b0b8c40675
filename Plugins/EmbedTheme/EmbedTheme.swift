import Foundation
import PackagePlugin

/// Embeds the repository's `Templates/` folder (the default theme) into the
/// target as generated Swift source, so the binary carries its theme and the
/// repository keeps a single copy of it.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDirectory = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinTheme.swift")
        let files = themeFiles(in: themeDirectory)
        return [
            .buildCommand(
                displayName: "Embedding the default theme (\(files.count) files)",
                executable: try context.tool(named: "EmbedThemeTool").url,
                arguments: [themeDirectory.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: files,
                outputFiles: [output])
        ]
    }

    private func themeFiles(in directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator {
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            if isFile { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

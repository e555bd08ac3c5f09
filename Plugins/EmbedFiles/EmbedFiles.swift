import Foundation
import PackagePlugin

/// Compiles the files under a target's `Files/` into it (`slp-embed-files`): one generated Swift
/// file, made again whenever one of them changes, is added or removed.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Files")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(target.name)'s files",
                executable: try context.tool(named: "slp-embed-files").url,
                arguments: [folder.path, output.path],
                // Listed here, each run of the plugin, so that a new or removed file counts too.
                inputFiles: Self.files(under: folder),
                outputFiles: [output])
        ]
    }

    static func files(under folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walk.compactMap { item in
            guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { return nil }
            return url
        }
    }
}

import Foundation
import PackagePlugin

/// Embeds the language catalogues (`web/i18n/<language>/*.json`) into `ShiftyLocalization`.
///
/// The catalogues live beside the page because the browser fetches them as static files; the
/// server and the terminal client carry the same files inside the binary, so `shifty` needs no
/// resource bundle next to it and a third language is a folder of JSON files, not a code change.
@main
struct EmbedCatalogues: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "web").appending(path: "i18n")
        let files = try Self.catalogueFiles(under: root)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedCatalogues.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) catalogue files from web/i18n",
                executable: try context.tool(named: "CatalogueEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }

    /// Every `<language>/<part>.json` under `root`, sorted so the generated file is stable.
    static func catalogueFiles(under root: URL) throws -> [URL] {
        let manager = FileManager.default
        var files: [URL] = []
        for language in try manager.contentsOfDirectory(atPath: root.path).sorted() {
            let folder = root.appending(path: language)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            for name in try manager.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
                files.append(folder.appending(path: name))
            }
        }
        return files
    }
}

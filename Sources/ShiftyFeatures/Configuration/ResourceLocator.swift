import Foundation

/// Finds the project's folders (sql/, web/, openapi.yaml) when no explicit path was given.
///
/// `make run` starts from the repository, a deployed binary runs with an explicit path or
/// from its install prefix, and tests run from `.build/debug`: all three are tried in that order.
public enum ResourceLocator {
    public static func locate(_ name: String, environmentVariable: String? = nil) -> URL? {
        let fileManager = FileManager.default
        if let variable = environmentVariable, let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty {
            return URL(fileURLWithPath: value)
        }
        var candidates = [URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent(name)]
        var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(directory.appendingPathComponent(name))
            candidates.append(directory.appendingPathComponent("share/shifty").appendingPathComponent(name))
            directory = directory.deletingLastPathComponent()
        }
        return candidates.first { fileManager.fileExists(atPath: $0.path) }
    }

    /// The repository root seen from a source file, for tests (`#filePath` of a file two levels down).
    public static func repositoryRoot(fromSourceFile file: String) -> URL {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the login in `$XDG_CONFIG_HOME/shifty/session.json` (default `~/.config/shifty`).
///
/// The token is a password equivalent, so the folder is created 0700 and the file is written 0600
/// from the start (a temporary file created with that mode, then renamed), never readable by others
/// even for a moment.
public struct SessionFile: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The store for this user's environment.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home).appendingPathComponent(".config")
        }
        self.init(directory: base.appendingPathComponent("shifty"))
    }

    public var file: URL { self.directory.appendingPathComponent("session.json") }

    public func load() -> StoredSession? {
        guard let data = try? Data(contentsOf: self.file) else { return nil }
        return try? JSONDecoder().decode(StoredSession.self, from: data)
    }

    public func save(_ session: StoredSession) throws {
        try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        // createDirectory honours the umask; tighten the folder explicitly.
        guard chmod(self.directory.path, 0o700) == 0 else { throw SessionFileError.permissions(self.directory.path) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(session)
        let temporary = self.directory.appendingPathComponent(".session.json.\(getpid())")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SessionFileError.write(temporary.path, errno) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        // The mode given to open is reduced by the umask but never widened; make it exact.
        let modeResult = fchmod(descriptor, 0o600)
        close(descriptor)
        guard written == data.count, modeResult == 0 else {
            unlink(temporary.path)
            throw SessionFileError.write(temporary.path, errno)
        }
        guard rename(temporary.path, self.file.path) == 0 else {
            unlink(temporary.path)
            throw SessionFileError.write(self.file.path, errno)
        }
    }

    /// Removes the stored session; `false` if there was none.
    @discardableResult
    public func delete() -> Bool {
        unlink(self.file.path) == 0
    }
}

public enum SessionFileError: Error, CustomStringConvertible {
    case permissions(String)
    case write(String, Int32)

    public var description: String {
        switch self {
        case .permissions(let path): TerminalLanguage.text("terminal.session.permissions", ["file": path])
        case .write(let path, let code): TerminalLanguage.text("terminal.session.write", ["file": path, "error": String(cString: strerror(code))])
        }
    }
}

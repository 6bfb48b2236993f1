import Foundation
import NIOPosix

/// Runs a program (initdb, pg_ctl) to completion and captures its output.
struct ExternalCommand: Sendable {
    var executable: String
    var arguments: [String]
    /// Run through `runuser -u <user> --` (we are root and PostgreSQL refuses to run as root).
    var runAsUser: String?

    struct Outcome: Sendable {
        var status: Int32
        var output: String
    }

    var displayText: String { ([executable] + arguments).joined(separator: " ") }

    /// Blocks a `NIOThreadPool` thread, not the caller's.
    func run() async throws -> Outcome {
        let command = self
        return try await NIOThreadPool.singleton.runIfActive { try command.runBlocking() }
    }

    func runBlocking() throws -> Outcome {
        let process = Process()
        if let runAsUser {
            process.executableURL = URL(fileURLWithPath: ExternalCommand.runuserPath)
            process.arguments = ["-u", runAsUser, "--", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        // A directory every user can enter, so the postgres user does not warn about our cwd.
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    static var runuserPath: String {
        for candidate in ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser", "/bin/runuser"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "runuser"
    }
}

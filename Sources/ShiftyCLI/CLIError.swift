import ArgumentParser
import Foundation
import NIOCore
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServer

/// A failure the user can act on: printed as `Error: <message>` without the usage text
/// (which is only helpful when the command line itself is wrong).
///
/// `exitCode` follows the terminal client's documented codes (``ClientExitCode``): 1 when the server
/// or the command refused, 3 when the server could not be reached.
struct CLIFailure: Error, CustomStringConvertible {
    let description: String
    let exitCode: Int32
    init(_ message: String, exitCode: Int32 = ClientExitCode.refused) {
        description = message
        self.exitCode = exitCode
    }
}

/// The exit codes of `shifty` (documented in `shifty --help` and the README).
enum ClientExitCode {
    static let ok: Int32 = 0
    /// The server (or the command) refused: a problem code, a missing session, bad input it checked.
    static let refused: Int32 = 1
    /// The command line is wrong (unknown option, missing argument): the usage is printed.
    static let usage: Int32 = 2
    /// The server could not be reached (refused connection, unknown host, timeout, TLS failure).
    static let unreachable: Int32 = 3

    static let helpText = "Exit codes: 0 ok, 1 refused (by the server or the command), 2 usage error, 3 cannot reach the server."
}

/// Turns start-up failures into messages that say what to do next.
enum CLIError {
    static func describe(_ error: any Error, configuration: ServerConfiguration) -> any Error {
        if let error = error as? IOError, error.errnoCode == EADDRINUSE {
            return CLIFailure("Port \(configuration.port) on \(configuration.host) is already in use. Stop the other process or pass --port.")
        }
        if let error = error as? PostgresError, error.kind == .connection {
            return CLIFailure("Cannot reach PostgreSQL: \(error.message)\nCheck --database-url / DATABASE_URL, or leave it out to use the embedded cluster.")
        }
        if let error = error as? MigrationError {
            return CLIFailure("\(error)")
        }
        return error
    }
}

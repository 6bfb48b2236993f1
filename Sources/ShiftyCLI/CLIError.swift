import ArgumentParser
import Foundation
import NIOCore
import ShiftyPostgres
import ShiftyServer

/// A failure the user can act on: printed as `Error: <message>` without the usage text
/// (which is only helpful when the command line itself is wrong).
struct CLIFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
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

import ArgumentParser
import Foundation
import NIOCore
import ShiftyPostgres
import ShiftyServer

/// Turns start-up failures into messages that say what to do next.
enum CLIError {
    static func describe(_ error: any Error, configuration: ServerConfiguration) -> any Error {
        if let error = error as? IOError, error.errnoCode == EADDRINUSE {
            return ValidationError("Port \(configuration.port) on \(configuration.host) is already in use. Stop the other process or pass --port.")
        }
        if let error = error as? PostgresError, error.kind == .connection {
            return ValidationError("Cannot reach PostgreSQL: \(error.message)\nCheck --database-url / DATABASE_URL, or leave it out to use the embedded cluster.")
        }
        if let error = error as? MigrationError {
            return ValidationError("\(error)")
        }
        return error
    }
}

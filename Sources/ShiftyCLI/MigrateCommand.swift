import ArgumentParser
import Foundation
import ShiftyPostgres
import ShiftyServer

/// `shifty migrate`: apply pending migrations (or show their status) and exit.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate", abstract: "Apply pending SQL migrations from sql/.")

    @OptionGroup var server: ServerOptions

    @Flag(help: "Only list applied and pending migrations.")
    var status = false

    func run() async throws {
        let configuration = try server.configuration()
        let logger = server.logger()
        guard let directory = configuration.migrationsDirectory else { throw ValidationError("No migrations folder.") }
        try await DatabaseSession.run(configuration: configuration, logger: logger, poolSize: 2) { pool in
            let runner = MigrationRunner(directory: directory)
            if status {
                let current = try await runner.status(pool: pool)
                for migration in current.applied { print("applied  \(migration.version) \(migration.name)") }
                for migration in current.pending { print("pending  \(migration.fileName)") }
                for migration in current.tampered { print("CHANGED  \(migration.fileName) (edited after it was applied)") }
            } else {
                let applied = try await runner.migrate(pool: pool, logger: logger)
                print(applied.isEmpty ? "Nothing to apply: the database is up to date." : "Applied \(applied.count) migration(s): \(applied.map(\.fileName).joined(separator: ", "))")
            }
        }
    }
}

import Foundation
import Logging

/// Applies numbered plain-SQL migration files in order, each in its own transaction, and records
/// them in `schema_migrations`.
///
/// The whole run holds a session-level advisory lock on one connection, so several instances
/// starting at the same time apply every migration exactly once. A file that changed after it was
/// applied is refused: the database would no longer match what the file says.
public struct MigrationRunner: Sendable {
    public let directory: URL

    /// The advisory lock key ("shifty" in ASCII plus 1), shared by every Shifty instance.
    static let advisoryLockKey: Int64 = 0x7368_6966_7479_0001

    public init(directory: URL) {
        self.directory = directory
    }

    /// The migration files, checked for naming, gaps and duplicates.
    public func migrations() throws -> [Migration] {
        try MigrationDirectory.load(directory)
    }

    /// A hash over all files' names and contents (test templates are keyed by it).
    public func contentHash() throws -> String {
        MigrationDirectory.combinedHash(try migrations())
    }

    /// Applies pending migrations and returns the ones applied by this call.
    public func migrate(pool: PostgresPool, logger: Logger) async throws -> [Migration] {
        let migrations = try self.migrations()
        return try await pool.withConnection { connection in
            try Self.migrate(migrations, connection: connection, logger: logger)
        }
    }

    /// The same on a connection the caller holds (blocking; for tools that manage connections).
    public func migrate(connection: PostgresConnection, logger: Logger) throws -> [Migration] {
        try Self.migrate(try migrations(), connection: connection, logger: logger)
    }

    /// Applied, pending and tampered migrations, without changing anything.
    public func status(pool: PostgresPool) async throws -> MigrationStatus {
        let migrations = try self.migrations()
        return try await pool.withConnection { connection in
            try Self.status(of: migrations, connection: connection)
        }
    }

    /// The same on a connection the caller holds (blocking; the readiness probe uses its own).
    public func status(connection: PostgresConnection) throws -> MigrationStatus {
        try Self.status(of: try migrations(), connection: connection)
    }

    private static func status(of migrations: [Migration], connection: PostgresConnection) throws -> MigrationStatus {
        let exists = try connection.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS present")
        let applied = try exists.first?.decode("present", as: Bool.self) == true ? appliedMigrations(connection) : []
        return compare(files: migrations, applied: applied)
    }

    static func compare(files: [Migration], applied: [AppliedMigration]) -> MigrationStatus {
        let appliedByVersion = Dictionary(applied.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
        let fileVersions = Set(files.map(\.version))
        return MigrationStatus(
            applied: applied,
            pending: files.filter { appliedByVersion[$0.version] == nil },
            tampered: files.filter { file in appliedByVersion[file.version].map { $0.checksum != file.checksum } ?? false },
            unknown: applied.filter { !fileVersions.contains($0.version) }
        )
    }

    private static func migrate(_ migrations: [Migration], connection: PostgresConnection, logger: Logger) throws -> [Migration] {
        // Waiting for another instance's lock and long DDL must not hit the pool's statement timeout,
        // nor our own round-trip deadline that is derived from it.
        try connection.withRoundTripTimeout(nil) {
            try migrateWithoutTimeouts(migrations, connection: connection, logger: logger)
        }
    }

    private static func migrateWithoutTimeouts(_ migrations: [Migration], connection: PostgresConnection, logger: Logger) throws -> [Migration] {
        let previousTimeout = try connection.query("SELECT current_setting('statement_timeout') AS value")
            .first?.decode("value", as: String.self) ?? "0"
        try connection.execute("SET statement_timeout = 0")
        defer { _ = try? connection.execute("SELECT set_config('statement_timeout', $1, false)", [previousTimeout]) }

        try connection.execute("SELECT pg_advisory_lock($1)", [advisoryLockKey])
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock($1)", [advisoryLockKey]) }

        try connection.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version integer PRIMARY KEY,
                name text NOT NULL,
                checksum text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """
        )
        let status = compare(files: migrations, applied: try appliedMigrations(connection))
        if let changed = status.tampered.first {
            let recorded = status.applied.first { $0.version == changed.version }?.checksum ?? "?"
            throw MigrationError(
                "migration \(changed.fileName) was changed after it was applied (recorded sha256 \(recorded.prefix(12))…, file now \(changed.checksum.prefix(12))…). "
                    + "Applied migrations must never be edited: restore the original file and put the change into a new migration file numbered \(migrations.count + 1)."
            )
        }
        for unknown in status.unknown {
            logger.warning(
                "database has migration \(unknown.version) (\(unknown.name)) that this build does not know; is an older build running?"
            )
        }
        var applied: [Migration] = []
        for migration in status.pending {
            logger.info("applying migration \(migration.fileName)")
            let started = ContinuousClock.now
            do {
                try connection.execute("BEGIN")
                try connection.executeScript(migration.sql)
                try connection.execute(
                    "INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                    [migration.version, migration.name, migration.checksum]
                )
                try connection.execute("COMMIT")
            } catch {
                if connection.isUsable { _ = try? connection.execute("ROLLBACK") }
                throw MigrationError("migration \(migration.fileName) failed and was rolled back: \(error)")
            }
            logger.info(
                "applied migration \(migration.fileName)",
                metadata: ["duration_ms": "\((ContinuousClock.now - started).wholeMilliseconds)"]
            )
            applied.append(migration)
        }
        return applied
    }

    private static func appliedMigrations(_ connection: PostgresConnection) throws -> [AppliedMigration] {
        try connection.query("SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version").map { row in
            AppliedMigration(
                version: try row.decode("version"),
                name: try row.decode("name"),
                checksum: try row.decode("checksum"),
                appliedAt: try row.decode("applied_at")
            )
        }
    }
}

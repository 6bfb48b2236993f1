import Foundation
import Logging
import ShiftyPostgres

/// Process-wide: one admin pool and one template per migration set.
actor TestDatabaseAdministrator {
    static let shared = TestDatabaseAdministrator()

    private var admin: PostgresPool?
    private var templates: [String: String] = [:]

    func adminPool() async throws -> PostgresPool {
        if let admin { return admin }
        let connectionString = try await TestPostgres.adminConnectionString()
        if let admin { return admin }
        var logger = Logger(label: "shifty.test-admin")
        logger.logLevel = .notice
        // Every test asks for its own database at once (a few hundred in `swift test`) and takes
        // its turn on these four connections; on a loaded machine a turn can take minutes, which is
        // waiting, not failing. The acquire timeout is only a hang guard.
        let pool = PostgresPool(
            configuration: PostgresConfiguration(
                connectionString: connectionString, poolSize: 4, acquireTimeout: .seconds(900), statementTimeout: nil
            ),
            logger: logger
        )
        admin = pool
        await Self.dropAbandonedTestDatabases(pool)
        return pool
    }

    /// Test processes that crashed never dropped their databases; remove those older than two
    /// hours (best effort: the age comes from the database's `PG_VERSION` file).
    private static func dropAbandonedTestDatabases(_ admin: PostgresPool) async {
        do {
            let abandoned = try await admin.query(
                """
                SELECT datname FROM pg_database
                WHERE datname LIKE 'test\\_%' AND NOT datistemplate
                  AND (pg_stat_file('base/' || oid || '/PG_VERSION', true)).modification < now() - interval '2 hours'
                """
            ).map { try $0.decode("datname", as: String.self) }
            for name in abandoned {
                _ = try? await admin.execute("DROP DATABASE IF EXISTS \(sql: PostgresIdentifier.quoted(name)) WITH (FORCE)")
            }
        } catch {
            // Not being able to clean up must not fail the tests.
        }
    }

    /// The name of a migrated template database for `directory`, building it if needed.
    func template(for directory: URL, logger: Logger) async throws -> String {
        let runner = MigrationRunner(directory: directory)
        let hash = try runner.contentHash()
        if let name = templates[hash] { return name }
        let name = "shifty_template_\(hash.prefix(16))"
        let admin = try await adminPool()
        let lockKey = Int64(bitPattern: UInt64(hash.prefix(16), radix: 16) ?? 0)
        let templateConnectionString = try PostgresConnectionString.replacingDatabase(
            in: admin.configuration.connectionString, with: name
        )
        try await admin.withConnection { connection in
            // Other test processes may build the same template right now.
            try connection.execute("SELECT pg_advisory_lock(\(lockKey))")
            defer { _ = try? connection.execute("SELECT pg_advisory_unlock(\(lockKey))") }
            let existing = try connection.query("SELECT datistemplate FROM pg_database WHERE datname = \(name)")
            if let row = existing.first {
                if try row.decode("datistemplate", as: Bool.self) { return }
                // A previous run died half-way through building it.
                try connection.execute("DROP DATABASE \(sql: PostgresIdentifier.quoted(name)) WITH (FORCE)")
            }
            try connection.execute("CREATE DATABASE \(sql: PostgresIdentifier.quoted(name))")
            let templateConnection = try PostgresConnection.connect(
                configuration: PostgresConfiguration(connectionString: templateConnectionString, statementTimeout: nil)
            )
            defer { templateConnection.close() }
            _ = try runner.migrate(connection: templateConnection, logger: logger)
            templateConnection.close()
            try connection.execute("ALTER DATABASE \(sql: PostgresIdentifier.quoted(name)) WITH IS_TEMPLATE true")
        }
        templates[hash] = name
        return name
    }
}

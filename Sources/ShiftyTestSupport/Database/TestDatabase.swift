import Foundation
import Logging
import ShiftyPostgres

/// An isolated database for one test, copied from a migrated template so each test starts from
/// the current schema in milliseconds instead of re-running every migration.
///
/// The template is named after a hash of the migration files (`shifty_template_<hash>`), so a
/// changed migration automatically gets a fresh template while unchanged ones are reused across
/// test runs.
public struct TestDatabase: Sendable {
    /// How long a test's pool waits for PostgreSQL to accept a new connection. Longer than the
    /// server's 10 s default: 576 tests in parallel on 2 cores each make a database and connections,
    /// and a CI run saw the throwaway cluster take longer than 10 s to accept some of them
    /// ("timeout expired" → 503 in set-up). A refused connection still fails at once.
    public static let connectTimeout: Duration = .seconds(30)
    /// How long a request in a test waits for one of its server's four pooled connections. Longer
    /// than the server's 10 s default for the same reason: a CI run of 638 tests saw 29 of the 50
    /// racing pick-ups of `MarketplaceRaceTests` answer 503 after waiting 10 s behind each other
    /// (the test took 66 s in the loaded suite and under 2 s alone). Tests of the timeout itself
    /// set their own.
    public static let acquireTimeout: Duration = .seconds(30)
    /// How long a `SELECT 1` that checks an idle connection may take before the pool takes the server
    /// for frozen. Longer than the server's 3 s default for the same reason; the freeze tests set their own.
    public static let checkTimeout: Duration = .seconds(30)

    /// A pool connected to the new database.
    public let pool: PostgresPool
    /// Connection string for the new database (to hand to the server under test).
    public let connectionString: String
    /// The database's name, `test_<random>`.
    public let name: String

    /// Creates `test_<random>` from the template for `migrations` (`nil`: an empty database).
    public static func create(
        migrations: URL? = RepositoryPaths.migrations,
        poolSize: Int = 4,
        logger: Logger = Logger(label: "shifty.test-database")
    ) async throws -> TestDatabase {
        let admin = try await TestDatabaseAdministrator.shared.adminPool()
        let template: String?
        if let migrations {
            template = try await TestDatabaseAdministrator.shared.template(for: migrations, logger: logger)
        } else {
            template = nil
        }
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        let createStatement =
            "CREATE DATABASE \(PostgresIdentifier.quoted(name))" + (template.map { " TEMPLATE \(PostgresIdentifier.quoted($0))" } ?? "")
        try await admin.execute(PostgresQuery(sql: createStatement))
        let connectionString = try PostgresConnectionString.replacingDatabase(
            in: admin.configuration.connectionString, with: name
        )
        var configuration = PostgresConfiguration(
            connectionString: connectionString, poolSize: poolSize, acquireTimeout: TestDatabase.acquireTimeout,
            connectTimeout: TestDatabase.connectTimeout)
        configuration.checkTimeout = TestDatabase.checkTimeout
        let pool = PostgresPool(configuration: configuration, logger: logger)
        return TestDatabase(pool: pool, connectionString: connectionString, name: name)
    }

    /// Closes the pool and drops the database (disconnecting anyone still connected).
    public func drop() async {
        await pool.shutdown()
        do {
            let admin = try await TestDatabaseAdministrator.shared.adminPool()
            try await admin.execute("DROP DATABASE IF EXISTS \(sql: PostgresIdentifier.quoted(name)) WITH (FORCE)")
        } catch {
            // A leftover test database is harmless; the next test must not fail because of it.
        }
    }
}

import Foundation
import Logging
import ShiftyPostgres

/// Starts the repository's test cluster at most once per process.
actor EmbeddedTestCluster {
    static let shared = EmbeddedTestCluster()

    private var starting: Task<String, any Error>?

    func connectionString() async throws -> String {
        if let starting { return try await starting.value }
        let task = Task { try await Self.start() }
        starting = task
        do {
            return try await task.value
        } catch {
            starting = nil
            throw error
        }
    }

    private static func start() async throws -> String {
        let connectionString = try await startOrConnect()
        try await disableDurability(connectionString)
        return connectionString
    }

    /// Test data is disposable: without fsync, the checkpoints that every `DROP DATABASE` forces
    /// take milliseconds instead of seconds. These settings are reloadable, so they also apply to
    /// a cluster that is already running.
    private static func disableDurability(_ connectionString: String) async throws {
        let pool = PostgresPool(
            configuration: PostgresConfiguration(connectionString: connectionString, poolSize: 1, statementTimeout: nil),
            logger: Logger(label: "shifty.test-postgres")
        )
        do {
            try await pool.withConnection { connection in
                let pending = try connection.query(
                    """
                    SELECT count(*) AS n FROM pg_settings
                    WHERE (name IN ('fsync', 'full_page_writes', 'synchronous_commit') AND setting <> 'off')
                       OR (name = 'max_connections' AND setting::int < 1000 AND coalesce(pending_restart, false) = false)
                    """
                ).first?.decode("n", as: Int.self) ?? 0
                guard pending > 0 else { return }
                try connection.execute("ALTER SYSTEM SET fsync = off")
                try connection.execute("ALTER SYSTEM SET full_page_writes = off")
                try connection.execute("ALTER SYSTEM SET synchronous_commit = off")
                // Needs a restart: only helps a cluster started by older code, the next time it starts.
                try connection.execute("ALTER SYSTEM SET max_connections = 1000")
                try connection.execute("SELECT pg_reload_conf()")
            }
        } catch {
            await pool.shutdown()
            throw error
        }
        await pool.shutdown()
    }

    private static func startOrConnect() async throws -> String {
        var logger = Logger(label: "shifty.test-postgres")
        logger.logLevel = .notice
        let directory = RepositoryPaths.testCluster
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cluster = EmbeddedPostgres(
            dataDirectory: directory.appendingPathComponent("data"),
            // Many tests run in parallel, each with its own small pool.
            serverSettings: ["max_connections": "1000", "fsync": "off", "full_page_writes": "off", "synchronous_commit": "off"],
            logger: logger
        )
        // Already running (started by an earlier test process)? Then just use it.
        if let running = await cluster.connectIfRunning() { return running }

        // Otherwise start it; EmbeddedPostgres serializes this with other processes itself.
        return try await cluster.start()
    }
}

import Foundation
import ShiftyPostgres
import Testing

@Suite("The pool recovers after PostgreSQL restarts")
struct RecoveryTests {
    @Test func poolAndTransactionsSurviveARestart() async throws {
        let directory = try makeTemporaryDirectory("shifty-pg-restart")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cluster = EmbeddedPostgres(
            dataDirectory: directory.appendingPathComponent("data"),
            socketDirectory: directory.appendingPathComponent("socket"),
            serverSettings: ["max_connections": "42", "fsync": "off", "application_name": "it's quoted"],
            logger: testLogger
        )
        let connectionString = try await cluster.start()
        do {
            // No idle validation: this test wants to see the dead connections being dealt with.
            let pool = PostgresPool(
                configuration: PostgresConfiguration(
                    connectionString: connectionString, poolSize: 2, idleValidationInterval: .seconds(3600)
                ),
                logger: testLogger
            )
            let settings = try #require(
                try await pool.query("SELECT current_setting('max_connections') AS connections, current_setting('fsync') AS fsync").first
            )
            #expect(try settings.decode("connections", as: String.self) == "42")
            #expect(try settings.decode("fsync", as: String.self) == "off")
            try await pool.execute("CREATE TABLE visits (id serial PRIMARY KEY)")
            // Open both connections, so that both are dead after the restart.
            async let first = pool.withConnection { connection in
                _ = try connection.query("SELECT pg_sleep(0.1)")
                return connection.backendPID
            }
            async let second = pool.withConnection { connection in
                _ = try connection.query("SELECT pg_sleep(0.1)")
                return connection.backendPID
            }
            let before = try await [first, second]
            #expect(pool.statistics.open == 2)
            let listener = PostgresListener(
                configuration: PostgresConfiguration(connectionString: connectionString), channels: ["visits"], logger: testLogger
            )
            let events = EventCollector()
            await events.start(listener.events())
            #expect(await events.first { if case .connected = $0 { true } else { false } } != nil)

            try await cluster.restart()

            // Transactions retry once when the connection was dead before BEGIN.
            try await pool.transaction { connection in
                try connection.execute("INSERT INTO visits DEFAULT VALUES")
            }
            // Plain statements could fail once per dead connection with a connection error…
            var failures = 0
            var succeeded = false
            for _ in 0..<3 {
                do {
                    try await pool.execute("INSERT INTO visits DEFAULT VALUES")
                    succeeded = true
                    break
                } catch let error as PostgresError {
                    #expect(error.kind == .connection)
                    failures += 1
                }
            }
            // …but once one dead connection was found, the others are checked before use.
            #expect(succeeded)
            #expect(failures == 0)
            let after = try await pool.withConnection { $0.backendPID }
            #expect(!before.contains(after))
            #expect(pool.statistics.open <= 2)
            #expect(try await pool.query("SELECT count(*) AS n FROM visits").first?.decode("n", as: Int.self) == 2)

            // The listener came back by itself and hears notifications again.
            #expect(await events.first(timeout: .seconds(120)) { if case .reconnected = $0 { true } else { false } } != nil)
            try await pool.execute("NOTIFY visits, 'back'")
            #expect(await events.first { if case .notification("visits", "back", _) = $0 { true } else { false } } != nil)
            await listener.shutdown()

            // Reusing the existing cluster: start() on a running cluster just connects.
            let again = try await cluster.startIfNeeded()
            #expect(again.connectionString == connectionString)
            #expect(!again.didStartServer)
            await pool.shutdown()
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("data/PG_VERSION").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("postgres.log").path))
    }
}

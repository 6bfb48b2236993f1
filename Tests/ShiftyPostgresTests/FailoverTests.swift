import Foundation
import ShiftyPostgres
import Testing

/// What a PostgreSQL failover (pg_auto_failover: a primary and a synchronous standby) asks of the
/// wrapper: multi-host connection strings, replacing connections that reached a standby, and never
/// reporting a commit as done before the synchronous standby has it. The whole failover runs in
/// `make ha-test`; these tests check each piece against a real server.
@Suite("Failover: multi-host strings, standbys, synchronous commits")
struct FailoverTests {
    @Test func multiHostStringSkipsAHostThatDoesNotAnswer() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let parameters = try PostgresConnectionString.parse(database.connectionString)
            let host = try #require(parameters.last { $0.key == "host" }?.value)
            let port = parameters.last { $0.key == "port" }?.value ?? "5432"
            let rest = parameters.filter { $0.key != "host" && $0.key != "port" && $0.key != "hostaddr" }
            // The first "machine" is gone (a socket folder nobody listens in); libpq moves on.
            let deadHost = NSTemporaryDirectory() + "shifty-no-postgres-\(UUID().uuidString.prefix(8))"
            let multiHost = PostgresConnectionString.make(
                [("host", "\(deadHost),\(host)"), ("port", "\(port),\(port)"), ("target_session_attrs", "read-write")] + rest)
            #expect(try PostgresConnectionString.multiHostProblem(in: multiHost) == nil)
            let pool = PostgresPool(configuration: PostgresConfiguration(connectionString: multiHost, poolSize: 1), logger: testLogger)
            let answer = try await pool.query("SELECT pg_is_in_recovery() AS standby").first?.decode("standby", as: Bool.self)
            #expect(answer == false)
            await pool.shutdown()
        }
    }

    @Test func severalHostsNeedTargetSessionAttrsReadWrite() throws {
        #expect(try PostgresConnectionString.multiHostProblem(in: "host=db1,db2 port=5432,5432 dbname=shifty") != nil)
        #expect(try PostgresConnectionString.multiHostProblem(in: "host=db1,db2 target_session_attrs=any dbname=shifty") != nil)
        #expect(try PostgresConnectionString.multiHostProblem(in: "postgresql://db1:5432,db2:5432/shifty") != nil)
        #expect(try PostgresConnectionString.multiHostProblem(in: "postgresql://db1:5432,db2:5432/shifty?target_session_attrs=read-write") == nil)
        #expect(try PostgresConnectionString.multiHostProblem(in: "host=db1,db2 target_session_attrs=primary dbname=shifty") == nil)
        #expect(try PostgresConnectionString.multiHostProblem(in: "host=db1 dbname=shifty") == nil)
        #expect(throws: PostgresError.self) { try PostgresConnectionString.multiHostProblem(in: "host=db1 nonsense=1") }
    }

    /// A node that turned into a standby answers writes with 25006. Such a connection must not go
    /// back into the pool: the next caller gets a new connection (on the new primary).
    @Test func connectionThatReachedAReadOnlyNodeIsReplaced() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 1), logger: testLogger)
            let before = try await pool.withConnection { $0.backendPID }
            do {
                try await pool.withConnection { connection in
                    // What a demoted primary looks like from an open connection.
                    try connection.execute("SET default_transaction_read_only = on")
                    try connection.execute("CREATE TABLE written_on_a_standby (id int)")
                }
                Issue.record("a write on a read-only session succeeded")
            } catch let error as PostgresError {
                #expect(error.serverState == .readOnlySQLTransaction)
                #expect(error.serverState?.meansServerUnavailable == true)
            }
            let after = try await pool.withConnection { $0.backendPID }
            #expect(after != before)
            try await pool.execute("CREATE TABLE written_on_the_primary (id int)")
            await pool.shutdown()
        }
    }

    /// With synchronous replication a COMMIT waits for the standby, and the pool's statement timeout
    /// must not end that wait early: a COMMIT reported as done before the standby has it would be
    /// lost in a failover. (PostgreSQL stops the timer before committing; this pins that down for
    /// our pool settings.) The live feed's barrier must wait the same way, or it would push events a
    /// failover can take back.
    @Test func commitsAndStandbyBarrierWaitForTheSynchronousStandby() async throws {
        let directory = try makeTemporaryDirectory("shifty-pg-syncrep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cluster = EmbeddedPostgres(dataDirectory: directory.appendingPathComponent("data"), serverSettings: ["fsync": "off"], logger: testLogger)
        let connectionString = try await cluster.start()
        let admin = PostgresPool(configuration: PostgresConfiguration(connectionString: connectionString, poolSize: 1, statementTimeout: nil), logger: testLogger)
        // The round-trip deadline (statement timeout + 5 s by default) would end the wait too; this
        // test is about the statement timeout, so it gets a deadline no loaded machine reaches.
        let pool = PostgresPool(
            configuration: PostgresConfiguration(
                connectionString: connectionString, poolSize: 2, statementTimeout: .milliseconds(300), roundTripTimeout: .seconds(300)),
            logger: testLogger)
        do {
            try await pool.execute("CREATE TABLE trades (id int)")
            // Without a synchronous standby the barrier does not wait: it returns (a barrier that waited
            // for a standby here would never return; the hang guard turns that into a failure).
            let unwatched = Task { try await pool.withConnection { try $0.waitForSynchronousStandbys() } }
            let returned = await finishes { _ = try? await unwatched.value }
            #expect(returned)
            if returned { try await unwatched.value }

            // A synchronous standby that never answers: commits must wait for it.
            try await admin.execute("ALTER SYSTEM SET synchronous_standby_names = 'standby_that_never_comes'")
            try await admin.execute("SELECT pg_reload_conf()")
            try await Task.sleep(for: .milliseconds(300))
            let commit = Task { try await pool.transaction { try $0.execute("INSERT INTO trades VALUES (1)") } }
            let barrier = Task { try await pool.withConnection { try $0.waitForSynchronousStandbys() } }
            // Well past the 300 ms statement timeout: both are (still) waiting for the standby. Polled,
            // so a slow start of either on a loaded machine is no failure; one cut short by the
            // statement timeout would never be seen waiting again.
            try await Task.sleep(for: .milliseconds(1500))
            var sessions = ""
            let bothWait = try await eventually {
                let waiting = try await admin.query(
                    """
                    SELECT count(*) FILTER (WHERE wait_event = 'SyncRep') AS n,
                           string_agg(coalesce(wait_event, '-') || ' ' || coalesce(state, '-') || ' ' || left(query, 40), '; ') AS sessions
                    FROM pg_stat_activity WHERE backend_type = 'client backend'
                    """)
                sessions = try waiting[0].decode("sessions", as: String?.self) ?? ""
                return try waiting[0].decode("n", as: Int.self) == 2
            }
            #expect(bothWait, "\(sessions)")

            // The failover manager turns synchronous replication off (the standby is gone): both finish.
            try await admin.execute("ALTER SYSTEM RESET synchronous_standby_names")
            try await admin.execute("SELECT pg_reload_conf()")
            _ = try await commit.value
            try await barrier.value
            #expect(try await pool.query("SELECT count(*) AS n FROM trades")[0].decode("n", as: Int.self) == 1)
        } catch {
            _ = try? await admin.execute("ALTER SYSTEM RESET synchronous_standby_names")
            _ = try? await admin.execute("SELECT pg_reload_conf()")
            await pool.shutdown()
            await admin.shutdown()
            try? await cluster.stop()
            throw error
        }
        await pool.shutdown()
        await admin.shutdown()
        try await cluster.stop()
    }
}

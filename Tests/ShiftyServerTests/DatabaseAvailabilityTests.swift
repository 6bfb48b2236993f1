import Foundation
import Logging
import ShiftyPostgres
import ShiftyTestSupport
import Testing

@testable import ShiftyServer

/// What clients see when the database cannot answer (docs/database-availability.md): 503
/// `database_unavailable` with Retry-After, never a 500 and never a request that hangs until TCP
/// gives up; `/readyz` says not ready within its own short limit while `/healthz` stays a liveness
/// check; live pushes follow the LISTEN connection to a host that answers.
///
/// The database is really stopped (SIGSTOP on a cluster of the test's own) or cut off by a proxy
/// that blackholes traffic. The bounds of 60 s only turn a hang into a failure.
@Suite struct DatabaseAvailabilityTests {
    static let hang: Duration = .seconds(60)

    @Test func everyDatabaseUnavailableErrorIsA503() {
        for code in ["57014", "40001", "40P01", "08006", "08001", "57P01", "57P02", "57P03", "25006", "53300", "53200", "55P03"] {
            #expect(PostgresError(kind: .server(PostgresSQLState(code: code)), message: "x", sqlState: code).isConnectionProblem, "\(code)")
        }
        for code in ["23505", "23503", "42601", "42P01", "22P02", "XX000", "P0001"] {
            #expect(!PostgresError(kind: .server(PostgresSQLState(code: code)), message: "x", sqlState: code).isConnectionProblem, "\(code)")
        }
        for kind: PostgresError.Kind in [.connection, .poolTimeout, .closed] {
            #expect(PostgresError(kind: kind, message: "x").isConnectionProblem, "\(kind)")
        }
        for kind: PostgresError.Kind in [.decoding, .invalidArgument] {
            #expect(!PostgresError(kind: kind, message: "x").isConnectionProblem, "\(kind)")
        }
    }

    /// A statement cancelled by `statement_timeout` (57014), here because another session holds a
    /// lock; in a failover because the old primary waits for the promoted standby. It answered 500.
    @Test func aStatementCancelledByTheStatementTimeoutAnswers503() async throws {
        try await TestServer.with { a in
            let boss = try await a.createWorkplace()
            try await a.withAnotherInstance(named: "B", configurePool: { $0.statementTimeout = .milliseconds(300) }) { b in
                let locked = Signal()
                // Held until B has answered, however long that takes on a loaded machine.
                let release = DispatchSemaphore(value: 0)
                let holder = Task {
                    try await a.pool.withConnection { connection in
                        try connection.execute("BEGIN")
                        try connection.execute("LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE")
                        locked.raise()
                        release.wait()
                        try connection.execute("ROLLBACK")
                    }
                }
                #expect(await Self.eventually { locked.isRaised })
                let response = try await b.client.json(.GET, "/api/v1/me", token: boss.token)
                release.signal()
                #expect(response.status == 503, "\(response.text)")
                #expect(response.problemCode == "database_unavailable")
                #expect(response.header("Retry-After") == "2")
                try await holder.value
                // Once the lock is gone B answers again (eventually: its 300 ms statement timeout can
                // cancel a plain read too while the machine is loaded).
                #expect(await Self.eventually { (try? await b.client.json(.GET, "/api/v1/me", token: boss.token).status) == 200 })
            }
        }
    }

    @Test(.enabled(if: PostgresFreezer.canFreezeClusters))
    func aStoppedDatabaseAnswers503AndNotReadyThenRecovers() async throws {
        var logger = Logger(label: "shifty.test")
        logger.logLevel = .warning
        try await withOwnPostgresCluster("shifty-freeze-http", logger: logger) { cluster, connectionString in
            var configuration = PostgresConfiguration(
                connectionString: connectionString, poolSize: 2, acquireTimeout: .seconds(30),
                statementTimeout: .milliseconds(500), connectTimeout: .seconds(2), roundTripTimeout: .seconds(1))
            configuration.checkTimeout = .seconds(1)
            let pool = PostgresPool(configuration: configuration, logger: logger)
            _ = try await MigrationRunner(directory: RepositoryPaths.migrations).migrate(pool: pool, logger: logger)
            try await TestServer.with(pool: pool, configure: {
                $0.readinessTimeout = .seconds(1)
                $0.listenerHeartbeat = .seconds(1)
            }) { server in
                let boss = try await server.createWorkplace()
                #expect(try await server.client.json(.GET, "/readyz").status == 200)

                let frozen = try PostgresFreezer.freezeCluster(dataDirectory: cluster.dataDirectory)
                let thawed = Signal()
                defer { if thawed.raise() { PostgresFreezer.thaw(frozen) } }

                // The first request ends at its round trip's deadline, the next ones at once: each a
                // 503 the client may retry, none a 500 or a hang.
                for attempt in 1...3 {
                    let answer = await outcome(within: Self.hang) { try await server.client.json(.GET, "/api/v1/me", token: boss.token) }
                    guard case .success(let response)? = answer else {
                        Issue.record("request \(attempt) on a stopped database: \(String(describing: answer))")
                        return
                    }
                    #expect(response.status == 503, "\(response.text)")
                    #expect(response.problemCode == "database_unavailable")
                    #expect(response.header("Retry-After") != nil)
                }
                let ready = await outcome(within: Self.hang) { try await server.client.json(.GET, "/readyz") }
                guard case .success(let readiness)? = ready else {
                    Issue.record("/readyz on a stopped database: \(String(describing: ready))")
                    return
                }
                #expect(readiness.status == 503)
                #expect(readiness.json["status"] as? String == "database_unavailable")
                #expect(try await server.client.json(.GET, "/healthz").status == 200)
                let metrics = try await server.client.json(.GET, "/metrics")
                #expect(metrics.text.contains("shifty_db_unresponsive 1"), "\(metrics.text.prefix(200))")

                if thawed.raise() { PostgresFreezer.thaw(frozen) }
                #expect(await Self.eventually { (try? await server.client.json(.GET, "/readyz").status) == 200 })
                #expect(try await server.client.json(.GET, "/api/v1/me", token: boss.token).status == 200)
            }
            await pool.shutdown()
        }
    }

    /// Instance B reaches the database through two hosts (as a primary and its standby); the first
    /// stops answering. B's LISTEN connection moves to the second and catches up, so its live client
    /// gets the event committed meanwhile (B's poll is an hour: only the listener can bring it), and
    /// B's requests answer 503 with Retry-After until its pool, too, reaches the second host.
    @Test func livePushesResumeAfterTheListenConnectionMovesToAHostThatAnswers() async throws {
        try await TestServer.with(configure: { $0.livePollInterval = .seconds(3600) }) { a in
            guard let first = try BlackholeProxy.inFront(of: a.connectionString),
                  let second = try BlackholeProxy.inFront(of: a.connectionString)
            else { return }
            defer {
                first.stop()
                second.stop()
            }
            let boss = try await a.createWorkplace()
            let anna = try await a.createEmployee(in: boss, username: "anna")
            let bram = try await a.createEmployee(in: boss, username: "bram")
            let early = try await a.createShift(by: boss, for: anna, inDays: 2)
            let late = try await a.createShift(by: boss, for: anna, inDays: 3)
            let through = try BlackholeProxy.connectionString(a.connectionString, through: [first, second], extra: [("connect_timeout", "2")])
            try await a.withAnotherInstance(
                named: "B", connectionString: through,
                configurePool: {
                    $0.statementTimeout = .milliseconds(500)
                    $0.roundTripTimeout = .seconds(1)
                    $0.checkTimeout = .seconds(1)
                },
                configure: {
                    $0.listenerHeartbeat = .seconds(1)
                    $0.readinessTimeout = .seconds(1)
                }
            ) { b in
                let watcher = try await b.live(bram, query: "topics=marketplace")
                #expect(try await a.act("/shifts/\(early)/supply", as: anna).status == 200)
                try await watcher.waitForEvents(["shift.supplied"], timeout: Self.hang)

                first.blackhole()
                #expect(try await a.act("/shifts/\(late)/supply", as: anna).status == 200)
                try await watcher.waitForEvents(["shift.supplied", "shift.supplied"], timeout: Self.hang)

                var served = false
                let giveUp = ContinuousClock.now + Self.hang
                while !served, ContinuousClock.now < giveUp {
                    let answer = await outcome(within: Self.hang) { try await b.client.json(.GET, "/api/v1/me", token: bram.token) }
                    guard case .success(let response)? = answer else {
                        Issue.record("a request on B: \(String(describing: answer))")
                        break
                    }
                    if response.status == 200 {
                        served = true
                    } else {
                        #expect(response.status == 503, "\(response.text)")
                        #expect(response.problemCode == "database_unavailable")
                        #expect(response.header("Retry-After") != nil)
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
                #expect(served)
                #expect(await Self.eventually { (try? await b.client.json(.GET, "/readyz").status) == 200 })
                await watcher.close()
            }
        }
    }

    static func eventually(timeout: Duration = hang, _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return await condition()
    }
}

/// A flag raised once, from any thread.
private final class Signal: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    var isRaised: Bool {
        lock.lock()
        defer { lock.unlock() }
        return raised
    }

    /// True the first time only.
    @discardableResult
    func raise() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if raised { return false }
        raised = true
        return true
    }
}

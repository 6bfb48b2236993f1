import Foundation
import ShiftyTestSupport
import Testing

@testable import ShiftyPostgres

/// A database that stops answering without closing its connections: a stopped process (SIGSTOP, on
/// a cluster of the test's own) or a host cut off by a proxy that blackholes traffic. Every round
/// trip ends at its deadline instead of when TCP gives up, the pool refuses callers at once until
/// the server answers again, and the listener moves to a host that answers.
///
/// The bounds of 60 s only turn a hang into a failure; they are not latency assertions.
@Suite("A database that stops answering")
struct FreezeTests {
    static let hang: Duration = .seconds(60)

    /// Deadlines short enough for a test: 1 s per round trip and check, 2 s to connect.
    static func configuration(_ connectionString: String, poolSize: Int = 1) -> PostgresConfiguration {
        var configuration = PostgresConfiguration(
            connectionString: connectionString, poolSize: poolSize, acquireTimeout: .seconds(30),
            statementTimeout: .milliseconds(500), connectTimeout: .seconds(2), roundTripTimeout: .seconds(1))
        configuration.checkTimeout = .seconds(1)
        return configuration
    }

    static func isConnectionError(_ result: Result<some Sendable, any Error>?, containing text: String) -> Bool {
        guard case .failure(let error as PostgresError)? = result else { return false }
        return error.kind == .connection && error.message.contains(text)
    }

    @Test func aStoppedBackendEndsItsRoundTripAtTheDeadline() async throws {
        try await withOwnPostgresCluster("shifty-freeze-backend", logger: testLogger) { _, connectionString in
            let pool = PostgresPool(configuration: Self.configuration(connectionString), logger: testLogger)
            let frozen = try await pool.withConnection { $0.backendPID }
            try PostgresFreezer.freeze(frozen)
            defer { PostgresFreezer.thaw([frozen]) }

            let query = await outcome(within: Self.hang) { try await pool.query("SELECT 1") }
            #expect(Self.isConnectionError(query, containing: "did not answer within 1 s"), "\(String(describing: query))")
            // Only that backend is stopped: the probe finds the server answering, and the pool serves
            // again on a new connection.
            #expect(await eventually(timeout: Self.hang) { !pool.isServerUnresponsive })
            let next = await outcome(within: Self.hang) { try await pool.withConnection { $0.backendPID } }
            guard case .success(let pid)? = next else {
                Issue.record("no query after the stopped backend was given up: \(String(describing: next))")
                return
            }
            #expect(pid != frozen)
            await pool.shutdown()
        }
    }

    @Test(.enabled(if: PostgresFreezer.canFreezeClusters))
    func aStoppedServerIsRefusedAtOnceUntilItAnswersAgain() async throws {
        try await withOwnPostgresCluster("shifty-freeze-server", logger: testLogger) { cluster, connectionString in
            let pool = PostgresPool(configuration: Self.configuration(connectionString, poolSize: 2), logger: testLogger)
            let listener = PostgresListener(
                configuration: Self.configuration(connectionString), channels: ["thawed"], logger: testLogger,
                heartbeatInterval: .milliseconds(500), heartbeatTimeout: .seconds(1))
            let events = EventCollector()
            await events.start(listener.events())
            #expect(await events.first(timeout: Self.hang) { if case .connected = $0 { true } else { false } } != nil)
            try await pool.execute("SELECT 1")
            _ = try await pool.probe(within: Self.hang) { try $0.execute("SELECT 1") }

            let frozen = try PostgresFreezer.freezeCluster(dataDirectory: cluster.dataDirectory)
            let thaw = LockedFlag()
            defer { if thaw.set() { PostgresFreezer.thaw(frozen) } }

            // The request on the idle connection ends at its deadline…
            let first = await outcome(within: Self.hang) { try await pool.query("SELECT 1") }
            #expect(Self.isConnectionError(first, containing: "did not answer within 1 s"), "\(String(describing: first))")
            // …and from then on callers are refused at once instead of hanging on other connections.
            #expect(pool.isServerUnresponsive)
            let refused = await outcome(within: Self.hang) { try await pool.query("SELECT 1") }
            #expect(Self.isConnectionError(refused, containing: "stopped answering"), "\(String(describing: refused))")
            // A check answers within its own limit, whatever the server does.
            let check = await outcome(within: Self.hang) { try await pool.probe(within: .seconds(1)) { try $0.execute("SELECT 1") } }
            // (Our deadline, or libpq's connect timeout when the check had to open a connection first.)
            #expect(
                Self.isConnectionError(check, containing: "did not answer a check within 1 s")
                    || Self.isConnectionError(check, containing: "timeout expired"), "\(String(describing: check))")
            // The listener's heartbeat noticed as well and gave its connection up.
            #expect(await eventually(timeout: Self.hang) { listener.backendPID == nil })

            if thaw.set() { PostgresFreezer.thaw(frozen) }
            #expect(await eventually(timeout: Self.hang) { !pool.isServerUnresponsive })
            let after = await outcome(within: Self.hang) { try await pool.query("SELECT 1 AS one").first?.decode("one", as: Int.self) }
            guard case .success(1)? = after else {
                Issue.record("the pool did not recover: \(String(describing: after))")
                return
            }
            #expect(await events.first(timeout: Self.hang) { if case .reconnected = $0 { true } else { false } } != nil)
            try await pool.execute("NOTIFY thawed, 'back'")
            #expect(await events.first(timeout: Self.hang) { if case .notification("thawed", "back", _) = $0 { true } else { false } } != nil)
            await listener.shutdown()
            await pool.shutdown()
        }
    }

    @Test func aBlackholedHostEndsRoundTripsAtTheDeadlineAndIsUsedAgainWhenTrafficFlows() async throws {
        try await withTestDatabase(migrations: nil) { database in
            guard let proxy = try BlackholeProxy.inFront(of: database.connectionString) else { return }
            defer { proxy.stop() }
            let through = try BlackholeProxy.connectionString(database.connectionString, through: [proxy])
            let pool = PostgresPool(configuration: Self.configuration(through), logger: testLogger)
            // Over TCP our keepalive settings are in force.
            let options = try await pool.withConnection { [$0.option("keepalives"), $0.option("tcp_user_timeout")] }
            #expect(options == ["1", "20000"])

            proxy.blackhole()
            let cut = await outcome(within: Self.hang) { try await pool.query("SELECT 1") }
            #expect(Self.isConnectionError(cut, containing: "did not answer within 1 s"), "\(String(describing: cut))")
            // New connections hang in the login (connect_timeout), so the pool stays refusing.
            #expect(pool.isServerUnresponsive)
            let refused = await outcome(within: Self.hang) { try await pool.query("SELECT 1") }
            #expect(Self.isConnectionError(refused, containing: "stopped answering"), "\(String(describing: refused))")

            proxy.resume()
            #expect(await eventually(timeout: Self.hang) { !pool.isServerUnresponsive })
            let after = await outcome(within: Self.hang) { try await pool.query("SELECT 1 AS one").first?.decode("one", as: Int.self) }
            guard case .success(1)? = after else {
                Issue.record("the pool did not recover: \(String(describing: after))")
                return
            }
            await pool.shutdown()
        }
    }

    /// Two ways to the same server (a primary and its standby in production): when the host the
    /// listener uses stops answering, the heartbeat notices and the listener connects to the next
    /// host that answers, and notifications arrive again.
    @Test func theListenerMovesToAHostThatAnswers() async throws {
        try await withTestDatabase(migrations: nil) { database in
            guard let first = try BlackholeProxy.inFront(of: database.connectionString),
                  let second = try BlackholeProxy.inFront(of: database.connectionString)
            else { return }
            defer {
                first.stop()
                second.stop()
            }
            let through = try BlackholeProxy.connectionString(database.connectionString, through: [first, second])
            let listener = PostgresListener(
                configuration: Self.configuration(through), channels: ["moved"], logger: testLogger,
                heartbeatInterval: .milliseconds(500), heartbeatTimeout: .seconds(1))
            let events = EventCollector()
            await events.start(listener.events())
            #expect(await events.first(timeout: Self.hang) { if case .connected = $0 { true } else { false } } != nil)
            #expect(first.acceptedConnections == 1)
            #expect(second.acceptedConnections == 0)

            first.blackhole()
            #expect(await events.first(timeout: Self.hang) { if case .reconnected = $0 { true } else { false } } != nil)
            #expect(second.acceptedConnections == 1)
            try await database.pool.execute("NOTIFY moved, 'here'")
            #expect(await events.first(timeout: Self.hang) { if case .notification("moved", "here", _) = $0 { true } else { false } } != nil)
            await listener.shutdown()
        }
    }

    @Test func ourConnectionSettingsGiveWayToTheConnectionString() async throws {
        try await withTestDatabase(migrations: nil) { database in
            guard let proxy = try BlackholeProxy.inFront(of: database.connectionString) else { return }
            defer { proxy.stop() }
            let own = try BlackholeProxy.connectionString(
                database.connectionString, through: [proxy],
                extra: [("tcp_user_timeout", "1234"), ("keepalives_idle", "3"), ("connect_timeout", "7")])
            let pool = PostgresPool(configuration: PostgresConfiguration(connectionString: own, poolSize: 1), logger: testLogger)
            let options = try await pool.withConnection { connection in
                ["tcp_user_timeout", "keepalives_idle", "connect_timeout", "keepalives_interval", "keepalives"].map { connection.option($0) }
            }
            #expect(options == ["1234", "3", "7", String(PostgresConnectionDefaults.keepalivesIntervalSeconds), "1"])
            await pool.shutdown()
        }
    }
}

/// Set once, from any thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    /// True the first time only.
    func set() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if isSet { return false }
        isSet = true
        return true
    }
}

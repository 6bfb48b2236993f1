import Foundation
import ShiftyPostgres
import Testing

@Suite("Pool size, queueing and acquire timeout")
struct PoolTests {
    @Test func exhaustedPoolTimesOut() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(
                    connectionString: database.connectionString, poolSize: 2, acquireTimeout: .milliseconds(150)
                ),
                logger: testLogger
            )
            let holders = (0..<2).map { _ in
                Task { try await pool.execute("SELECT pg_sleep(0.6)") }
            }
            #expect(await eventually { pool.statistics.inUse == 2 })
            let started = ContinuousClock.now
            await #expect {
                try await pool.query("SELECT 1")
            } throws: { error in
                (error as? PostgresError)?.kind == .poolTimeout
            }
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(140))
            #expect(waited < .milliseconds(550))
            for holder in holders { _ = try await holder.value }
            #expect(pool.statistics == PostgresPoolStatistics(open: 2, inUse: 0, waiting: 0, maximum: 2))
            // Once the holders are done the pool serves again.
            #expect(try await pool.query("SELECT 1 AS one").first?.decode("one", as: Int.self) == 1)
            await pool.shutdown()
        }
    }

    /// One timer serves all waiters: a caller queued later still gets its full timeout, and one
    /// queued first is not kept waiting for the later one's deadline.
    @Test func staggeredWaitersEachTimeOutAtTheirOwnDeadline() async throws {
        try await withTestDatabase(migrations: nil) { database in
            // Deadlines a second apart (1 s and 2 s after the first waiter came), so a loaded
            // machine's scheduling delays (a CI run saw 258 ms) cannot blur which deadline fired.
            let pool = PostgresPool(
                configuration: PostgresConfiguration(
                    connectionString: database.connectionString, poolSize: 1, acquireTimeout: .seconds(1)
                ),
                logger: testLogger
            )
            // The only connection is held until the test lets go, whatever the machine's speed.
            let gate = DispatchSemaphore(value: 0)
            let holder = Task { try await pool.withConnection { _ in _ = gate.wait(timeout: .now() + 30) } }
            #expect(await eventually { pool.statistics.inUse == 1 })
            let started = ContinuousClock.now
            let timeOut = { @Sendable () async -> Duration? in
                do {
                    _ = try await pool.query("SELECT 1")
                    return nil
                } catch let error as PostgresError where error.kind == .poolTimeout {
                    return ContinuousClock.now - started
                } catch {
                    return nil
                }
            }
            let first = Task { await timeOut() }
            try await Task.sleep(for: .seconds(1))
            let second = Task { await timeOut() }
            let firstWaited = try #require(await first.value)
            let secondWaited = try #require(await second.value)
            gate.signal()
            #expect(firstWaited >= .milliseconds(990))
            #expect(firstWaited < .milliseconds(1900), "the first waiter must not wait for the second one's deadline")
            #expect(secondWaited >= .milliseconds(1990))
            #expect(secondWaited < .seconds(4))
            _ = try await holder.value
            #expect(pool.statistics.waiting == 0)
            #expect(try await pool.query("SELECT 1 AS one").first?.decode("one", as: Int.self) == 1)
            await pool.shutdown()
        }
    }

    @Test func waitersAreServedInArrivalOrder() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 1),
                logger: testLogger
            )
            let order = OrderRecorder()
            // The only connection is held until every waiter is queued (a fixed pg_sleep ran out
            // before five waiters had queued on a loaded CI machine).
            let gate = DispatchSemaphore(value: 0)
            let holder = Task { try await pool.withConnection { _ in _ = gate.wait(timeout: .now() + 30) } }
            #expect(await eventually { pool.statistics.inUse == 1 })
            var waiters: [Task<Void, any Error>] = []
            for index in 0..<5 {
                waiters.append(Task { try await pool.withConnection { _ in order.append(index) } })
                // Let this waiter enqueue before the next one starts.
                #expect(await eventually { pool.statistics.waiting == index + 1 })
            }
            gate.signal()
            _ = try await holder.value
            for waiter in waiters { try await waiter.value }
            #expect(order.values == [0, 1, 2, 3, 4])
            #expect(pool.statistics.open == 1)
            await pool.shutdown()
        }
    }

    @Test func runsStatementsConcurrentlyUpToPoolSize() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 4),
                logger: testLogger
            )
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await pool.execute("SELECT pg_sleep(0.3)") }
                }
                try await group.waitForAll()
            }
            let elapsed = ContinuousClock.now - started
            // Four 0.3 s sleeps in parallel, not in sequence (1.2 s).
            #expect(elapsed < .milliseconds(1150))
            #expect(pool.statistics.open == 4)
            let backends = try await pool.query("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'shifty'")
            #expect(try backends.first?.decode("n", as: Int.self) == 4)
            await pool.shutdown()
        }
    }

    @Test func cancelledWaiterLeavesTheQueue() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 1),
                logger: testLogger
            )
            let holder = Task { try await pool.execute("SELECT pg_sleep(0.5)") }
            #expect(await eventually { pool.statistics.inUse == 1 })
            let waiter = Task { try await pool.query("SELECT 1") }
            #expect(await eventually { pool.statistics.waiting == 1 })
            let started = ContinuousClock.now
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
            #expect(ContinuousClock.now - started < .milliseconds(300))
            #expect(pool.statistics.waiting == 0)
            _ = try await holder.value
            #expect(try await pool.query("SELECT 1 AS one").first?.decode("one", as: Int.self) == 1)
            await pool.shutdown()
        }
    }

    @Test func shutdownRejectsNewWork() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 1),
                logger: testLogger
            )
            _ = try await pool.query("SELECT 1")
            await pool.shutdown()
            await #expect {
                try await pool.query("SELECT 1")
            } throws: { error in
                (error as? PostgresError)?.kind == .closed
            }
        }
    }

    @Test func brokenConnectionIsReplaced() async throws {
        try await withTestDatabase(migrations: nil) { database in
            // Validation off (huge interval): the first statement on the killed connection fails.
            let pool = PostgresPool(
                configuration: PostgresConfiguration(
                    connectionString: database.connectionString, poolSize: 1, idleValidationInterval: .seconds(3600)
                ),
                logger: testLogger
            )
            let victim = try await pool.withConnection { $0.backendPID }
            try await database.pool.execute("SELECT pg_terminate_backend($1, 5000)", [victim])
            await #expect {
                try await pool.query("SELECT 1")
            } throws: { error in
                (error as? PostgresError)?.kind == .connection
            }
            let replacement = try await pool.withConnection { $0.backendPID }
            #expect(replacement != victim)
            #expect(pool.statistics.open == 1)
            await pool.shutdown()

            // With validation of idle connections the caller never sees the dead one.
            let validating = PostgresPool(
                configuration: PostgresConfiguration(
                    connectionString: database.connectionString, poolSize: 1, idleValidationInterval: .zero
                ),
                logger: testLogger
            )
            let killed = try await validating.withConnection { $0.backendPID }
            try await database.pool.execute("SELECT pg_terminate_backend($1, 5000)", [killed])
            let fresh = try await validating.withConnection { connection in
                (try connection.query("SELECT 1 AS one").first?.decode("one", as: Int.self), connection.backendPID)
            }
            #expect(fresh.0 == 1)
            #expect(fresh.1 != killed)
            await validating.shutdown()
        }
    }
}

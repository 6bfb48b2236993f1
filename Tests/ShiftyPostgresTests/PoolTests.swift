import Foundation
@testable import ShiftyPostgres
import Testing

@Suite("Pool size, queueing and acquire timeout")
struct PoolTests {
    /// The acquire timeout fails a waiter while every connection is still held: the answer can only
    /// come from the timeout, not from a connection that came free (the holders let go only after it).
    @Test func exhaustedPoolTimesOut() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(
                    connectionString: database.connectionString, poolSize: 2, acquireTimeout: .milliseconds(150)
                ),
                logger: testLogger
            )
            let gate = DispatchSemaphore(value: 0)
            let holders = (0..<2).map { _ in
                Task { try await pool.withConnection { _ in _ = gate.wait(timeout: .now() + 120) } }
            }
            #expect(await eventually { pool.statistics.inUse == 2 })
            let started = ContinuousClock.now
            await #expect {
                try await pool.query("SELECT 1")
            } throws: { error in
                (error as? PostgresError)?.kind == .poolTimeout
            }
            #expect(ContinuousClock.now - started >= .milliseconds(140))
            #expect(pool.statistics.inUse == 2, "the holders still hold both connections")
            gate.signal()
            gate.signal()
            for holder in holders { _ = try await holder.value }
            #expect(pool.statistics == PostgresPoolStatistics(open: 2, inUse: 0, waiting: 0, maximum: 2))
            // Once the holders are done the pool serves again.
            #expect(try await pool.query("SELECT 1 AS one").first?.decode("one", as: Int.self) == 1)
            await pool.shutdown()
        }
    }

    /// One timer serves all waiters: a caller queued later still gets its full timeout, and one
    /// queued first is not kept waiting for the later one's deadline. The pool's clock is moved by
    /// the test, so which deadline has passed is exact however slow the machine is.
    @Test func staggeredWaitersEachTimeOutAtTheirOwnDeadline() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let clock = ManualPoolClock()
            let pool = PostgresPool(
                configuration: PostgresConfiguration(
                    connectionString: database.connectionString, poolSize: 1, acquireTimeout: .seconds(1)
                ),
                logger: testLogger,
                clock: clock.poolClock
            )
            // The only connection is held until the test lets go, whatever the machine's speed.
            let gate = DispatchSemaphore(value: 0)
            let holder = Task { try await pool.withConnection { _ in _ = gate.wait(timeout: .now() + 120) } }
            #expect(await eventually { pool.statistics.inUse == 1 })
            let timeOut = { @Sendable () async -> Duration? in
                do {
                    _ = try await pool.query("SELECT 1")
                    return nil
                } catch let error as PostgresError where error.kind == .poolTimeout {
                    return clock.elapsed
                } catch {
                    return nil
                }
            }
            let first = Task { await timeOut() }
            #expect(await eventually { pool.statistics.waiting == 1 })
            clock.advance(by: .milliseconds(500))
            let second = Task { await timeOut() }
            #expect(await eventually { pool.statistics.waiting == 2 })
            // The first one's deadline: it alone fails, the second keeps waiting.
            clock.advance(by: .milliseconds(500))
            #expect(await eventually { pool.statistics.waiting == 1 }, "the first waiter must not wait for the second one's deadline")
            let firstWaited = await first.value
            #expect(firstWaited == .seconds(1))
            clock.advance(by: .milliseconds(499))
            #expect(pool.statistics.waiting == 1, "the second waiter gets its full timeout")
            // The second one's deadline: the timer woke again for it.
            clock.advance(by: .milliseconds(1))
            #expect(await eventually { pool.statistics.waiting == 0 })
            let secondWaited = await second.value
            #expect(secondWaited == .milliseconds(1500))
            gate.signal()
            _ = try await holder.value
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

    /// Four statements run at the same time on four connections: each waits, inside its connection,
    /// for the other three to arrive; a pool that ran them one after another would never get there.
    @Test func runsStatementsConcurrentlyUpToPoolSize() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 4),
                logger: testLogger
            )
            let rendezvous = ThreadRendezvous(parties: 4)
            let met = AtomicCounter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await pool.withConnection { connection in
                            try connection.execute("SELECT 1")
                            // The guard only ends a broken run instead of hanging it.
                            if rendezvous.arriveAndWait(timeout: 60) { met.increment() }
                            try connection.execute("SELECT 1")
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(met.current == 4, "all four statements were in progress at once")
            #expect(pool.statistics.open == 4)
            let backends = try await pool.query("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'shifty'")
            #expect(try backends.first?.decode("n", as: Int.self) == 4)
            await pool.shutdown()
        }
    }

    /// Cancelling a queued caller ends its wait at once: it gets CancellationError while the
    /// connection it waited for is still held (the holder lets go only afterwards).
    @Test func cancelledWaiterLeavesTheQueue() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(
                    connectionString: database.connectionString, poolSize: 1, acquireTimeout: .seconds(600)),
                logger: testLogger
            )
            let gate = DispatchSemaphore(value: 0)
            let holder = Task { try await pool.withConnection { _ in _ = gate.wait(timeout: .now() + 120) } }
            #expect(await eventually { pool.statistics.inUse == 1 })
            let waiter = Task { try await pool.query("SELECT 1") }
            #expect(await eventually { pool.statistics.waiting == 1 })
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
            #expect(pool.statistics.waiting == 0)
            #expect(pool.statistics.inUse == 1, "the holder still holds the connection")
            gate.signal()
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

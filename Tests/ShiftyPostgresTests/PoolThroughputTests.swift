import Foundation
import ShiftyPostgres
import Testing

@Suite("Pool under concurrent load")
struct PoolThroughputTests {
    /// Many small parameterized queries from more tasks than connections: every answer must match
    /// its own question (no mixed-up connections or results), and the pool must end idle.
    @Test func manyConcurrentQueriesGetTheirOwnResults() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                // A long wait for a free connection: sixteen tasks share four, and on a machine running
                // the whole suite a turn can take seconds. The test is about results, not speed.
                configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 4, acquireTimeout: .seconds(300)),
                logger: testLogger
            )
            let tasks = 16
            let queriesPerTask = 150
            let started = ContinuousClock.now
            let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
                for task in 0..<tasks {
                    group.addTask {
                        var mismatches = 0
                        for query in 0..<queriesPerTask {
                            let value = task * 1_000_000 + query
                            let echoed = try await pool.query("SELECT $1::bigint + 1 AS next", [value]).first?.decode("next", as: Int.self)
                            if echoed != value + 1 { mismatches += 1 }
                        }
                        return mismatches
                    }
                }
                return try await group.reduce(0, +)
            }
            let elapsed = ContinuousClock.now - started
            #expect(mismatches == 0)
            #expect(pool.statistics == PostgresPoolStatistics(open: 4, inUse: 0, waiting: 0, maximum: 4))
            let rate = Double(tasks * queriesPerTask) / elapsed.measuredSeconds
            print("PoolThroughputTests: \(tasks * queriesPerTask) queries in \(elapsed) (\(Int(rate)) queries/s, pool of 4)")
            await pool.shutdown()
        }
    }
}

extension Duration {
    var measuredSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

import Foundation
import ShiftyPostgres
import Testing

@Suite("Handing on the first checkout: a request's session lookup and its route's first reads share one connection")
struct CheckoutHandoffTests {
    static func backend(_ connection: PostgresConnection) throws -> Int32 {
        try connection.query("SELECT pg_backend_pid() AS pid")[0].decode("pid", as: Int32.self)
    }

    @Test func theSecondUseGetsTheFirstUsesConnectionAndTheThirdChecksOut() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            let before = pool.checkoutCount
            let (first, second, third) = try await pool.handingOnFirstCheckout {
                let first = try await pool.withConnection(Self.backend)
                // A transaction (with its retries) is just another use of the connection.
                let second = try await pool.transaction(Self.backend)
                let third = try await pool.withConnection(Self.backend)
                return (first, second, third)
            }
            #expect(first == second, "the route's first read runs on the lookup's connection")
            #expect(pool.checkoutCount - before == 2, "the lookup and the third use check out; the second does not")
            #expect(pool.handedOnCount == 1)
            _ = third
            #expect(pool.statistics.inUse == 0)

            // Without it, every use checks out.
            let plain = pool.checkoutCount
            _ = try await pool.withConnection(Self.backend)
            _ = try await pool.withConnection(Self.backend)
            #expect(pool.checkoutCount - plain == 2)
        }
    }

    @Test func aConnectionNobodyTakesGoesBackAndALeftBehindTaskChecksOut() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            let leftBehind = try await pool.handingOnFirstCheckout { () -> Task<Int32, any Error> in
                _ = try await pool.withConnection(Self.backend)
                #expect(pool.statistics.inUse == 1, "kept for the route while it has not read yet")
                return Task { try await Task.sleep(for: .milliseconds(50)); return try await pool.withConnection(Self.backend) }
            }
            #expect(pool.statistics.inUse <= 1)
            _ = try await leftBehind.value
            #expect(await eventually { pool.statistics.inUse == 0 }, "nothing stays checked out")

            // A lookup that fails leaves a usable connection and nothing checked out.
            await #expect(throws: PostgresError.self) {
                try await pool.handingOnFirstCheckout {
                    try await pool.withConnection { try $0.execute("SELECT no_such_column FROM people") }
                }
            }
            #expect(pool.statistics.inUse == 0)
            #expect(try await pool.query("SELECT 1 AS one")[0].decode("one", as: Int32.self) == 1)
        }
    }

    @Test func insideAnAmbientTransactionEveryUseJoinsIt() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            try await pool.withAmbientTransaction { ambient in
                let pids = try await pool.handingOnFirstCheckout {
                    [try await pool.withConnection(Self.backend), try await pool.withConnection(Self.backend)]
                }
                #expect(Set(pids).count == 1)
                try await ambient.commit()
            }
            #expect(pool.statistics.inUse == 0)
        }
    }
}

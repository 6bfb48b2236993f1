import Foundation
import ShiftyPostgres
import Testing

@Suite("Transactions commit, roll back and retry real conflicts")
struct TransactionTests {
    struct Boom: Error {}

    @Test func commitAndRollback() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            let id = try await pool.transaction { connection in
                try connection.query("INSERT INTO people (name) VALUES ($1) RETURNING id", ["Grace"]).first?.decode("id", as: Int.self)
            }
            #expect(id != nil)

            await #expect(throws: Boom.self) {
                try await pool.transaction { connection in
                    try connection.execute("INSERT INTO people (name) VALUES ($1)", ["Linus"])
                    throw Boom()
                }
            }
            let names = try await pool.query("SELECT name FROM people ORDER BY id").map { try $0.decode("name", as: String.self) }
            #expect(names == ["Grace"])

            // A server error inside the body also rolls everything back.
            await #expect(throws: PostgresError.self) {
                try await pool.transaction { connection in
                    try connection.execute("INSERT INTO people (name) VALUES ($1)", ["Barbara"])
                    try connection.execute("INSERT INTO people (name) VALUES ($1)", ["Grace"])
                }
            }
            #expect(try await pool.query("SELECT count(*) AS n FROM people").first?.decode("n", as: Int.self) == 1)
        }
    }

    @Test func isolationLevelIsApplied() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let level = try await database.pool.transaction(isolation: .serializable) { connection in
                try connection.query("SHOW transaction_isolation").first?.decode(0, as: String.self)
            }
            #expect(level == "serializable")
            let repeatable = try await database.pool.transaction(isolation: .repeatableRead) { connection in
                try connection.query("SHOW transaction_isolation").first?.decode(0, as: String.self)
            }
            #expect(repeatable == "repeatable read")
        }
    }

    @Test func connectionLeftInTransactionIsRolledBack() async throws {
        try await withTestDatabase { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 1), logger: testLogger
            )
            try await pool.withConnection { connection in
                try connection.execute("BEGIN")
                try connection.execute("INSERT INTO people (name) VALUES ($1)", ["Dangling"])
            }
            #expect(try await pool.query("SELECT count(*) AS n FROM people").first?.decode("n", as: Int.self) == 0)
            await pool.shutdown()
        }
    }

    /// Write skew: both transactions read the ledger total, then both insert. SERIALIZABLE must
    /// abort one of them with 40001; the retry then succeeds.
    @Test func retriesRealSerializationFailures() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            let rendezvous = ThreadRendezvous(parties: 2)
            let attempts = AtomicCounter()
            @Sendable func addToLedger(_ amount: Int) async throws -> Int {
                let myAttempts = AtomicCounter()
                return try await pool.transaction(isolation: .serializable) { connection in
                    attempts.increment()
                    let attempt = myAttempts.increment()
                    let total = try connection.query("SELECT coalesce(sum(amount), 0)::bigint AS total FROM ledger").first?
                        .decode("total", as: Int.self) ?? 0
                    if attempt == 1 { rendezvous.arriveAndWait() }
                    try connection.execute("INSERT INTO ledger (amount) VALUES ($1)", [amount])
                    return total
                }
            }
            async let first = addToLedger(10)
            async let second = addToLedger(20)
            let totals = try await [first, second].sorted()
            // One transaction saw the other's row only because it was retried after the conflict.
            #expect(totals == [0, 10] || totals == [0, 20])
            // At least one real conflict and retry; rarely both sides are chosen as victims and retry.
            #expect((3...6).contains(attempts.current))
            #expect(try await pool.query("SELECT count(*) AS n FROM ledger").first?.decode("n", as: Int.self) == 2)
        }
    }

    @Test func serializationFailureSurfacesWhenAttemptsRunOut() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            let rendezvous = ThreadRendezvous(parties: 2)
            @Sendable func addOnce(_ amount: Int) async -> PostgresError? {
                do {
                    try await pool.transaction(isolation: .serializable, maxAttempts: 1) { connection in
                        _ = try connection.query("SELECT sum(amount) FROM ledger")
                        rendezvous.arriveAndWait()
                        try connection.execute("INSERT INTO ledger (amount) VALUES ($1)", [amount])
                    }
                    return nil
                } catch {
                    return error as? PostgresError
                }
            }
            async let first = addOnce(1)
            async let second = addOnce(2)
            let errors = await [first, second].compactMap { $0 }
            #expect(errors.count == 1)
            #expect(errors.first?.kind == .server(.serializationFailure))
            #expect(errors.first?.isTransactionRetryable == true)
        }
    }

    /// Two transactions lock two rows in opposite order: PostgreSQL kills one with 40P01 and the
    /// retry completes it.
    @Test func retriesRealDeadlocks() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            try await pool.execute("INSERT INTO ledger (id, amount) VALUES (1, 0), (2, 0)")
            let rendezvous = ThreadRendezvous(parties: 2)
            let attempts = AtomicCounter()
            @Sendable func update(first: Int, then second: Int) async throws {
                let myAttempts = AtomicCounter()
                try await pool.transaction { connection in
                    attempts.increment()
                    let attempt = myAttempts.increment()
                    try connection.execute("SET LOCAL deadlock_timeout = '50ms'")
                    try connection.execute("UPDATE ledger SET amount = amount + 1 WHERE id = $1", [first])
                    if attempt == 1 { rendezvous.arriveAndWait() }
                    try connection.execute("UPDATE ledger SET amount = amount + 1 WHERE id = $1", [second])
                }
            }
            async let one: Void = update(first: 1, then: 2)
            async let two: Void = update(first: 2, then: 1)
            _ = try await (one, two)
            // At least one real conflict and retry; rarely both sides are chosen as victims and retry.
            #expect((3...6).contains(attempts.current))
            let amounts = try await pool.query("SELECT amount FROM ledger ORDER BY id").map { try $0.decode("amount", as: Int.self) }
            #expect(amounts == [2, 2])
        }
    }
}

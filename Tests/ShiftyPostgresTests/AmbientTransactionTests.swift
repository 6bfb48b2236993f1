import Foundation
import ShiftyPostgres
import Testing

@Suite("An ambient transaction: the pool's calls join it as savepoints and commit together")
struct AmbientTransactionTests {
    struct Refusal: Error {}

    static func names(_ pool: PostgresPool) async throws -> [String] {
        try await pool.query("SELECT name FROM people ORDER BY id").map { try $0.decode("name", as: String.self) }
    }

    @Test func joinedCallsCommitTogetherOrNotAtAll() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            try await pool.withAmbientTransaction { ambient in
                try await pool.transaction { try $0.execute("INSERT INTO people (name) VALUES ('Ada')") }
                try await pool.execute("INSERT INTO people (name) VALUES ('Grace')")
                // Not visible outside before the commit: a separate connection sees nothing yet.
                let outside = try await Task.detached { try await Self.names(pool) }.value
                #expect(outside == [])
                try await ambient.commit()
            }
            #expect(try await Self.names(pool) == ["Ada", "Grace"])

            // Work that returns without committing, or throws, leaves nothing behind.
            try await pool.withAmbientTransaction { _ in
                try await pool.transaction { try $0.execute("INSERT INTO people (name) VALUES ('Linus')") }
            }
            await #expect(throws: Refusal.self) {
                try await pool.withAmbientTransaction { _ in
                    try await pool.execute("INSERT INTO people (name) VALUES ('Barbara')")
                    throw Refusal()
                }
            }
            #expect(try await Self.names(pool) == ["Ada", "Grace"])
        }
    }

    @Test func aRefusedJoinedTransactionUndoesOnlyItsOwnWrites() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            try await pool.withAmbientTransaction { ambient in
                try await pool.transaction { try $0.execute("INSERT INTO people (name) VALUES ('Counted')") }
                await #expect(throws: Refusal.self) {
                    try await pool.transaction { connection in
                        try connection.execute("INSERT INTO people (name) VALUES ('Refused')")
                        throw Refusal()
                    }
                }
                // A failed statement (a unique violation) in a joined call does not poison the rest.
                await #expect(throws: PostgresError.self) {
                    try await pool.execute("INSERT INTO people (name) VALUES ('Counted')")
                }
                try await pool.execute("INSERT INTO people (name) VALUES ('After')")
                try await ambient.commit()
            }
            #expect(try await Self.names(pool) == ["Counted", "After"])
        }
    }

    @Test func childTasksShareTheOneConnectionInTurn() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            let ownPID = try await pool.query("SELECT pg_backend_pid() AS pid").first?.decode("pid", as: Int32.self)
            let pids = try await pool.withAmbientTransaction { ambient in
                let pids = try await withThrowingTaskGroup(of: Int32.self) { group in
                    for index in 0..<12 {
                        group.addTask {
                            try await pool.transaction { connection in
                                try connection.execute("INSERT INTO people (name) VALUES ($1)", ["child \(index)"])
                                return try connection.query("SELECT pg_backend_pid() AS pid")[0].decode("pid", as: Int32.self)
                            }
                        }
                    }
                    return try await group.reduce(into: Set<Int32>()) { $0.insert($1) }
                }
                try await ambient.commit()
                return pids
            }
            #expect(pids.count == 1)
            #expect(ownPID != nil)
            #expect(try await pool.query("SELECT count(*) AS n FROM people").first?.decode("n", as: Int.self) == 12)
        }
    }

    @Test func aTaskLeftBehindUsesAConnectionOfItsOwnAfterwards() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            let (go, release) = AsyncStream<Void>.makeStream()
            let leftBehind = try await pool.withAmbientTransaction { _ -> Task<Int, any Error> in
                // An unstructured task inherits the task-local ambient transaction.
                let task = Task {
                    for await _ in go { break }
                    return try await pool.execute("INSERT INTO people (name) VALUES ('Later')")
                }
                try await pool.execute("INSERT INTO people (name) VALUES ('Rolled back')")
                return task
            }
            release.yield()
            #expect(try await leftBehind.value == 1)
            #expect(try await Self.names(pool) == ["Later"])
        }
    }

    @Test func aSerializationFailureIsNotRetriedInsideButReportedToTheOwner() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            let attempts = Counter()
            try await pool.withAmbientTransaction { ambient in
                #expect(ambient.retryableFailure == nil)
                await #expect(throws: PostgresError.self) {
                    try await pool.transaction { connection in
                        attempts.increment()
                        try connection.execute("DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = 'serialization_failure'; END $$")
                    }
                }
                #expect(ambient.retryableFailure?.serverState == .serializationFailure)
            }
            #expect(attempts.value == 1)
        }
    }

    @Test func aStrongerIsolationCannotJoinAndAFailedTransactionDoesNotCommit() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            try await pool.withAmbientTransaction { ambient in
                await #expect(throws: PostgresError.self) {
                    try await pool.transaction(isolation: .serializable) { _ in }
                }
                try await pool.transaction(isolation: .readCommitted) { try $0.execute("INSERT INTO people (name) VALUES ('Kept?')") }
                // The owner's own statements run without a savepoint: one failing fails the transaction.
                await #expect(throws: PostgresError.self) {
                    try await ambient.run { try $0.execute("SELECT 1 / 0") }
                }
                await #expect(throws: PostgresError.self) { try await ambient.commit() }
            }
            #expect(try await Self.names(pool) == [])
            let serializable = try await pool.withAmbientTransaction(isolation: .serializable) { ambient in
                let level = try await pool.transaction(isolation: .repeatableRead) { connection in
                    try connection.query("SHOW transaction_isolation").first?.decode(0, as: String.self)
                }
                try await ambient.commit()
                return level
            }
            #expect(serializable == "serializable")
        }
    }
}

/// A thread-safe counter for bodies that run on pool threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

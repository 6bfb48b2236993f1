import Foundation
import ShiftyTestSupport
import Testing
@testable import ShiftyPostgres

@Suite("Hot statements are prepared once per connection, transparently")
struct PreparedStatementTests {
    static let byID = "SELECT name FROM people WHERE id = $1"

    /// How often the server ran `sql` as a named statement on this connection (nil: not prepared).
    static func executions(of sql: String, on connection: PostgresConnection) throws -> Int? {
        try connection.query(
            "SELECT (generic_plans + custom_plans)::bigint AS runs FROM pg_prepared_statements WHERE statement = $1", [sql]
        ).first?.decode("runs")
    }

    static func singleConnectionPool(_ database: TestDatabase) -> PostgresPool {
        PostgresPool(configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 1), logger: testLogger)
    }

    @Test func aRepeatedStatementIsParsedOnceAndRunByName() async throws {
        try await withTestDatabase { database in
            let pool = Self.singleConnectionPool(database)
            try await pool.execute("INSERT INTO people (name) VALUES ($1), ($2)", ["Grace", "Linus"])
            try await pool.withConnection { connection in
                let before = connection.preparedStatementCount
                for (id, name) in [(1, "Grace"), (2, "Linus"), (1, "Grace"), (3, nil), (2, "Linus")] {
                    let rows = try connection.query(Self.byID, [Int64(id)])
                    #expect(try rows.first?.decode("name", as: String.self) == name)
                }
                #expect(try Self.executions(of: Self.byID, on: connection) == 5)
                // One new name for the statement, one for the pg_prepared_statements query itself.
                #expect(connection.preparedStatementCount == before + 2)
                // The same SQL with other parameter types is another statement (types are part of the plan).
                _ = try connection.query(Self.byID, [Int32(1)])
                #expect(connection.preparedStatementCount == before + 3)
            }
            await pool.shutdown()
        }
    }

    @Test func utilityStatementsRunUnnamed() async throws {
        try await withTestDatabase { database in
            let pool = Self.singleConnectionPool(database)
            try await pool.withConnection { connection in
                try connection.execute("SET work_mem = '8MB'")
                try connection.execute("BEGIN")
                try connection.execute("COMMIT")
                let names = try connection.query("SELECT statement FROM pg_prepared_statements").map { try $0.decode("statement", as: String.self) }
                #expect(!names.contains { $0.hasPrefix("SET") || $0 == "BEGIN" || $0 == "COMMIT" })
            }
            await pool.shutdown()
        }
    }

    @Test func statementsArePreparedAgainAfterTheServerForgotThem() async throws {
        try await withTestDatabase { database in
            let pool = Self.singleConnectionPool(database)
            try await pool.execute("INSERT INTO people (name) VALUES ($1)", ["Grace"])
            try await pool.withConnection { connection in
                #expect(try connection.query(Self.byID, [Int64(1)]).first?.decode("name", as: String.self) == "Grace")
                try connection.execute("DEALLOCATE ALL")
                #expect(try Self.executions(of: Self.byID, on: connection) == nil)
                // The cache still has the name; the server answers 26000 and the statement is prepared again.
                #expect(try connection.query(Self.byID, [Int64(1)]).first?.decode("name", as: String.self) == "Grace")
                #expect(try Self.executions(of: Self.byID, on: connection) == 1)
            }
            await pool.shutdown()
        }
    }

    @Test func aNewServerProcessGetsItsStatementsPreparedAgain() async throws {
        try await withTestDatabase { database in
            let pool = Self.singleConnectionPool(database)
            try await pool.execute("INSERT INTO people (name) VALUES ($1)", ["Grace"])
            let first = try await pool.withConnection { connection in
                _ = try connection.query(Self.byID, [Int64(1)])
                return connection.backendPID
            }
            try await database.pool.execute("SELECT pg_terminate_backend($1)", [first])
            // The pool replaces the dead connection (a statement may fail once on it first).
            var name: String?
            for _ in 0..<3 where name == nil {
                name = try? await pool.query(Self.byID, [Int64(1)]).first?.decode("name", as: String.self)
            }
            #expect(name == "Grace")
            try await pool.withConnection { connection in
                #expect(connection.backendPID != first)
                let runs = try Self.executions(of: Self.byID, on: connection)
                #expect(runs == 1)
            }
            await pool.shutdown()
        }
    }

    @Test func aChangedTableBehindSelectStarIsPlannedAgain() async throws {
        try await withTestDatabase { database in
            let pool = Self.singleConnectionPool(database)
            try await pool.withConnection { connection in
                try connection.execute("CREATE TABLE shapes (a int)")
                try connection.execute("INSERT INTO shapes VALUES ($1)", [Int32(1)])
                let star = "SELECT * FROM shapes WHERE a = $1"
                #expect(try connection.query(star, [Int32(1)]).columns.map(\.name) == ["a"])
                try connection.execute("ALTER TABLE shapes ADD COLUMN b int")
                // Outside a transaction the stale plan is replaced and the statement runs again at once.
                #expect(try connection.query(star, [Int32(1)]).columns.map(\.name) == ["a", "b"])
                try connection.execute("ALTER TABLE shapes ADD COLUMN c int")
                // Inside one, the error aborted the transaction: it is reported, and the next attempt works.
                try connection.execute("BEGIN")
                #expect(throws: PostgresError.self) { try connection.query(star, [Int32(1)]) }
                try connection.execute("ROLLBACK")
                #expect(try connection.query(star, [Int32(1)]).columns.map(\.name) == ["a", "b", "c"])
            }
            await pool.shutdown()
        }
    }

    @Test func aStatementThatCannotBePreparedReportsItsErrorAndIsNotKept() async throws {
        try await withTestDatabase { database in
            let pool = Self.singleConnectionPool(database)
            try await pool.withConnection { connection in
                let before = connection.preparedStatementCount
                let error = try #require(throws: PostgresError.self) {
                    try connection.query("SELECT nme FROM people WHERE id = $1", [Int64(1)])
                }
                #expect(error.sqlState == "42703")
                #expect(connection.preparedStatementCount == before)
                #expect(try connection.query(Self.byID, [Int64(1)]).isEmpty)
            }
            await pool.shutdown()
        }
    }

    // MARK: The cache's bookkeeping

    @Test func theCacheIsBoundedAndForgetsOnAnotherServerProcess() throws {
        var cache = PreparedStatementCache(backendPID: 10, capacity: 2)
        let keys = (1...3).map { PreparedStatementCache.Key(sql: "SELECT \($0)", types: []) }
        for key in keys.prefix(2) {
            let fresh = cache.newName(for: key)
            let name = try #require(fresh)
            cache.prepared(key, as: name)
        }
        let beyond = cache.newName(for: keys[2])
        #expect(beyond == nil)
        let known = cache.name(for: keys[0], backendPID: 10)
        #expect(known != nil)
        let afterReset = cache.name(for: keys[0], backendPID: 11)
        #expect(afterReset == nil)
        #expect(cache.count == 0)
        let again = cache.newName(for: keys[0])
        let name = try #require(again)
        cache.prepared(keys[0], as: name)
        cache.forget(keys[0], keepName: true)
        let stale = cache.takeStaleNames()
        #expect(stale == [name])
        let none = cache.takeStaleNames()
        #expect(none.isEmpty)
    }

    @Test(arguments: [
        ("SELECT 1", true), ("  with x AS (SELECT 1) SELECT * FROM x", true), ("insert into t values (1)", true),
        ("UPDATE t SET a = 1", true), ("DELETE FROM t", true), ("(SELECT 1) UNION (SELECT 2)", true),
        ("BEGIN", false), ("COMMIT", false), ("SET statement_timeout = 5", false), ("LISTEN x", false),
        ("CREATE TABLE t (a int)", false), ("DEALLOCATE ALL", false), ("SELECTED", false),
    ])
    func onlyPlannableStatementsArePrepared(sql: String, plannable: Bool) {
        #expect(PreparedStatementCache.isPlannable(sql) == plannable)
    }
}

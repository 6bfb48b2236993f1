import Foundation
import ShiftyPostgres
import Testing

@Suite("Server errors map to SQLSTATE cases with their fields")
struct SQLStateTests {
    func serverError(_ body: () async throws -> Void) async -> PostgresError? {
        do {
            try await body()
            return nil
        } catch let error as PostgresError {
            return error
        } catch {
            return nil
        }
    }

    @Test func uniqueForeignKeyCheckAndNotNull() async throws {
        try await withTestDatabase { database in
            let pool = database.pool
            try await pool.execute("INSERT INTO people (name) VALUES ($1)", ["Ada"])

            let unique = try #require(await serverError { try await pool.execute("INSERT INTO people (name) VALUES ($1)", ["Ada"]) })
            #expect(unique.kind == .server(.uniqueViolation))
            #expect(unique.sqlState == "23505")
            #expect(unique.constraint == "people_name_key")
            #expect(unique.detail?.contains("Ada") == true)
            #expect(unique.table == "people")

            let foreignKey = try #require(
                await serverError { try await pool.execute("INSERT INTO notes (person_id, body) VALUES ($1, $2)", [999, "hi"]) }
            )
            #expect(foreignKey.kind == .server(.foreignKeyViolation))
            #expect(foreignKey.constraint == "notes_person_id_fkey")

            let check = try #require(
                await serverError {
                    try await pool.execute("INSERT INTO notes (person_id, body) SELECT id, '' FROM people")
                }
            )
            #expect(check.kind == .server(.checkViolation))
            #expect(check.constraint == "notes_body_check")

            let notNull = try #require(await serverError { try await pool.execute("INSERT INTO people (name) VALUES (NULL)") })
            #expect(notNull.kind == .server(.notNullViolation))
            #expect(notNull.column == "name")

            let syntax = try #require(await serverError { try await pool.execute("SELEC 1") })
            #expect(syntax.kind == .server(.syntaxError))
            #expect(syntax.query == "SELEC 1")

            // The pool is still fine after all these errors.
            #expect(try await pool.query("SELECT count(*) AS n FROM people").first?.decode("n", as: Int.self) == 1)
        }
    }

    @Test func codesRoundTrip() {
        for code in ["23505", "23503", "23514", "23502", "23P01", "40001", "40P01", "57014", "57P01", "XX000"] {
            #expect(PostgresSQLState(code: code).code == code)
        }
        #expect(PostgresSQLState(code: "XX000") == .other("XX000"))
        #expect(PostgresSQLState(code: "40P01").isTransactionRetryable)
        #expect(!PostgresSQLState(code: "23505").isTransactionRetryable)
        #expect(PostgresSQLState(code: "23P01").isIntegrityConstraintViolation)
    }

    @Test func statementTimeoutCancelsLongQueries() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let pool = PostgresPool(
                configuration: PostgresConfiguration(
                    connectionString: database.connectionString, poolSize: 1, statementTimeout: .milliseconds(100)
                ),
                logger: testLogger
            )
            let error = try #require(await serverError { try await pool.execute("SELECT pg_sleep(2)") })
            #expect(error.kind == .server(.queryCanceled))
            #expect(try await pool.query("SELECT 1 AS one").first?.decode("one", as: Int.self) == 1)
            await pool.shutdown()
        }
    }
}

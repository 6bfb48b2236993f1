import Foundation
import ShiftyPostgres
import ShiftyTestSupport
import Testing

@Suite("Numbered SQL migrations")
struct MigrationTests {
    @Test func freshRunThenNoOpRerun() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let runner = MigrationRunner(directory: fixtureMigrations)
            let pendingBefore = try await runner.status(pool: database.pool)
            #expect(pendingBefore.applied.isEmpty)
            #expect(pendingBefore.pending.map(\.fileName) == ["0001_people.sql", "0002_notes.sql"])
            #expect(!pendingBefore.isUpToDate)

            // The server's clock, so the check below compares one clock with itself.
            let beforeMigrating = try await database.pool.query("SELECT now() AS now")[0].decode("now", as: Date.self)
            let applied = try await runner.migrate(pool: database.pool, logger: testLogger)
            #expect(applied.map(\.version) == [1, 2])
            #expect(applied.map(\.name) == ["people", "notes"])

            let rows = try await database.pool.query("SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version")
            #expect(try rows.map { try $0.decode("version", as: Int.self) } == [1, 2])
            let fileData = try Data(contentsOf: fixtureMigrations.appendingPathComponent("0001_people.sql"))
            #expect(try rows.first?.decode("checksum", as: String.self) == SHA256Digest.hex(fileData))
            // Stamped when it ran (not a default from long ago), however long the run took.
            #expect(try rows.first?.decode("applied_at", as: Date.self) ?? .distantPast >= beforeMigrating)

            // The schema is really there.
            try await database.pool.execute("INSERT INTO people (name) VALUES ($1)", ["Ada"])

            #expect(try await runner.migrate(pool: database.pool, logger: testLogger).isEmpty)
            let status = try await runner.status(pool: database.pool)
            #expect(status.isUpToDate)
            #expect(status.applied.map(\.name) == ["people", "notes"])
        }
    }

    @Test func concurrentRunnersApplyEachMigrationOnce() async throws {
        try await withTestDatabase(migrations: nil) { database in
            // Two "instances": separate pools, separate runners, started together.
            let pools = (0..<2).map { _ in
                PostgresPool(configuration: PostgresConfiguration(connectionString: database.connectionString, poolSize: 1), logger: testLogger)
            }
            let runner = MigrationRunner(directory: fixtureMigrations)
            async let first = runner.migrate(pool: pools[0], logger: testLogger)
            async let second = runner.migrate(pool: pools[1], logger: testLogger)
            let results = try await [first, second]
            #expect(results.map(\.count).sorted() == [0, 2])
            let count = try await database.pool.query("SELECT count(*) AS n FROM schema_migrations").first?.decode("n", as: Int.self)
            #expect(count == 2)
            for pool in pools { await pool.shutdown() }
        }
    }

    @Test func tamperedFileIsRefused() async throws {
        let directory = try copyOfFixtureMigrations()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withTestDatabase(migrations: nil) { database in
            let runner = MigrationRunner(directory: directory)
            _ = try await runner.migrate(pool: database.pool, logger: testLogger)

            let file = directory.appendingPathComponent("0001_people.sql")
            try (String(contentsOf: file, encoding: .utf8) + "\nALTER TABLE people ADD COLUMN sneaky text;\n")
                .write(to: file, atomically: true, encoding: .utf8)

            await #expect {
                try await runner.migrate(pool: database.pool, logger: testLogger)
            } throws: { error in
                let message = (error as? MigrationError)?.message ?? ""
                return message.contains("0001_people.sql") && message.contains("changed after it was applied")
                    && message.contains("new migration file")
            }
            let status = try await runner.status(pool: database.pool)
            #expect(status.tampered.map(\.fileName) == ["0001_people.sql"])
            #expect(!status.isUpToDate)
            // Nothing of the changed file ran.
            let columns = try await database.pool.query(
                "SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'people' AND column_name = 'sneaky'"
            )
            #expect(try columns.first?.decode("n", as: Int.self) == 0)
        }
    }

    @Test func newFileIsAppliedAndFailingFileRollsBack() async throws {
        let directory = try copyOfFixtureMigrations()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withTestDatabase(migrations: nil) { database in
            let runner = MigrationRunner(directory: directory)
            _ = try await runner.migrate(pool: database.pool, logger: testLogger)
            try "CREATE TABLE extra (id int);\nCREATE TABLE broken (id nonexistent_type);\n"
                .write(to: directory.appendingPathComponent("0003_extra.sql"), atomically: true, encoding: .utf8)
            await #expect {
                try await runner.migrate(pool: database.pool, logger: testLogger)
            } throws: { error in
                ((error as? MigrationError)?.message ?? "").contains("0003_extra.sql failed")
            }
            let extra = try await database.pool.query("SELECT to_regclass('extra') IS NULL AS gone").first?.decode("gone", as: Bool.self)
            #expect(extra == true)

            try "CREATE TABLE extra (id int);\n".write(to: directory.appendingPathComponent("0003_extra.sql"), atomically: true, encoding: .utf8)
            #expect(try await runner.migrate(pool: database.pool, logger: testLogger).map(\.fileName) == ["0003_extra.sql"])
        }
    }

    @Test func gapsDuplicatesAndBadNamesAreErrors() throws {
        let directory = try makeTemporaryDirectory("shifty-bad-migrations")
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String) throws {
            try "SELECT 1;".write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        func failure() -> String {
            do {
                _ = try MigrationRunner(directory: directory).migrations()
                return ""
            } catch {
                return "\(error)"
            }
        }
        try write("0001_first.sql")
        try write("0003_third.sql")
        #expect(failure().contains("migration number 2 is missing"))
        try write("0002_second.sql")
        #expect(failure() == "")
        try write("0002_other.sql")
        #expect(failure().contains("0002_other.sql and 0002_second.sql have the same number 2"))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("0002_other.sql"))
        try write("fourth.sql")
        #expect(failure().contains("fourth.sql is not named NNNN_name.sql"))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("fourth.sql"))
        try "notes".write(to: directory.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        #expect(try MigrationRunner(directory: directory).migrations().map(\.version) == [1, 2, 3])
        #expect(throws: MigrationError.self) {
            try MigrationRunner(directory: directory.appendingPathComponent("missing")).migrations()
        }
    }

    @Test func testDatabasesComeFromTheMigratedTemplateAndAreIsolated() async throws {
        let first = try await TestDatabase.create(migrations: fixtureMigrations, logger: testLogger)
        let second = try await TestDatabase.create(migrations: fixtureMigrations, logger: testLogger)
        #expect(first.name != second.name)
        try await first.pool.execute("INSERT INTO people (name) VALUES ($1)", ["only in first"])
        let counts = (
            try await first.pool.query("SELECT count(*) AS n FROM people").first?.decode("n", as: Int.self),
            try await second.pool.query("SELECT count(*) AS n FROM people").first?.decode("n", as: Int.self)
        )
        #expect(counts.0 == 1)
        #expect(counts.1 == 0)
        let status = try await MigrationRunner(directory: fixtureMigrations).status(pool: second.pool)
        #expect(status.isUpToDate)
        await first.drop()
        await second.drop()
        let admin = PostgresPool(
            configuration: PostgresConfiguration(connectionString: try await TestPostgres.adminConnectionString(), poolSize: 1),
            logger: testLogger
        )
        let remaining = try await admin.query("SELECT count(*) AS n FROM pg_database WHERE datname = ANY($1)", [[first.name, second.name]])
        #expect(try remaining.first?.decode("n", as: Int.self) == 0)
        await admin.shutdown()
    }
}

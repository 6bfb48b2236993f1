import Foundation
@testable import ShiftyPostgres
import Testing

/// Values interpolated into a `PostgresQuery` are bound as parameters where they are written.
@Suite struct PostgresQueryTests {
    @Test func interpolatedValuesBecomeNumberedParameters() throws {
        let owner: Int64 = 7
        let from = Date(timeIntervalSince1970: 0)
        let note: String? = nil
        let query: PostgresQuery = "SELECT id FROM shifts WHERE owner_id = \(owner) AND starts_at >= \(from) AND note IS NOT DISTINCT FROM \(bind: note)"
        #expect(query.sql == "SELECT id FROM shifts WHERE owner_id = $1 AND starts_at >= $2 AND note IS NOT DISTINCT FROM $3")
        #expect(query.parameters.count == 3)
        let texts = try query.parameters.map { try $0.postgresText() }
        let expected: [String?] = ["7", try from.postgresText(), nil]
        #expect(texts == expected)
    }

    /// Text interpolated without a label is a value like any other: only `sql:` reaches the statement.
    @Test func textWithoutALabelIsBoundNotSpliced() throws {
        let name = "x'); DROP TABLE shifts; --"
        let maybe: String? = name
        let query: PostgresQuery = "SELECT id FROM people WHERE name = \(name) OR name = \(maybe) OR name = \(bind: name)"
        #expect(query.sql == "SELECT id FROM people WHERE name = $1 OR name = $2 OR name = $3")
        #expect(try query.parameters.map { try $0.postgresText() } == [name, name, name])
    }

    @Test func trustedSQLIsSplicedAndALiteralHasNoParameters() {
        let columns = "id, owner_id"
        let query: PostgresQuery = "SELECT \(sql: columns) FROM shifts"
        #expect(query.sql == "SELECT id, owner_id FROM shifts" && query.parameters.isEmpty)
        let literal: PostgresQuery = "SELECT 1"
        #expect(literal.sql == "SELECT 1" && literal.parameters.isEmpty)
    }

    /// A fragment built elsewhere joins a statement with its values after the ones before it; text
    /// spliced without values keeps its `$` as it is.
    @Test func aFragmentIsNumberedAfterTheValuesBeforeIt() throws {
        let state: String? = "open"
        let after: Int64? = nil
        let condition: PostgresQuery = "d.state = \(bind: state) AND (\(after)::bigint IS NULL OR d.id > \(after)) AND d.tag <> '$7'"
        let workplace: Int64 = 3
        let query: PostgresQuery = "SELECT d.id FROM deals d WHERE d.workplace_id = \(workplace) AND (\(condition)) AND d.note <> \(sql: "'$1'")"
        #expect(query.sql == "SELECT d.id FROM deals d WHERE d.workplace_id = $1 AND (d.state = $2 AND ($3::bigint IS NULL OR d.id > $4) AND d.tag <> '$7') AND d.note <> '$1'")
        let texts = try query.parameters.map { try $0.postgresText() }
        #expect(texts == ["3", "open", nil, nil])
        #expect(query.parameters.map { $0.dynamicPostgresType } == [.int8, .unspecified, .int8, .int8])
    }

    /// A name that would be SQL if spliced stays a value: the table survives and the row holds the text.
    @Test func textThatLooksLikeSQLIsStoredAsAValue() async throws {
        try await withTestDatabase(migrations: nil) { database in
            try await database.pool.execute("CREATE TABLE people (id bigint PRIMARY KEY, name text NOT NULL)")
            let name = "Robert'); DROP TABLE people; --"
            let id: Int64 = 1
            #expect(try await database.pool.execute("INSERT INTO people (id, name) VALUES (\(id), \(bind: name))") == 1)
            let rows = try await database.pool.query("SELECT name FROM people WHERE id = \(id)")
            #expect(try rows[0].decode("name", as: String.self) == name)
            let ids: [Int64] = [1, 2]
            #expect(try await database.pool.query("SELECT id FROM people WHERE id = ANY(\(ids))").count == 1)
        }
    }
}

import Foundation
import ShiftyPostgres
import ShiftyTestSupport
import Testing

@Suite("Types round-trip through PostgreSQL")
struct TypeRoundTripTests {
    static let createTable = """
        CREATE TABLE samples (
            id serial PRIMARY KEY,
            big bigint, small integer, ratio double precision, flag boolean, label text,
            token uuid, at timestamptz, blob bytea, tags text[], numbers bigint[]
        )
        """

    @Test func everyTypeWithValuesAndUnicode() async throws {
        try await withTestDatabase(migrations: nil) { database in
            try await database.pool.execute(Self.createTable, [])
            let token = UUID()
            let at = Date(timeIntervalSince1970: 1_795_000_000.123456)
            let label = "Zoë 🚀 日本語 'single' \"double\" \\backslash\\ , {braces} NULL"
            let blob: [UInt8] = [0, 1, 2, 0x7f, 0x80, 0xfe, 0xff]
            let tags = ["plain", "with,comma", "with \"quote\"", "back\\slash", "{brace}", "NULL", "", "ünïcödé 🎉", " spaced "]
            let numbers: [Int64] = [Int64.min, -1, 0, 42, Int64.max]
            try await database.pool.execute(
                "INSERT INTO samples (big, small, ratio, flag, label, token, at, blob, tags, numbers) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                [Int.max, Int32.min, 3.141592653589793, true, label, token, at, blob, tags, numbers]
            )
            let rows = try await database.pool.query("SELECT * FROM samples")
            #expect(rows.count == 1)
            let row = try #require(rows.first)
            #expect(try row.decode("big", as: Int.self) == Int.max)
            #expect(try row.decode("big", as: Int64.self) == Int64.max)
            #expect(try row.decode("small", as: Int32.self) == Int32.min)
            #expect(try row.decode("ratio", as: Double.self) == 3.141592653589793)
            #expect(try row.decode("flag", as: Bool.self) == true)
            #expect(try row.decode("label", as: String.self) == label)
            #expect(try row.decode("token", as: UUID.self) == token)
            let decodedAt = try row.decode("at", as: Date.self)
            #expect(abs(decodedAt.timeIntervalSince1970 - at.timeIntervalSince1970) < 0.000_001)
            #expect(try row.decode("blob", as: [UInt8].self) == blob)
            #expect(try row.decode("blob", as: Data.self) == Data(blob))
            #expect(try row.decode("tags", as: [String].self) == tags)
            #expect(try row.decode("numbers", as: [Int64].self) == numbers)
            #expect(try row.decode(0, as: Int.self) == 1)
        }
    }

    @Test func nullsDecodeAsNilAndOptionalsEncodeAsNull() async throws {
        try await withTestDatabase(migrations: nil) { database in
            try await database.pool.execute(Self.createTable, [])
            let none: [any PostgresEncodable] = [
                Int?.none, Int32?.none, Double?.none, Bool?.none, String?.none, UUID?.none, Date?.none, [UInt8]?.none,
                [String]?.none, [Int64]?.none,
            ]
            try await database.pool.execute(
                "INSERT INTO samples (big, small, ratio, flag, label, token, at, blob, tags, numbers) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                none
            )
            let row = try #require(try await database.pool.query("SELECT * FROM samples").first)
            #expect(try row.decode("big", as: Int?.self) == nil)
            #expect(try row.decode("small", as: Int32?.self) == nil)
            #expect(try row.decode("ratio", as: Double?.self) == nil)
            #expect(try row.decode("flag", as: Bool?.self) == nil)
            #expect(try row.decode("label", as: String?.self) == nil)
            #expect(try row.decode("token", as: UUID?.self) == nil)
            #expect(try row.decode("at", as: Date?.self) == nil)
            #expect(try row.decode("blob", as: [UInt8]?.self) == nil)
            #expect(try row.decode("tags", as: [String]?.self) == nil)
            #expect(try row.decode("numbers", as: [Int64]?.self) == nil)
            #expect(row.isNull(1))

            let present: Int? = 7
            let selected = try #require(try await database.pool.query("SELECT $1::bigint AS value", [present]).first)
            #expect(try selected.decode("value", as: Int?.self) == 7)
        }
    }

    @Test func specialValuesAndServerSideFormatting() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let row = try #require(
                try await database.pool.query(
                    """
                    SELECT $1::float8 AS nan, $2::float8 AS inf, '2026-03-29 01:30:00+01'::timestamptz AS dst,
                           '1999-12-31 23:59:59.5'::timestamp AS local, '2024-02-29'::date AS leap,
                           interval '1 day 02:00' AS span, '{"a": [1, 2]}'::jsonb AS document,
                           12.50::numeric AS price, ARRAY[]::text[] AS empty, ARRAY['x', NULL] AS holes
                    """,
                    [Double.nan, Double.infinity]
                ).first
            )
            #expect(try row.decode("nan", as: Double.self).isNaN)
            #expect(try row.decode("inf", as: Double.self) == .infinity)
            #expect(try row.decode("dst", as: Date.self) == Date(timeIntervalSince1970: 1_774_744_200))
            #expect(try row.decode("local", as: Date.self) == Date(timeIntervalSince1970: 946_684_799.5))
            #expect(try row.decode("leap", as: Date.self) == Date(timeIntervalSince1970: 1_709_164_800))
            #expect(try row.decode("span", as: String.self) == "1 day 02:00:00")
            #expect(try row.decode("document", as: String.self) == #"{"a": [1, 2]}"#)
            #expect(try row.decode("price", as: String.self) == "12.50")
            #expect(try row.decode("price", as: Double.self) == 12.5)
            #expect(try row.decode("empty", as: [String].self) == [])
            #expect(throws: PostgresError.self) { try row.decode("holes", as: [String].self) }
        }
    }

    @Test func stringParametersFillTypedColumns() async throws {
        try await withTestDatabase(migrations: nil) { database in
            try await database.pool.execute("CREATE TABLE typed (document jsonb, at timestamptz, day date)")
            try await database.pool.execute(
                "INSERT INTO typed VALUES ($1, $2, $3)", [#"{"k": "v"}"#, "2026-01-02T03:04:05Z", "2026-05-06"]
            )
            let row = try #require(try await database.pool.query("SELECT document->>'k' AS k, at, day::text AS day FROM typed").first)
            #expect(try row.decode("k", as: String.self) == "v")
            #expect(try row.decode("at", as: Date.self) == Date(timeIntervalSince1970: 1_767_323_045))
            #expect(try row.decode("day", as: String.self) == "2026-05-06")
        }
    }

    @Test func stringsWithNulAreRefusedBeforeSending() async throws {
        try await withTestDatabase(migrations: nil) { database in
            await #expect {
                try await database.pool.query("SELECT $1::text", ["a\u{0}b"])
            } throws: { error in
                (error as? PostgresError)?.kind == .invalidArgument
            }
        }
    }
}

import Foundation
import ShiftyPostgres
import Testing

@Suite("Decoding errors name the column and the types")
struct DecodingErrorTests {
    func decodingError(_ body: () throws -> Void) -> PostgresError? {
        do {
            try body()
            return nil
        } catch let error as PostgresError {
            return error
        } catch {
            return nil
        }
    }

    @Test func typeMismatchAndNullAndMissingColumn() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let row = try #require(
                try await database.pool.query("SELECT now() AS created, NULL::bigint AS missing, 'x'::text AS word, 3000000000 AS wide").first
            )
            let mismatch = try #require(decodingError { _ = try row.decode("created", as: Int.self) })
            #expect(mismatch.kind == .decoding)
            #expect(mismatch.message.contains("column created is timestamptz, cannot decode as Int"))

            let null = try #require(decodingError { _ = try row.decode("missing", as: Int.self) })
            #expect(null.kind == .decoding)
            #expect(null.message.contains("column missing is NULL"))

            let absent = try #require(decodingError { _ = try row.decode("nope", as: String.self) })
            #expect(absent.message.contains("no column named nope"))

            let outOfRange = try #require(decodingError { _ = try row.decode(9, as: String.self) })
            #expect(outOfRange.message.contains("no column at index 9"))

            let text = try #require(decodingError { _ = try row.decode("word", as: Bool.self) })
            #expect(text.message.contains("column word is text, cannot decode as Bool"))

            // 3000000000 does not fit Int32: the text parses but the range check refuses it.
            #expect(decodingError { _ = try row.decode("wide", as: Int32.self) }?.kind == .decoding)
            #expect(try row.decode("wide", as: Int.self) == 3_000_000_000)
            // String accepts any column.
            #expect(try row.decode("created", as: String.self).isEmpty == false)
        }
    }
}

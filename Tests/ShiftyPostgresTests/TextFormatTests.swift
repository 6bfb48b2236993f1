import Foundation
import Testing

@testable import ShiftyPostgres

@Suite("Text formats without a server")
struct TextFormatTests {
    @Test func arrayLiteralsRoundTrip() {
        let values = ["a", "b,c", "\"q\"", "\\", "{}", "NULL", "", "ü 🎉"]
        #expect(PostgresArrayLiteral.parse(PostgresArrayLiteral.format(values)) == values.map { Optional($0) })
        #expect(PostgresArrayLiteral.parse("{}") == [])
        #expect(PostgresArrayLiteral.parse("{1,NULL,3}") == ["1", nil, "3"])
        #expect(PostgresArrayLiteral.parse("{\"NULL\"}") == ["NULL"])
        for malformed in ["", "{", "1,2", "{1,}", "{\"open}", "{{1,2},{3,4}}", "{,1}"] {
            #expect(PostgresArrayLiteral.parse(malformed) == nil, "\(malformed)")
        }
    }

    @Test func timestampsFormatAndParse() {
        let date = Date(timeIntervalSince1970: 1_795_219_200.25)
        #expect(PostgresTimestamp.format(date) == "2026-11-21 00:00:00.250000+00")
        #expect(PostgresTimestamp.parse("2026-11-21 00:00:00.25+00") == date)
        #expect(PostgresTimestamp.parse("2026-11-21 05:30:00.25+05:30") == date)
        #expect(PostgresTimestamp.parse("2026-11-20 23:00:00.25-01") == date)
        #expect(PostgresTimestamp.parse("1969-12-31 23:59:59+00") == Date(timeIntervalSince1970: -1))
        #expect(PostgresTimestamp.format(Date(timeIntervalSince1970: -0.5)) == "1969-12-31 23:59:59.500000+00")
        #expect(PostgresTimestamp.parse("infinity") == .distantFuture)
        for malformed in ["", "2026-13-01", "2026-11-21 25", "2026-11-21 10:00:00+", "yesterday", "2026-11-21 10:00:00 junk"] {
            #expect(PostgresTimestamp.parse(malformed) == nil, "\(malformed)")
        }
        for days: Int64 in [-800_000, -1, 0, 59, 10_000, 2_932_896] {
            let civil = PostgresTimestamp.civilDate(fromDaysSinceEpoch: days)
            let year = days < -719_162 ? 1 - civil.year : civil.year
            #expect(PostgresTimestamp.daysSinceEpoch(year: year, month: civil.month, day: civil.day) == days)
        }
    }

    @Test func byteaHex() {
        #expect(PostgresBytea.hexText([0x00, 0xab, 0xff]) == "\\x00abff")
        #expect(PostgresBytea.bytes(fromHexText: "\\x00ABff") == [0x00, 0xab, 0xff])
        #expect(PostgresBytea.bytes(fromHexText: "\\x0") == nil)
        #expect(PostgresBytea.bytes(fromHexText: "00ab") == nil)
        #expect(PostgresBytea.bytes(fromHexText: "\\xzz") == nil)
    }

    @Test func connectionStrings() throws {
        let replaced = try PostgresConnectionString.replacingDatabase(in: "host='/tmp/my socket\\'s' port=5433 dbname=shifty", with: "test_1")

        let parsed = Dictionary(try PostgresConnectionString.parse(replaced).map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        #expect(parsed["dbname"] == "test_1")
        #expect(parsed["port"] == "5433")
        #expect(parsed["host"] == "/tmp/my socket's")
        let url = try PostgresConnectionString.replacingDatabase(in: "postgres://shifty@localhost:5432/shifty?sslmode=disable", with: "other")
        let fromURL = Dictionary(try PostgresConnectionString.parse(url).map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        #expect(fromURL["dbname"] == "other")
        #expect(fromURL["user"] == "shifty")
        #expect(fromURL["sslmode"] == "disable")
        #expect(throws: PostgresError.self) { try PostgresConnectionString.parse("host='unterminated") }
    }

    @Test func migrationFileNames() {
        #expect(MigrationDirectory.parse(fileName: "0001_accounts.sql")! == (1, "accounts"))
        #expect(MigrationDirectory.parse(fileName: "12_shift-swaps.sql")! == (12, "shift-swaps"))
        #expect(MigrationDirectory.parse(fileName: "0001.sql") == nil)
        #expect(MigrationDirectory.parse(fileName: "x001_a.sql") == nil)
        #expect(MigrationDirectory.parse(fileName: "0001_a b.sql") == nil)
        #expect(MigrationDirectory.parse(fileName: "0001_.sql") == nil)
    }

    @Test func sha256() {
        #expect(SHA256Digest.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func serverBinariesAreFoundOrExplained() throws {
        let directories = PostgresServerBinaries.candidateDirectories(environment: ["PATH": "/nowhere:/also/nowhere"])
        #expect(directories.prefix(2) == ["/nowhere", "/also/nowhere"])
        #expect(PostgresServerBinaries.installHint.contains("install with `apt-get install postgresql`"))
        if FileManager.default.fileExists(atPath: "/usr/lib/postgresql") {
            let found = try PostgresServerBinaries.locate(environment: ["PATH": "/nowhere"])
            #expect(found.initdb.hasPrefix("/usr/lib/postgresql/"))
        }
    }
}

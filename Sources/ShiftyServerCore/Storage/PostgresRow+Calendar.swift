import ShiftyDomain
import ShiftyPostgres

extension PostgresRow {
    /// A `date` column as a `LocalDate` (PostgreSQL prints dates as "YYYY-MM-DD").
    package func localDate(_ column: String) throws -> LocalDate {
        let text: String = try decode(column)
        guard let date = LocalDate(text) else {
            throw PostgresError(kind: .decoding, message: "column \(column): '\(text)' is not a date")
        }
        return date
    }

    /// A `time` column as a `LocalTime` (PostgreSQL prints "HH:MM:SS").
    package func localTime(_ column: String) throws -> LocalTime {
        let text: String = try decode(column)
        guard let time = LocalTime(String(text.prefix(5))) else {
            throw PostgresError(kind: .decoding, message: "column \(column): '\(text)' is not a time")
        }
        return time
    }
}

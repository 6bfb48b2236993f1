import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

/// SQL for closed days (seed 003) and the shifts on them; parameterized, on the caller's connection
/// (and transaction).
enum ClosedDayStore {
    static func list(workplaceID: Int64, on connection: PostgresConnection) throws -> [ClosedDayView] {
        try connection.query(
            "SELECT day::text AS day, name FROM closed_days WHERE workplace_id = \(workplaceID) ORDER BY day").map { ClosedDayView(date: try $0.decode("day"), name: try $0.decode("name")) }
    }

    /// The closed day on `date`, locked for the rest of the transaction; `nil` when the day is open.
    static func lock(_ date: LocalDate, workplaceID: Int64, on connection: PostgresConnection) throws -> ClosedDay? {
        try connection.query(
            "SELECT name FROM closed_days WHERE workplace_id = \(workplaceID) AND day = \(date.description)::date FOR UPDATE").first.map { ClosedDay(date: date, name: try $0.decode("name")) }
    }

    /// Closes the day; a day already closed takes the new name.
    static func upsert(_ day: ClosedDay, workplaceID: Int64, on connection: PostgresConnection) throws {
        try connection.execute(
            """
            INSERT INTO closed_days (workplace_id, day, name) VALUES (\(workplaceID), \(day.date.description)::date, \(day.name))
            ON CONFLICT (workplace_id, day) DO UPDATE SET name = EXCLUDED.name
            """)
    }

    static func delete(_ date: LocalDate, workplaceID: Int64, on connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM closed_days WHERE workplace_id = \(workplaceID) AND day = \(date.description)::date")
    }

    /// A shift on a day as the API shows it and as the closing rule sees it.
    struct DayShift {
        var view: ShiftyAPI.MarketShift
        var facts: ShiftOnClosedDay
    }

    /// The shifts on `date` that are not cancelled, by start; `lock` locks them for the rest of the
    /// transaction (in id order, as every writer of shifts locks them).
    static func shifts(on date: LocalDate, workplaceID: Int64, lock: Bool, on connection: PostgresConnection) throws -> [DayShift] {
        let touched = try connection.query(
            """
            SELECT id, touched FROM shifts WHERE workplace_id = \(workplaceID) AND local_date = \(date.description)::date AND status <> 'cancelled'
            ORDER BY id\(sql: lock ? " FOR UPDATE" : "")
            """).reduce(into: [Int64: Bool]()) { touched, row in touched[try row.decode("id")] = try row.decode("touched") }
        return try connection.query(
            "\(sql: ShiftStore.select) WHERE s.id = ANY(\(Array(touched.keys))) AND s.workplace_id = \(workplaceID) ORDER BY s.starts_at, s.id").map { row in
            let view = try ShiftyAPI.MarketShift(row: row)
            guard let status = ShiftStatus(rawValue: view.status.rawValue) else {
                throw PostgresError(kind: .decoding, message: "shift \(view.id) has an unknown status \(view.status)")
            }
            return DayShift(view: view, facts: ShiftOnClosedDay(
                id: ShiftID(rawValue: view.id), start: view.startsAt, status: status, isGenerated: view.fixedShiftId != nil,
                isTouched: touched[view.id] ?? false))
        }
    }
}

import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Closed days (seed 003): no shifts are generated on them and existing untouched ones go.
extension ShiftService {
    func closedDays(_ caller: AuthenticatedUser) async throws -> [ClosedDayView] {
        try await pool.withConnection { connection in
            try connection.query(
                "SELECT day::text AS day, name FROM closed_days WHERE workplace_id = $1 ORDER BY day", [caller.workplaceID]
            ).map { ClosedDayView(date: try $0.decode("day"), name: try $0.decode("name")) }
        }
    }

    func addClosedDay(_ caller: AuthenticatedUser, _ body: CreateClosedDayRequest) async throws -> ClosedDayView {
        try caller.requireManager()
        guard let date = LocalDate(body.date) else { throw Problem.invalid("date", "must be a date (YYYY-MM-DD)") }
        let name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...200).contains(name.count) else { throw Problem.invalid("name", "must be 1 to 200 characters") }
        try await close([(date, name)], caller: caller)
        return ClosedDayView(date: date.description, name: name)
    }

    /// Imports `date,name` rows all or nothing: any invalid row answers 422 listing every problem.
    func importClosedDays(_ caller: AuthenticatedUser, csv: String) async throws -> [ClosedDayView] {
        try caller.requireManager()
        let parsed = ClosedDayCSV(csv)
        guard parsed.errors.isEmpty else {
            throw Problem(
                .unprocessableContent, code: "invalid_csv",
                detail: "\(parsed.errors.count) row(s) are invalid; nothing was imported.",
                errors: parsed.errors.map { Problem.FieldError(field: "line \($0.line)", detail: $0.detail) })
        }
        try await close(parsed.days, caller: caller)
        return parsed.days.map { ClosedDayView(date: $0.date.description, name: $0.name) }
    }

    func removeClosedDay(_ caller: AuthenticatedUser, date text: String) async throws {
        try caller.requireManager()
        guard let date = LocalDate(text) else { throw Problem.notFound("closed day") }
        let workplaceID = caller.workplaceID
        try await pool.transaction { connection in
            guard try connection.execute("DELETE FROM closed_days WHERE workplace_id = $1 AND day = $2::date", [workplaceID, date.description]) == 1 else {
                throw Problem.notFound("closed day")
            }
            // The day is open again: fill it in from the fixed shifts.
            try ScheduleGenerator.generate(asOf: Date(), workplaceID: workplaceID, on: connection)
            try Self.announceClosedDays([date], workplaceID: workplaceID, on: connection)
        }
    }

    private func close(_ days: [(date: LocalDate, name: String)], caller: AuthenticatedUser) async throws {
        let workplaceID = caller.workplaceID
        try await pool.transaction { connection in
            let now = Date()
            for day in days {
                try connection.execute(
                    """
                    INSERT INTO closed_days (workplace_id, day, name) VALUES ($1, $2::date, $3)
                    ON CONFLICT (workplace_id, day) DO UPDATE SET name = EXCLUDED.name
                    """,
                    [workplaceID, day.date.description, day.name])
                try ScheduleGenerator.removeUntouched(after: now, workplaceID: workplaceID, on: day.date, connection: connection)
            }
            try Self.announceClosedDays(days.map(\.date), workplaceID: workplaceID, on: connection)
        }
    }

    static func announceClosedDays(_ dates: [LocalDate], workplaceID: Int64, on connection: PostgresConnection) throws {
        struct Payload: Encodable { var dates: [String] }
        try EventWriter.insert(
            workplaceID: workplaceID, type: "closed_days.changed", audience: .workplace,
            payload: Payload(dates: dates.map(\.description)), on: connection)
    }
}

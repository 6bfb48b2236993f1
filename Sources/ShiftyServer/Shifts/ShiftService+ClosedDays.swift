import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore

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
        try SingleLineText.check(name, field: "name")
        try await close([(date, name)], caller: caller)
        return ClosedDayView(date: date.description, name: name)
    }

    /// Imports `date,name` rows all or nothing: any invalid row answers 422 listing every problem.
    func importClosedDays(_ caller: AuthenticatedUser, csv: String) async throws -> [ClosedDayView] {
        try caller.requireManager()
        let parsed = ClosedDayCSV(csv)
        guard parsed.errors.isEmpty else {
            throw Problem(
                .unprocessableContent, code: .invalidCSV,
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

    /// What closing `date` would do, without doing it: the shifts it removes (generated, untouched,
    /// still to come) and the ones on that day that stay (traded, reassigned or made by hand:
    /// a person decided those). The page shows it before the manager confirms.
    func closingPreview(_ caller: AuthenticatedUser, date: LocalDate) async throws -> ClosingPreviewView {
        try caller.requireManager()
        let workplaceID = caller.workplaceID
        return try await pool.withConnection { connection in
            let removed = try Self.shiftsRemoved(byClosing: date, after: Date(), workplaceID: workplaceID, on: connection)
            let removedIDs = Set(removed.map(\.id))
            let kept = try connection.query(
                "\(ShiftStore.select) WHERE s.workplace_id = $1 AND s.local_date = $2::date AND s.status <> 'cancelled' ORDER BY s.starts_at, s.id",
                [workplaceID, date.description]
            ).map(ShiftyAPI.MarketShift.init(row:)).filter { !removedIDs.contains($0.id) }
            return ClosingPreviewView(date: date.description, removed: removed, kept: kept)
        }
    }

    /// The shifts ``ScheduleGenerator/removeUntouched(after:workplaceID:fixedShiftID:on:connection:)``
    /// removes from one date (the same conditions).
    static func shiftsRemoved(byClosing date: LocalDate, after instant: Date, workplaceID: Int64, on connection: PostgresConnection) throws -> [ShiftyAPI.MarketShift] {
        try connection.query(
            """
            \(ShiftStore.select)
            WHERE s.workplace_id = $1 AND s.fixed_shift_id IS NOT NULL AND NOT s.touched AND s.status = 'scheduled'
              AND s.starts_at > $2 AND s.local_date = $3::date
            ORDER BY s.starts_at, s.id
            """,
            [workplaceID, instant, date.description]
        ).map(ShiftyAPI.MarketShift.init(row:))
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
                let removed = try Self.shiftsRemoved(byClosing: day.date, after: now, workplaceID: workplaceID, on: connection)
                try ScheduleGenerator.removeUntouched(after: now, workplaceID: workplaceID, on: day.date, connection: connection)
                // The people whose shifts went hear it, with the shifts they no longer work.
                if !removed.isEmpty {
                    try EventWriter.insert(
                        workplaceID: workplaceID, type: .server(.shiftsRemovedByClosedDay), userIDs: Array(Set(removed.map(\.ownerId))),
                        payload: ClosedDayRemovalPayload(
                            date: day.date.description, name: day.name, removedShifts: removed, actorId: caller.id),
                        on: connection)
                }
            }
            try Self.announceClosedDays(days.map(\.date), workplaceID: workplaceID, on: connection)
        }
    }

    static func announceClosedDays(_ dates: [LocalDate], workplaceID: Int64, on connection: PostgresConnection) throws {
        struct Payload: Encodable { var dates: [String] }
        try EventWriter.insert(
            workplaceID: workplaceID, type: .server(.closedDaysChanged),
            payload: Payload(dates: dates.map(\.description)), on: connection)
    }
}

/// The answer to `GET /closed-days/preview`.
struct ClosingPreviewView: Encodable, Sendable {
    var date: String
    /// Shifts closing the day removes; their owners are told.
    var removed: [ShiftyAPI.MarketShift]
    /// Shifts on that day that stay (traded, reassigned, hand-made or already started).
    var kept: [ShiftyAPI.MarketShift]
}

/// The `shift.closed_day` event's payload. The shifts are gone, so they are not under `shifts`
/// (which live clients read as the shifts' current state).
struct ClosedDayRemovalPayload: Encodable, Sendable {
    var date: String
    var name: String
    var removedShifts: [ShiftyAPI.MarketShift]
    var actorId: Int64
}

import Foundation
import Logging
import ShiftyDomain
import ShiftyPostgres

/// Something to see on the demo's "now" board whenever `make run` starts.
extension DemoSeeder {
    /// How soon a shift must start for the board to count as lively without an extra one.
    static let nowBoardHorizon: TimeInterval = 2 * 3600
    /// Length of the shift added for the board.
    static let nowBoardShiftMinutes = 240

    /// When no demo shift is in progress at `now` or starts within two hours, adds a four-hour
    /// one-off shift from the start of the current local hour for the first employee who is free
    /// today (no shift that day, nothing overlapping), so the board shows someone on shift with
    /// their progress. Returns the new shift's id, or `nil` when nothing was needed or possible.
    /// Running it again finds that shift in progress and adds nothing.
    @discardableResult
    public func seedNowBoard(logger: Logger, now: Date = Date()) async throws -> Int64? {
        let slug = Self.workplaceSlug
        let added = try await pool.transaction { connection -> Int64? in
            guard let workplace = try connection.query("SELECT id, time_zone FROM workplaces WHERE slug = \(slug)").first else {
                return nil
            }
            let workplaceID: Int64 = try workplace.decode("id")
            let zone = (try? WorkplaceTimeZone(identifier: try workplace.decode("time_zone"))) ?? .utc
            let lively = try connection.query(
                """
                SELECT 1 FROM shifts WHERE workplace_id = \(workplaceID) AND status <> 'cancelled'
                  AND ends_at > \(now)::timestamptz AND starts_at <= \(now.addingTimeInterval(Self.nowBoardHorizon))::timestamptz LIMIT 1
                """)
            guard lively.isEmpty else { return nil }

            let (today, time) = zone.localDateTime(of: now)
            let start = zone.instant(on: today, at: LocalTime(hour: time.hour, minute: 0) ?? .midnight)
            let end = start.addingTimeInterval(TimeInterval(Self.nowBoardShiftMinutes * 60))
            let free = try connection.query(
                """
                SELECT u.id FROM users u
                WHERE u.workplace_id = \(workplaceID) AND u.active AND u.role = 'employee'
                  AND NOT EXISTS (SELECT 1 FROM shifts s WHERE s.owner_id = u.id AND s.status <> 'cancelled'
                                  AND (s.local_date = \(today.description)::date OR (s.starts_at < \(end)::timestamptz AND s.ends_at > \(start)::timestamptz)))
                ORDER BY u.id LIMIT 1
                """)
            guard let owner: Int64 = try free.first?.decode("id") else { return nil }
            let id: Int64 = try connection.query(
                """
                INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, position, touched)
                VALUES (\(workplaceID), \(owner), \(today.description)::date, \(start)::timestamptz, \(end)::timestamptz, 'bar', true) RETURNING id
                """)[0].decode("id")
            try ShiftStore.recordHistory(
                workplaceID: workplaceID, subject: "shift", subjectID: id, actorID: nil, at: now, action: "create",
                from: nil, to: "scheduled", note: "demo: someone on shift for the now board", on: connection)
            return id
        }
        if let added { logger.info("demo shift added for the now board", metadata: ["shift_id": "\(added)"]) }
        return added
    }
}

import Foundation
import ShiftyDomain
import ShiftyPostgres

extension TimeOffService {
    /// Releases generated shifts that fall in approved time off, like the approval did for the
    /// shifts that existed then: schedule generation keeps adding weeks (and a new fixed shift adds
    /// occurrences), and a member on approved leave must not silently end up holding them.
    ///
    /// Only shifts generation still owns (`fixed_shift_id` set, never touched) are released: a
    /// shift a manager assigned on purpose during the time off (an override) stays where it is.
    /// The approving manager is the actor; a refusal (that manager was deactivated since, the
    /// shift is locked in a deal) leaves the shift alone. Returns how many were released.
    @discardableResult
    package static func releaseGeneratedShifts(workplaceID: Int64?, now: Date, on connection: PostgresConnection) throws -> Int {
        let rows = try connection.query(
            """
            SELECT s.id AS shift_id, t.workplace_id, t.id AS time_off_id, t.decided_by
            FROM time_off_requests t
            JOIN shifts s ON s.owner_id = t.user_id AND s.starts_at < t.ends_at AND s.ends_at > t.starts_at
            WHERE t.status = 'approved' AND t.ends_at > \(now) AND t.decided_by IS NOT NULL
              AND (\(workplaceID)::bigint IS NULL OR t.workplace_id = \(workplaceID))
              AND s.status IN ('scheduled', 'supplied') AND NOT s.unassigned AND NOT s.touched
              AND s.fixed_shift_id IS NOT NULL AND s.starts_at > \(now)
            ORDER BY s.starts_at, s.id
            LIMIT 1000
            """)
        var released = 0
        for row in rows {
            let manager = MarketplaceCaller(
                userID: try row.decode("decided_by"), workplaceID: try row.decode("workplace_id"), isManager: true)
            let timeOffID: Int64 = try row.decode("time_off_id")
            do {
                _ = try MarketplaceExecutor.run(
                    .unassign(ShiftID(rawValue: try row.decode("shift_id")), note: "time off \(timeOffID) approved"),
                    caller: manager, now: now, on: connection)
                released += 1
            } catch is MarketplaceRefusal {
                continue
            }
        }
        return released
    }
}
